package dev.polyj.polyhedral.multifor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Compiles C with gcc and runs it, for the end-to-end tests. */
final class GccRunner {
  private GccRunner() {}

  static boolean available() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Standard output of the program, or an AssertionError with gcc's or the run's messages. */
  static String run(String c, boolean openmp, Map<String, String> env) throws IOException, InterruptedException {
    return run(c, openmp, env, "-O2");
  }

  static String run(String c, boolean openmp, Map<String, String> env, String opt) throws IOException, InterruptedException {
    return run(c, openmp, env, List.of(opt));
  }

  /** Compiled with the gcc options {@code flags} (the first one the optimization level). */
  static String run(String c, boolean openmp, Map<String, String> env, List<String> flags) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("polyj-mf");
    try {
      Path src = dir.resolve("t.c");
      Path exe = dir.resolve("t");
      Files.writeString(src, c, StandardCharsets.UTF_8);
      List<String> cmd = new ArrayList<>(List.of("gcc"));
      cmd.addAll(flags);
      cmd.addAll(List.of("-std=gnu99", "-Wall", "-Werror=implicit-function-declaration"));
      if (openmp) cmd.add("-fopenmp");
      cmd.addAll(List.of(src.toString(), "-o", exe.toString()));
      Process gcc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String msg = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (gcc.waitFor() != 0) throw new AssertionError("gcc failed:\n" + msg + "\n" + c);
      ProcessBuilder pb = new ProcessBuilder(exe.toString());
      pb.environment().putAll(env);
      pb.redirectError(ProcessBuilder.Redirect.DISCARD);
      Process run = pb.start();
      String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (run.waitFor() != 0) throw new AssertionError("program failed:\n" + c);
      return out;
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
