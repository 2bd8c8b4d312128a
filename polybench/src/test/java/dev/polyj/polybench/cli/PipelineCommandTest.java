package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.optimize.OptimizerPipeline;
import dev.polyj.polyhedral.pass.Pass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code optimize}'s pipeline options: listing, selection, print-after, statistics and bad names. */
class PipelineCommandTest {
  @TempDir Path dir;

  private Path matmul() throws IOException {
    Path p = dir.resolve("mm.c");
    Files.writeString(p, """
        #define N 64
        double A[N][N], B[N][N], C[N][N];
        void mm(void) {
        #pragma scop
          for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
              for (int k = 0; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];
        #pragma endscop
        }
        """);
    return p;
  }

  @Test
  void listPassesShowsEveryPassWithLevelDefaultAndOptions() {
    MainTest.Run r = MainTest.run("", "optimize", "--list-passes");
    assertEquals(0, r.code(), r.err());
    for (Pass<?> p : OptimizerPipeline.passes()) {
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith(p.name() + " ") && l.contains(p.level().label())
          && l.contains(p.description())), p.name() + " missing from\n" + r.out());
      for (String key : p.options().keySet()) assertTrue(r.out().contains(p.name() + "." + key), key);
    }
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("sdr ") && l.contains(" off ")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("reductions ") && l.contains(" on ")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("tiling ") && l.contains(" on ")), r.out());
  }

  @Test
  void unknownPassNamesExitWith2AndListTheValidNames() throws IOException {
    Path f = matmul();
    for (String[] args : new String[][] {{"--disable-pass", "tilling"}, {"--enable-pass", "tilling"},
        {"--passes=scheduling,tilling"}, {"--print-after", "tilling"}, {"--pass-option", "tilling.sizes=4"}}) {
      String[] all = new String[args.length + 2];
      all[0] = "optimize";
      System.arraycopy(args, 0, all, 1, args.length);
      all[all.length - 1] = f.toString();
      MainTest.Run r = MainTest.run("", all);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
      assertTrue(r.err().contains("unknown pass 'tilling'") && r.err().contains("tiling"), r.err());
      assertEquals("", r.out());
    }
  }

  @Test
  void badOptionsAndRequiredPassesExitWith2() throws IOException {
    Path f = matmul();
    MainTest.Run r = MainTest.run("", "optimize", "--pass-option", "tiling.size=4", f.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("no option 'size'"), r.err());
    r = MainTest.run("", "optimize", "--pass-option", "unroll-and-jam.factor=x", f.toString());
    assertEquals(2, r.code());
    r = MainTest.run("", "optimize", "--disable-pass", "ast-build", f.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("required"), r.err());
  }

  @Test
  void statsAndPrintAfterGoToStandardError() throws IOException {
    Path f = matmul();
    MainTest.Run plain = MainTest.run("", "optimize", f.toString());
    MainTest.Run r = MainTest.run("", "optimize", "--stats", "--print-after", "scalar-expansion,tiling,unroll-and-jam",
        f.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(plain.out(), r.out());
    assertTrue(r.err().contains("*** after tiling (schedule) ***"), r.err());
    assertTrue(r.err().contains("domain:"), "the schedule tree in YAML: " + r.err());
    assertTrue(r.err().contains("*** after scalar-expansion (scop) ***") && r.err().contains("statements:"), r.err());
    assertTrue(r.err().contains("*** after unroll-and-jam (ast) ***") && r.err().contains("for ("), r.err());
    assertTrue(r.err().lines().anyMatch(l -> l.startsWith("tiling ") && l.contains("band(s), sizes")), r.err());
    assertTrue(r.err().lines().anyMatch(l -> l.startsWith("scheduling ")), r.err());
  }

  @Test
  void passSelectionChangesTheCode() throws IOException {
    Path f = matmul();
    MainTest.Run all = MainTest.run("", "optimize", f.toString());
    MainTest.Run untiled = MainTest.run("", "optimize", "--disable-pass", "tiling", f.toString());
    MainTest.Run classic = MainTest.run("", "optimize", "--tile", "none", f.toString());
    MainTest.Run only = MainTest.run("", "optimize", "--passes=scheduling", f.toString());
    assertEquals(0, untiled.code(), untiled.err());
    assertNotEquals(all.out(), untiled.out());
    assertEquals(classic.out(), MainTest.run("", "optimize", "--tile", "none", "--disable-pass", "time-loop",
        f.toString()).out());
    assertEquals(0, only.code(), only.err());
    assertFalse(only.out().contains("omp parallel"), only.out());
    MainTest.Run sized = MainTest.run("", "optimize", "--pass-option", "tiling.sizes=8", "--disable-pass",
        "product-tile-sizes", f.toString());
    MainTest.Run classicSized = MainTest.run("", "optimize", "--tile", "8", f.toString());
    assertEquals(0, sized.code(), sized.err());
    assertNotEquals(all.out(), sized.out());
    assertTrue(classicSized.out().contains("8"), classicSized.out());
  }
}
