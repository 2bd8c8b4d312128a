package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.RegionState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassManager;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every pass can be left out: with each default pass disabled in turn, the optimized kernels
 * still compile, run on two threads and compute bit for bit what the originals compute (the bench
 * runner's verifier compares their array dumps). The default run checks each pass on a kernel it
 * changes (gemm: tiling, packing, register blocking, unroll-and-jam; durbin: scalar expansion,
 * program order, scalar promotion; fdtd-2d: the time loop; ...); {@code
 * -Dpolyj.pipeline.kernels=a,b,...} checks every pass on those kernels.
 */
class DisabledPassTest {
  /** The kernel each pass is checked on in the default run (gemm for the others). */
  private static final java.util.Map<String, String> KERNEL = java.util.Map.ofEntries(
      java.util.Map.entry("scalar-expansion", "durbin"), java.util.Map.entry("time-loop", "fdtd-2d"),
      java.util.Map.entry("program-order", "atax"), java.util.Map.entry("wavefront", "jacobi-1d"),
      java.util.Map.entry("parallel-work", "durbin"), java.util.Map.entry("guard-peeling", "durbin"),
      java.util.Map.entry("index-set-splitting", "jacobi-2d"), java.util.Map.entry("column-interchange", "atax"),
      java.util.Map.entry("scalar-promotion", "durbin"), java.util.Map.entry("recurrence-interleaving", "adi"));

  static Stream<String> passes() {
    return OptimizerPipeline.defaults().passes().stream().filter(p -> p.enabledByDefault() && !p.required())
        .map(Pass::name);
  }

  @ParameterizedTest
  @MethodSource("passes")
  void kernelsStayExactWithoutThePass(String pass, @TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String kernels = System.getProperty("polyj.pipeline.kernels", KERNEL.getOrDefault(pass, "gemm"));
    PassManager<RegionState> pipeline = OptimizerPipeline.defaults().disable(pass);
    if (pipeline.enabled("parallel-work")) pipeline = OptimizerEndToEndTest.forcedParallel(pipeline);
    OptimizerEndToEndTest.Outcome o = OptimizerEndToEndTest.bench(pipeline, dir,
        List.of("--dataset", "MINI", "--no-reassociate", "--kernels", kernels));
    OptimizerEndToEndTest.assertVerified(o, kernels.split(",").length);
  }
}
