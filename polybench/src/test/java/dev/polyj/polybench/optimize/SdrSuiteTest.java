package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.sdr.Sdr;
import dev.polyj.reductions.sdr.SdrResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SDR benchmark suite ({@code bench/sdr}), the paper's benchmark programs in the benchmark
 * harness (sizes as macros, loop bounds as the kernel's parameters; {@link SdrComplexityTableTest}
 * and {@link SdrOracleTest} read the same files): what the optimizer's {@code sdr} pass simplifies
 * there, how many points the loops of the simplified programs visit, and that the optimizer with
 * the pass computes what the originals compute.
 */
class SdrSuiteTest {
  private static final Path ROOT = Path.of("..", "bench", "sdr").toAbsolutePath().normalize();

  /**
   * What the optimizer's {@code sdr} pass simplifies in the suite: the kernels' arrays have
   * constant extents, LBP's sums run over at most D = 16 neighbours and the MH and LW normalizers
   * over K = 10 clusters, so simplifying those would lower no complexity under the arrays' bounds
   * and the pass leaves them ({@link Sdr#simplifyWhereProfitable}); the other reductions are
   * simplified as by the paper's algorithm ({@link SdrComplexityTableTest}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"gmm_gibbs", "gmm_mh", "gmm_lw", "lbp_stereo", "coxph_newton",
      "prefix_sum_dependent", "lda_lw", "dmm_mh", "dmm_lw"})
  void thePassLeavesTheReductionsOverFewValues(String kernel) throws Exception {
    Path file = ROOT.resolve(kernel).resolve(kernel + ".c");
    assertTrue(Files.isRegularFile(file), file::toString);
    List<RegionResult> regions = CFrontEnd.extract(file, SdrOracleTest.includes(file));
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    SdrResult pass = Sdr.simplifyWhereProfitable(regions.get(0).scop());
    SdrResult paper = SdrOracleTest.simplify(file);
    assertEquals(paper.before().toString(), pass.before().toString(), pass.report());
    String expected = switch (kernel) {
      case "lbp_stereo" -> pass.before().toString();
      case "gmm_mh", "gmm_lw" -> "O(n nk)";
      default -> paper.after().toString();
    };
    assertEquals(expected, pass.after().toString(), pass.report());
    if (!expected.equals(paper.after().toString())) {
      assertTrue(pass.report().contains(kernel.equals("lbp_stereo") ? "accumulates at most 16 values"
          : "accumulates at most 10 values"), pass.report());
    }
  }

  /**
   * The loops printed for the simplified program in the order SDR derived (the optimizer's
   * program-order version) visit as many points as the simplified complexity says: every
   * kernel's is linear in {@code n} (LBP-Stereo's sums are not simplified in the suite), so doubling {@code n} at most doubles the loop iterations
   * (plus slack for lower-order terms), where the original's quadratic scans quadruple them. For
   * the DMM kernels the quadratic dimension is the documents' {@code nd}.
   */
  @ParameterizedTest
  @ValueSource(strings = {"gmm_gibbs", "gmm_mh", "gmm_lw", "coxph_newton", "prefix_sum_dependent",
      "lda_lw", "dmm_mh", "dmm_lw"})
  void derivedOrderLoopsVisitTheSimplifiedNumberOfPoints(String kernel) throws Exception {
    Path file = ROOT.resolve(kernel).resolve(kernel + ".c");
    List<RegionResult> regions = CFrontEnd.extract(file, SdrOracleTest.includes(file));
    SdrResult r = Sdr.simplifyWhereProfitable(regions.get(0).scop());
    assertTrue(r.changed(), r::report);
    Scop p = r.program();
    var ast = dev.polyj.codegen.c.ScopCodegen.ast(p, p.schedule(), dev.polyj.codegen.ast.BuildOptions.defaults());
    String key = kernel.startsWith("dmm") ? "nd" : "n";
    long small = dev.polyj.codegen.ast.AstInterpreter.steps(ast, sizes(p, key, 40), 50_000_000);
    long large = dev.polyj.codegen.ast.AstInterpreter.steps(ast, sizes(p, key, 80), 50_000_000);
    assertTrue(large <= 2.3 * small, kernel + ": " + small + " loop iterations at " + key + " = 40, " + large + " at 80");
    // the run-time work estimate that chooses between threads and one thread is linear in n too
    // (a diagonal face j = i + 1 is not an n x n square)
    String work = dev.polyj.codegen.transform.ParallelWork.estimate(p);
    for (String term : work.split(" \\+ ")) {
      assertTrue(term.split("\\(double\\)" + key + "\\b", -1).length <= 2, kernel + ": work estimate " + work);
    }
  }

  private static Map<String, Long> sizes(Scop p, String key, long n) {
    Map<String, Long> m = new HashMap<>();
    for (String q : p.params()) m.put(q, q.equals(key) ? n : 3L);
    return m;
  }

  /** The suite optimized with SDR on, built and run at MINI, equal to the originals. */
  @Test
  void simplifiedProgramsComputeWhatTheOriginalsCompute(@TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    List<String> args = new ArrayList<>(List.of("--suite", ROOT.toString(), "--dataset", "MINI",
        "--enable-pass", "sdr", "--no-reassociate"));
    OptimizerEndToEndTest.Outcome o =
        OptimizerEndToEndTest.bench(PolyhedralOptimizer.Config.defaults(), dir, args);
    assertEquals(0, o.exit(), o.out() + "\n" + o.err());
    assertTrue(o.out().contains("12 kernels: 12 ok"), o::out);
  }
}
