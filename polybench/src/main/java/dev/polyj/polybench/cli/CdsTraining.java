package dev.polyj.polybench.cli;

import dev.polyj.polybench.suite.EmbeddedSuite;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The workload run once when the jar is packaged, under {@code -XX:ArchiveClassesAtExit}, to
 * record the application classes the command line loads into a class-data-sharing archive
 * (AppCDS, JEP 350) that the {@code polyj} launcher maps at start-up instead of loading and
 * verifying those classes again: {@code optimize} on three kernels of the built-in suite of
 * different shapes (a matrix product, a stencil, a solver with scalars) and {@code calc} on a
 * short script of the calculator's main operations. The output is discarded; a failure only
 * makes the archive smaller, never the build fail.
 */
public final class CdsTraining {
  private CdsTraining() {}

  static final List<String> KERNELS = List.of("gemm", "jacobi-2d", "durbin");

  static final String SCRIPT = String.join("\n",
      "D := [N] -> { S[i,j] : 0 <= i < N and 0 <= j <= i };",
      "E := [N] -> { S[i,j] : 2 <= i <= N and 0 <= j < 5 };",
      "R := [N] -> { S[i,j] -> S[i + 1, j] : 0 <= i < N and 0 <= j < N };",
      "coalesce (D + E); D * E; D - E; R(D); R^-1; deltas R; lexmin D; lexmax (D - E);",
      "card D; card (R(D)); D cross E; dom R; ran R;",
      "codegen ([N] -> { S[i,j] -> [j,i] : 0 <= i < N and 0 <= j <= i });",
      "assert(D * E <= D);",
      "");

  public static void main(String[] args) {
    try {
      train();
    } catch (Exception | Error e) {
      System.err.println("polyj: class-data-sharing training incomplete: " + e);
    }
    System.exit(0);
  }

  private static void train() throws IOException {
    Path dir = Files.createTempDirectory("polyj-cds");
    try {
      Path root = EmbeddedSuite.load().extractTo(dir.resolve("suite"));
      for (String k : KERNELS) {
        run(null, "optimize", "-I", root.toString(), "-I", root.resolve(k).toString(),
            root.resolve(k).resolve(k + ".c").toString(), "-o", dir.resolve(k + ".out.c").toString());
      }
      run(SCRIPT, "calc");
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
      }
    }
  }

  private static void run(String stdin, String... args) {
    byte[] in = stdin == null ? new byte[0] : stdin.getBytes(StandardCharsets.UTF_8);
    var cl = Main.commandLine(new ByteArrayInputStream(in));
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(new StringWriter()));
    cl.execute(args);
  }
}
