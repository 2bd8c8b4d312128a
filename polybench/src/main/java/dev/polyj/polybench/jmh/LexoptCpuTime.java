package dev.polyj.polybench.jmh;

import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.Relation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lexmax problems of {@link LexoptBenchmarks} timed by the CPU time of the running thread
 * (best of 12 batches of 0.2 s each), which other processes on a loaded machine disturb far less
 * than wall-clock time. Compare with {@code bench/isl/engine_ops.c}, which times isl the same way.
 *
 * <p>Run: {@code java -cp polybench/target/polyj.jar dev.polyj.polybench.jmh.LexoptCpuTime}.
 */
public final class LexoptCpuTime {
  private LexoptCpuTime() {}

  public static void main(String[] args) {
    Map<String, String> problems = new LinkedHashMap<>();
    problems.put("lexmaxGemm", LexoptBenchmarks.GEMM);
    problems.put("lexmaxLu", LexoptBenchmarks.LU);
    problems.put("lexmaxSeidel", LexoptBenchmarks.SEIDEL);
    problems.put("lexmaxSeidelUp", LexoptBenchmarks.SEIDEL_UP);
    problems.put("lexmaxJacobi", LexoptBenchmarks.JACOBI);
    problems.put("lexmaxDoitgen", LexoptBenchmarks.DOITGEN);
    problems.put("lexmaxHeat3d", LexoptBenchmarks.HEAT3D);
    problems.put("lexmaxStrided", LexoptBenchmarks.STRIDED);
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    for (Map.Entry<String, String> e : problems.entrySet()) {
      Relation r = Relation.parse(e.getValue());
      double best = Double.MAX_VALUE;
      for (int batch = 0; batch < 12; batch++) {
        long start = clock.getCurrentThreadCpuTime();
        long n = 0;
        while (clock.getCurrentThreadCpuTime() - start < 200_000_000L) {
          Lexopt.lexmax(r);
          n++;
        }
        best = Math.min(best, (clock.getCurrentThreadCpuTime() - start) / (double) n);
      }
      System.out.printf("%-28s %8.0f ops/s (CPU time)%n", e.getKey(), 1e9 / best);
    }
  }
}
