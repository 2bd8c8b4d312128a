package dev.polyj.polybench.speculation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Compiles a C program with gcc (OpenMP, -O2) and runs it on two threads: the oracle of the speculation tests. */
final class GccRun {
  private GccRun() {}

  record Result(String out, String err) {}

  static boolean available() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /** Compiles {@code source} with the extra options {@code flags}, runs it with {@code args}, fails on any error. */
  static Result run(Path source, Path work, List<String> flags, String... args) throws IOException, InterruptedException {
    Path exe = work.resolve(source.getFileName().toString().replace(".c", "") + Integer.toHexString(flags.hashCode()));
    List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-fopenmp", "-w"));
    cmd.addAll(flags);
    cmd.addAll(List.of(source.toString(), "-o", exe.toString(), "-lm"));
    exec(cmd, work);
    List<String> run = new ArrayList<>(List.of(exe.toString()));
    run.addAll(List.of(args));
    return exec(run, work);
  }

  private static Result exec(List<String> cmd, Path work) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(work, "out", ".txt");
    Path err = Files.createTempFile(work, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("timeout: " + cmd);
    }
    Result r = new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    if (p.exitValue() != 0) throw new AssertionError(cmd + " exited with " + p.exitValue() + ": " + r.err() + r.out());
    return r;
  }
}
