package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.pass.Scheduled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.Reduction;
import dev.polyj.reductions.ReductionDetection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reductions of the PolyBench kernels: which statements are reduction-like (read off the kernels'
 * sources: an element updated by +, *, min or max of itself and other values only), and which
 * schedule the optimizer picks for them when reassociation is allowed.
 */
class ReductionKernelsTest {
  private static String reductions(Scop scop) {
    List<String> out = new ArrayList<>();
    for (Reduction r : ReductionDetection.detect(scop)) {
      out.add(ExprPrinter.print(scop.statement(r.statement()).body()) + " [" + r.operator() + "]");
    }
    return String.join("; ", out);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "atax|tmp[i] = tmp[i] + A[i][j] * x[j] [SUM]; y[j] = y[j] + A[i][j] * tmp[i] [SUM]",
      "bicg|s[j] = s[j] + r[i] * A[i][j] [SUM]; q[i] = q[i] + A[i][j] * p[j] [SUM]",
      "mvt|x1[i] = x1[i] + A[i][j] * y_1[j] [SUM]; x2[i] = x2[i] + A[j][i] * y_2[j] [SUM]",
      "gemver|A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j] [SUM]; x[i] = x[i] + beta * A[j][i] * y[j] [SUM]; "
          + "x[i] = x[i] + z[i] [SUM]; w[i] = w[i] + alpha * A[i][j] * x[j] [SUM]",
      // y[i] = alpha * tmp[i] + beta * y[i] scales the loaded value: not a reduction
      "gesummv|tmp[i] = A[i][j] * x[j] + tmp[i] [SUM]; y[i] = B[i][j] * x[j] + y[i] [SUM]",
      "gemm|C[i][j] *= beta [PRODUCT]; C[i][j] += alpha * A[i][k] * B[k][j] [SUM]",
      "durbin|beta = (1 - alpha * alpha) * beta [PRODUCT]; sum += r[k - i - 1] * y[i] [SUM]",
      // sums that subtract, reading other elements of the array they reduce
      "trisolv|x[i] -= L[i][j] * x[j] [SUM]",
      "cholesky|A[i][j] -= A[i][k] * A[j][k] [SUM]; A[i][i] -= A[i][k] * A[i][k] [SUM]",
      "lu|A[i][j] -= A[i][k] * A[k][j] [SUM]; A[i][j] -= A[i][k] * A[k][j] [SUM]",
      "ludcmp|w -= A[i][k] * A[k][j] [SUM]; w -= A[i][k] * A[k][j] [SUM]; w -= A[i][j] * y[j] [SUM]; "
          + "w -= A[i][j] * x[j] [SUM]",
      // maxima by selection (max_score), two of them reading neighbours of the element as terms
      "nussinov|table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1] [MAX]; "
          + "table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j] [MAX]; "
          + "table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0) ? table[i][j] "
          + ": table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0) [MAX]; "
          + "table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1] [MAX]; "
          + "table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j] [MAX]",
      // path[i][k] is the updated element where j = k: not a reduction
      "floyd-warshall|",
      "jacobi-2d|", "seidel-2d|"})
  void reductionLikeStatements(String kernel, String expected, @TempDir Path dir) throws Exception {
    assertEquals(expected == null ? "" : expected, reductions(SequentialTimeTest.scop(kernel, dir)));
  }

  @Test
  void countOverTheSuite(@TempDir Path dir) throws Exception {
    // 58 reduction-like statements in 23 of the 30 kernels (42 in 18 without the sums that subtract) (Doerfert et al. count 52 arithmetic
    // reductions in 30 kernels of PolyBench 3.2, at the granularity of LLVM basic blocks)
    int statements = 0;
    int kernels = 0;
    for (Kernel k : EmbeddedSuite.load().kernels()) {
      int n = ReductionDetection.detect(SequentialTimeTest.scop(k.name(), dir.resolve(k.name()))).size();
      statements += n;
      if (n > 0) kernels++;
    }
    assertEquals(58, statements);
    assertEquals(23, kernels);
  }

  private static Scheduled reassociated(String kernel, Path dir) throws Exception {
    return PolyhedralOptimizer.schedule(SequentialTimeTest.scop(kernel, dir),
        PolyhedralOptimizer.Config.defaults().withReassociate(true));
  }

  @Test
  void ataxAndBicgRunTheirOuterLoopInParallelWithTheVectorReduced(@TempDir Path dir) throws Exception {
    Scheduled atax = reassociated("atax", dir.resolve("atax"));
    assertNotNull(atax.reductions());
    // y[N] and s[M], with the sizes of the MINI dataset
    assertEquals(List.of("reduction(+: y[0:42])"), atax.reductions().clauses(java.util.Set.of("S1", "S2", "S3")));
    Scheduled bicg = reassociated("bicg", dir.resolve("bicg"));
    assertNotNull(bicg.reductions());
    assertEquals(List.of("reduction(+: s[0:38])"), bicg.reductions().clauses(java.util.Set.of("S1", "S2", "S3")));
  }

  @ParameterizedTest
  @CsvSource({"gemm", "syrk"})
  void otherKernelsKeepTheirCode(String kernel, @TempDir Path dir) throws Exception {
    // their reductions are innermost already, or in tiles too short to vectorize them with profit
    Scop scop = SequentialTimeTest.scop(kernel, dir);
    PolyhedralOptimizer.Config exact = PolyhedralOptimizer.Config.defaults();
    assertEquals(PolyhedralOptimizer.regionCode(scop, 1, exact),
        PolyhedralOptimizer.regionCode(scop, 1, exact.withReassociate(true)));
  }

  /**
   * mvt's two nests read A by rows and by columns: fused along that read ({@code ReadFusion}), the
   * second product's instance (i, j) runs beside the first's (j, i), A is read once, and the loop
   * over rows runs in parallel with x2 privatized, as bicg's; without the option, the code of the
   * exact schedule. gemver's first two nests fuse the same way.
   */
  @Test
  void mvtReadsItsMatrixOnceWhenItsNestsAreFusedAlongTheRead(@TempDir Path dir) throws Exception {
    Scop scop = SequentialTimeTest.scop("mvt", dir);
    PolyhedralOptimizer.Config relaxed = PolyhedralOptimizer.Config.defaults().withReassociate(true);
    Scheduled mvt = PolyhedralOptimizer.schedule(scop, relaxed);
    assertNotNull(mvt.reductions());
    assertEquals(List.of("reduction(+: x2[0:40])"), mvt.reductions().clauses(java.util.Set.of("S0", "S1", "S2")));
    String code = PolyhedralOptimizer.regionCode(scop, 1, relaxed);
    assertTrue(code.contains("A[c0][c1] * y_1[c1]") && code.contains("x2[c1] = x2[c1] + A[c0][c1] * y_2[c0]"), code);
    assertTrue(code.contains("#pragma omp simd reduction(+: polyj_acc0)"), code);
    String unfused = new PolyhedralOptimizer(relaxed.pipeline().withOption("reductions", "read-fusion", "false"))
        .regionCode(scop, 1);
    assertEquals(PolyhedralOptimizer.regionCode(scop, 1, PolyhedralOptimizer.Config.defaults()), unfused);
    // gemver's update of A and its product with the transpose: fused the same way, x privatized
    Scheduled gemver = PolyhedralOptimizer.schedule(SequentialTimeTest.scop("gemver", dir.resolve("gemver")), relaxed);
    assertNotNull(gemver.reductions());
    assertEquals(List.of("reduction(+: x[0:40])"), gemver.reductions().clauses(java.util.Set.of("S0", "S1")));
  }

  /**
   * Where the work is too small for threads the program's own loops run; with reassociation their
   * innermost sums are vectorized too: trisolv's row update (a sum that subtracts, reading other
   * elements of x), gesummv's two dot products and durbin's sum.
   */
  @Test
  void theProgramsOwnLoopsVectorizeTheirSums(@TempDir Path dir) throws Exception {
    PolyhedralOptimizer.Config relaxed = PolyhedralOptimizer.Config.defaults().withReassociate(true);
    String trisolv = PolyhedralOptimizer.regionCode(SequentialTimeTest.scop("trisolv", dir.resolve("t")), 1, relaxed);
    String own = trisolv.substring(trisolv.indexOf("else"));
    assertTrue(own.contains("#pragma omp simd reduction(+: polyj_acc0)\n") && own.contains("polyj_acc0 -= L[c0][c1] * x[c1];"),
        trisolv);
    String gesummv = PolyhedralOptimizer.regionCode(SequentialTimeTest.scop("gesummv", dir.resolve("g")), 1, relaxed);
    assertTrue(gesummv.substring(gesummv.indexOf("else")).contains("#pragma omp simd reduction(+: polyj_acc0, polyj_acc1)"),
        gesummv);
    // durbin's sum is an expanded scalar (sum_x[k]): its statement is rewritten, its accesses equal
    String durbin = PolyhedralOptimizer.regionCode(SequentialTimeTest.scop("durbin", dir.resolve("d")), 1, relaxed);
    assertTrue(durbin.substring(durbin.indexOf("else")).contains("#pragma omp simd reduction(+: polyj_acc0)"), durbin);
    String exact = PolyhedralOptimizer.regionCode(SequentialTimeTest.scop("trisolv", dir.resolve("e")), 1,
        PolyhedralOptimizer.Config.defaults());
    assertFalse(exact.contains("reduction("), exact);
  }

  @Test
  void dotProductsOfAtaxAndBicgAreVectorized(@TempDir Path dir) throws Exception {
    for (String kernel : List.of("atax", "bicg")) {
      Scop scop = SequentialTimeTest.scop(kernel, dir.resolve(kernel));
      String code = PolyhedralOptimizer.regionCode(scop, 1, PolyhedralOptimizer.Config.defaults().withReassociate(true));
      assertTrue(code.contains("#pragma omp simd reduction(+: polyj_acc0)"), code);
    }
  }

  @Test
  void withoutReassociationNoReductionClause(@TempDir Path dir) throws Exception {
    Scop scop = SequentialTimeTest.scop("bicg", dir);
    String text = PolyhedralOptimizer.regionCode(scop, 1, PolyhedralOptimizer.Config.defaults());
    assertFalse(text.contains("reduction("), text);
    String relaxed = PolyhedralOptimizer.regionCode(scop, 1, PolyhedralOptimizer.Config.defaults().withReassociate(true));
    assertTrue(relaxed.contains("reduction(+: s[0:"), relaxed);
  }
}
