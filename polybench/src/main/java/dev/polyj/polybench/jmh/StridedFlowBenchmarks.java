package dev.polyj.polybench.jmh;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of the exact dataflow analysis of a region with strided loops over a parametric bound,
 * the shape the random-program tester found slow (a downward loop by 2 from {@code N - 1}, inner
 * loops by 3 and by 2):
 *
 * <pre>
 * for (i = N - 1; i &gt;= 0; i -= 2)
 *   for (j = 0; j &lt; i + 1; j += 3)
 *     for (l = 0; l &lt; N; l += 2) {
 *       A[l][2 * l + 3] = A[2 * l + 2][l + 1] - l;
 *       A[j + l + 3][2 * i + 3] += A[i][2 * i + 3] * 4;
 *     }
 * </pre>
 *
 * Every piece of the result carries integer divisions (the strides); most of the time goes to
 * coalescing those pieces, i.e. to integer emptiness tests of systems that are mostly equalities.
 *
 * <p>Run: {@code java -cp polybench/target/polyj.jar org.openjdk.jmh.Main StridedFlowBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class StridedFlowBenchmarks {
  private static final String DOMAIN = "0 <= i < N and 0 <= j <= i and 0 <= l < N and (l) mod 2 = 0"
      + " and (j) mod 3 = 0 and (-N + i + 1) mod 2 = 0";

  static final String ACCESS_INFO = "sink: \"[N] -> { S0[i, j, l] -> A[2l + 2, l + 1] : " + DOMAIN
      + "; S1[i, j, l] -> A[j + l + 3, 2i + 3] : " + DOMAIN + "; S1[i, j, l] -> A[i, 2i + 3] : " + DOMAIN + " }\"\n"
      + "must_source: \"[N] -> { S0[i, j, l] -> A[l, 2l + 3] : " + DOMAIN
      + "; S1[i, j, l] -> A[j + l + 3, 2i + 3] : " + DOMAIN + " }\"\n"
      + "schedule_map: \"[N] -> { S0[i, j, l] -> [0, -i, 0, j, 0, l, 0]; S1[i, j, l] -> [0, -i, 0, j, 0, l, 1] }\"\n";

  private AccessInfo info;

  @Setup
  public void setup() {
    info = dev.polyj.polyhedral.flow.FlowYaml.read(ACCESS_INFO);
  }

  @Benchmark
  public FlowResult dataflowStrided() {
    return Dataflow.compute(info);
  }
}
