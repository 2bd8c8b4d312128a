package dev.polyj.presburger.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.qpoly.Rational;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's Java examples cannot rot: each ```java block of README.md is the verbatim text of
 * an example in this package (DependenceExample's marked lines, SubtractionProperties from its
 * imports on), and the examples are run here against brute-force enumeration (the property test
 * runs as an ordinary jqwik test). Also keeps the README short and its links to docs/ valid.
 */
class ReadmeExamplesTest {
  private static final Path ROOT = Path.of("..");
  private static final Path EXAMPLES = Path.of("src/test/java/dev/polyj/presburger/examples");

  private static String read(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }

  /** The contents of the README's fenced blocks of the given language, without the fences. */
  static List<String> fencedBlocks(String markdown, String language) {
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^```" + language + "\\n(.*?)^```$", Pattern.DOTALL).matcher(markdown);
    while (m.find()) blocks.add(m.group(1));
    return blocks;
  }

  /** The lines strictly between "// README begin" and "// README end", with their indent removed. */
  static String markedRegion(String source) {
    List<String> lines = source.lines().toList();
    int begin = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("// README begin")) begin = i;
      if (lines.get(i).strip().equals("// README end")) end = i;
    }
    assertTrue(begin >= 0 && end > begin, "README markers missing");
    int indent = lines.get(begin).indexOf('/');
    StringBuilder sb = new StringBuilder();
    for (String l : lines.subList(begin + 1, end)) sb.append(l.length() >= indent ? l.substring(indent) : l.strip()).append('\n');
    return sb.toString();
  }

  /** A whole source file from its first import on. */
  static String fromImports(String source) {
    return source.substring(source.indexOf("import "));
  }

  @Test
  void everyJavaBlockOfTheReadmeIsATestedExample() throws IOException {
    List<String> blocks = fencedBlocks(read(ROOT.resolve("README.md")), "java");
    List<String> examples = List.of(
        markedRegion(read(EXAMPLES.resolve("DependenceExample.java"))),
        fromImports(read(EXAMPLES.resolve("SubtractionProperties.java"))));
    for (String block : blocks) {
      assertTrue(examples.contains(block), "README java block is not a tested example verbatim:\n" + block);
    }
    for (String example : examples) {
      assertTrue(blocks.contains(example), "example missing from README.md:\n" + example);
    }
  }

  @Test
  void readmeIsShortAndItsDocsLinksResolve() throws IOException {
    String readme = read(ROOT.resolve("README.md"));
    assertTrue(readme.lines().count() <= 300, "README.md has " + readme.lines().count() + " lines, at most 300");
    // Links listed before "More" point to pages of this tree (the later ones come with other work).
    String own = readme.contains("\nMore ") ? readme.substring(0, readme.indexOf("\nMore ")) : readme;
    Matcher m = Pattern.compile("\\]\\((docs/[^)#]+)").matcher(own);
    int links = 0;
    while (m.find()) {
      links++;
      assertTrue(Files.isRegularFile(ROOT.resolve(m.group(1))), "README links to missing " + m.group(1));
    }
    assertTrue(links >= 7, "README should link to the module pages under docs/");
  }

  @Test
  void dependenceExampleMatchesEnumeration() {
    DependenceExample.Result r = DependenceExample.analyse();
    assertEquals(Rational.of(6), r.readersOf34());
    for (int n = 0; n <= 5; n++) {
      for (int i = -1; i <= n; i++) {
        for (int j = -1; j <= n; j++) {
          long[] lastWriter = null;
          int readers = 0;
          for (int i2 = -1; i2 <= n; i2++) {
            for (int j2 = -1; j2 <= n; j2++) {
              boolean inside = 0 <= i && i < n && 0 <= j && j < n && 0 <= i2 && i2 < n && 0 <= j2 && j2 < n;
              boolean before = i < i2 || (i == i2 && j < j2);
              boolean expected = inside && before && i + j == i2 + j2 - 1;
              assertEquals(expected, r.flow().contains(new long[] {n, i, j, i2, j2}),
                  "flow at N=" + n + " " + i + "," + j + " -> " + i2 + "," + j2);
              if (expected) readers++;
              // last writer of reader (i, j): the lexicographically largest writer (i2, j2)
              boolean writerOfIJ = inside && (i2 < i || (i2 == i && j2 < j)) && i2 + j2 == i + j - 1;
              if (writerOfIJ) lastWriter = new long[] {i2, j2};
            }
          }
          assertEquals(Rational.of(readers), r.readers().evaluate(new long[] {n, i, j}), "readers of " + i + "," + j);
          Optional<long[]> got = r.lastWriter().evaluate(new long[] {n, i, j});
          if (lastWriter == null) {
            assertFalse(got.isPresent(), "no writer before " + i + "," + j);
          } else {
            assertArrayEquals(lastWriter, got.orElseThrow(), "last writer of " + i + "," + j + " at N=" + n);
          }
        }
      }
    }
  }
}
