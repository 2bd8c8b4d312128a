package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.RegionState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.bench.BenchCommand;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassManager;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

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
  private static final java.util.Map<String, String> KERNEL = java.util.Map.of("scalar-expansion", "durbin",
      "time-loop", "fdtd-2d", "program-order", "atax", "wavefront", "jacobi-1d", "parallel-work", "durbin",
      "guard-peeling", "durbin", "index-set-splitting", "jacobi-2d", "column-interchange", "atax", "scalar-promotion", "durbin");

  static Stream<String> passes() {
    return OptimizerPipeline.defaults().passes().stream().filter(p -> p.enabledByDefault() && !p.required())
        .map(Pass::name);
  }

  @ParameterizedTest
  @MethodSource("passes")
  void kernelsStayExactWithoutThePass(String pass, @TempDir Path dir) {
    Assumptions.assumeTrue(FragmentHarness.gccAvailable(), "gcc is not on PATH");
    String kernels = System.getProperty("polyj.pipeline.kernels", KERNEL.getOrDefault(pass, "gemm"));
    // every parallel loop runs in parallel, whatever the work of the small datasets
    PassManager<RegionState> pipeline = OptimizerPipeline.defaults().disable(pass);
    if (pipeline.enabled("parallel-work")) pipeline = pipeline.withOption("parallel-work", "threshold", "0")
        .withOption("parallel-work", "fork-threshold", "0");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new BenchCommand(new PolyhedralOptimizer(pipeline)));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    List<String> args = new ArrayList<>(List.of("--dataset", "MINI", "--reps", "1", "--threads", "2",
        "--progress", "none", "--no-reassociate", "--out", dir.toString(), "--kernels", kernels));
    int exit = cl.execute(args.toArray(String[]::new));
    int n = kernels.split(",").length;
    assertEquals(0, exit, out + "" + err);
    assertTrue(out.toString().contains(n + " kernels: " + n + " ok"), out.toString());
    assertFalse(out.toString().contains("left unchanged"), out.toString());
    assertFalse(out.toString().contains(" rel "), "an optimized output differs from the original: " + out);
  }
}
