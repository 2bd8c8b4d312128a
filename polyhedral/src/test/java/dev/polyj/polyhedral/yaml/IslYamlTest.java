package dev.polyj.polyhedral.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The YAML subset isl reads: block and flow style, quoted and unquoted values, positions. */
class IslYamlTest {
  @Test
  void blockMappingsSequencesAndFlowTextKeptVerbatim() {
    IslYaml doc = IslYaml.of(String.join("\n",
        "# a comment",
        "domain: { S[i] : 0 <= i < n }   # trailing comment",
        "child:",
        "  sequence:",
        "  - filter: \"{ S[i] : i < 5 }\"",
        "    child:",
        "      mark: 'it''s'",
        "  - filter: { S[i] :",
        "       i >= 5 }",
        "flags: [ 1, 0 ]",
        "empty:",
        ""));
    YamlNode.Mapping root = doc.mapping(doc.root(), "root");
    assertEquals(List.of("domain", "child", "flags", "empty"), List.copyOf(root.entries().keySet()));
    assertEquals("{ S[i] : 0 <= i < n }", doc.text(root.entries().get("domain"), "domain"));
    YamlNode.Mapping child = doc.mapping(root.entries().get("child"), "child");
    List<YamlNode> items = doc.sequence(child.entries().get("sequence"), "sequence").items();
    assertEquals(2, items.size());
    YamlNode.Mapping first = doc.mapping(items.get(0), "item");
    assertEquals("{ S[i] : i < 5 }", doc.text(first.entries().get("filter"), "filter"));
    assertEquals("it's", doc.text(doc.mapping(first.entries().get("child"), "c").entries().get("mark"), "mark"));
    assertEquals("{ S[i] :\n       i >= 5 }", doc.text(doc.mapping(items.get(1), "i").entries().get("filter"), "f"));
    List<YamlNode> flags = doc.sequence(root.entries().get("flags"), "flags").items();
    assertEquals("0", doc.text(flags.get(1), "flag"));
    assertEquals("", doc.text(root.entries().get("empty"), "empty"));
    assertEquals("5:5", doc.position(first.offset()));
  }

  @Test
  void flowMappingsAreReadOnDemandWithIslObjectsInside() {
    IslYaml doc = IslYaml.of("{ domain: { S[i] }, child: { schedule: \"[{ S[i] -> [(i)] }]\", coincident: [ 1 ] } }\n");
    YamlNode.Mapping root = doc.mapping(doc.root(), "root");
    assertEquals("{ S[i] }", doc.text(root.entries().get("domain"), "domain"));
    YamlNode.Mapping band = doc.mapping(root.entries().get("child"), "child");
    assertEquals("[{ S[i] -> [(i)] }]", doc.text(band.entries().get("schedule"), "schedule"));
    assertEquals("1", doc.text(doc.sequence(band.entries().get("coincident"), "c").items().get(0), "c"));
  }

  @Test
  void errorsGiveLineAndColumn() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IslYaml.of("a: 1\n    b: 2\n").root());
    assertEquals("2:5: unexpected indentation", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IslYaml.of("a: { S[i]\n").root());
    assertTrue(e.getMessage().startsWith("1:4: unbalanced"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IslYaml.of("a: \"x\n").root());
    assertTrue(e.getMessage().startsWith("1:4: unterminated"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IslYaml.of("a: 1\na: 2\n").root());
    assertEquals("2:1: duplicate key 'a'", e.getMessage());
  }
}
