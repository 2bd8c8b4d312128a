package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code polyj multifor}: translation, output file, bad input with its position and exit code 2. */
class MultiforCommandTest {
  @TempDir Path dir;

  private Path file(String text) throws IOException {
    Path p = dir.resolve("m.c");
    Files.writeString(p, text);
    return p;
  }

  @Test
  void translatesAndKeepsTheRestOfTheFile() throws IOException {
    Path p = file("#include <stdio.h>\n/* multifor in a comment */\nvoid f(int k) {\n"
        + "  multifor (a = 0, b = 0; a < k, b < k; a++, b++; 1, 1; 0, 1) {\n    0 : g(a);\n    1 : h(b);\n  }\n}\n");
    MainTest.Run r = MainTest.run("", "multifor", p.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("#include <stdio.h>\n/* multifor in a comment */\nvoid f(int k) {\n  { /* multifor */\n"), r.out());
    assertTrue(r.out().contains("{ g(a); }") && r.out().contains("{ h(b); }"), r.out());
    assertTrue(!r.out().contains("multifor ("), r.out());
    Path out = dir.resolve("out.c");
    MainTest.Run w = MainTest.run("", "multifor", "--openmp", "-o", out.toString(), p.toString());
    assertEquals(0, w.code(), w.err());
    assertEquals("", w.out());
    assertTrue(Files.readString(out).contains("#pragma omp sections"));
  }

  @Test
  void modelFeedsTheCodeGeneratorAndPolyhedralModeUsesIt() throws IOException {
    Path p = file("void f(void) {\n  multifor (a = 0, b = 10; a < 10, b < 15; a++, b++; 1, 4; 0, 0) {\n    0 : g(a);\n    1 : h(b);\n  }\n}\n");
    MainTest.Run m = MainTest.run("", "multifor", "--model", p.toString());
    assertEquals(0, m.code(), m.err());
    assertTrue(m.out().contains("S0_0[t0] -> [t0, 0, 0]") || m.out().contains("S0_0[t0] -> [0 + 1*t0, 0, 0]"), m.out());
    MainTest.Run loops = MainTest.run(m.out(), "codegen");
    assertEquals(0, loops.code(), loops.err());
    assertTrue(loops.out().contains("for (int c0 = 12; c0 <= 16; c0 += 4)"), loops.out());
    MainTest.Run poly = MainTest.run("", "multifor", "--polyhedral", p.toString());
    assertEquals(0, poly.code(), poly.err());
    assertTrue(poly.out().contains("for (int c0 = 12; c0 <= 16; c0 += 4)") && poly.out().contains("h((10 + (c0 / 4)));"), poly.out());
  }

  @Test
  void badInputNamesItsPositionAndExitsWith2() throws IOException {
    String[][] cases = {
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 0, 1; 0, 0) { 0 : g(i); }\n}\n", ":2:51: error: the grain of 'i' must be at least 1"},
      {"void f(int g) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, i) { 0 : g(i); }\n}\n", ":2:60: error: the offset of 'j' read 'i', an index of the same level"},
      {"void f(void) {\n  #pragma polyj multifor parallel(1)\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0) { 0 : g(i); }\n}\n", ":2:35: error: parallel(...) needs 'threads'"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j--; 1, 1; 0, 0) { 0 : g(i); }\n}\n", ":2:20: error: the step of 'j' must go toward its bound"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0) {\n    2 : g(i);\n  }\n}\n", ":3:5: error: expected a nest number between 0 and 1"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0) {\n    0 : g(j);\n  }\n}\n", ":3:11: error: statement of nest 0 reads 'j', an index of nest 1"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0) {\n    0 : break;\n  }\n}\n", ":3:9: error: 'break' is not allowed"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0)\n  multifor (k = i; k < 4; k++; 1; 0) { 0 : g(k); }\n}\n", ":3:3: error: a nested multifor must have as many loops as the enclosing one (2), not 1"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0)\n  multifor (k = j, l = 0; k < 4, l < 4; k++, l++; 1, 1; 0, 0) { 0 : g(k); }\n}\n", ":3:13: error: the bounds of 'k' read 'j', an index of another nest"},
      {"void f(void) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, 1; 0, 0) {\n    0 : g(i);\n", ":4:1: error: unterminated multifor body"},
    };
    for (String[] c : cases) {
      Path p = file(c[0]);
      MainTest.Run r = MainTest.run("", "multifor", p.toString());
      assertEquals(2, r.code(), c[0]);
      assertTrue(r.err().startsWith(p + c[1]), r.err() + " for\n" + c[0]);
      assertEquals("", r.out());
    }
    MainTest.Run missing = MainTest.run("", "multifor", dir.resolve("none.c").toString());
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("no such file"), missing.err());
  }

  @Test
  void parametricGrainsTranslateAndHaveNoPolyhedralModel() throws IOException {
    Path p = file("void f(int g, int d) {\n  multifor (i = 0, j = 0; i < 4, j < 4; i++, j++; 1, g; 0, d) { 0 : h(i); }\n}\n");
    MainTest.Run r = MainTest.run("", "multifor", p.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(long long) (g)") && r.out().contains("__builtin_trap()"), r.out());
    for (String mode : new String[] {"--polyhedral", "--model"}) {
      MainTest.Run bad = MainTest.run("", "multifor", mode, p.toString());
      assertEquals(2, bad.code(), mode);
      assertTrue(bad.err().startsWith(p + ":2:54: error: the grain 'g' of 'j' is not a constant"), bad.err());
    }
    MainTest.Run opt = MainTest.run("", "optimize", p.toString());
    assertEquals(2, opt.code(), opt.err());
    assertTrue(opt.err().contains(":2:54: error: the grain 'g'"), opt.err());
  }
}
