package dev.polyj.polyhedral.yaml;

import java.util.List;
import java.util.Map;

/**
 * A node of a YAML document as {@link IslYaml} reads it. Each node knows the character offset where
 * it starts in the document, for error messages with a line and column.
 */
public sealed interface YamlNode {
  /** 0-based offset of the node's first character in the document. */
  int offset();

  /**
   * A scalar. {@code text} is the value: the unescaped contents of a quoted scalar, or the source
   * text itself of a plain scalar or of a flow collection ({@code {...}} or {@code [...]}, kept
   * verbatim because isl reads such a value as one isl object). {@code textOffset} is where the
   * unescaped text starts in the document; {@code verbatim} tells whether {@code text} is a
   * substring of the document (so positions inside it map back to the document exactly).
   */
  record Scalar(String text, int offset, int textOffset, boolean verbatim, boolean quoted) implements YamlNode {
    /** A flow collection kept as text: {@code {...}} or {@code [...]}, unquoted. */
    public boolean isFlow() {
      return !quoted && (text.startsWith("{") || text.startsWith("["));
    }
  }

  /** A mapping, keys in document order, with the offset of each key. */
  record Mapping(Map<String, YamlNode> entries, Map<String, Integer> keyOffsets, int offset) implements YamlNode {}

  /** A sequence. */
  record Sequence(List<YamlNode> items, int offset) implements YamlNode {}
}
