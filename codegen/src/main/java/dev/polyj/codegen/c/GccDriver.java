package dev.polyj.codegen.c;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Compiles a C program with gcc into a temporary directory and runs it: what the tests use to
 * execute generated code, and what the benchmark runner uses to build kernels.
 */
public final class GccDriver implements AutoCloseable {
  private final Path dir;
  private final Path binary;

  /** The outcome of a run: exit code, standard output and standard error. */
  public record Run(int exitCode, String stdout, String stderr) {}

  private GccDriver(Path dir, Path binary) {
    this.dir = dir;
    this.binary = binary;
  }

  /** True when {@code gcc --version} succeeds. */
  public static boolean available() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Compiles {@code source} with {@code gcc flags... -o prog prog.c}; throws {@link
   * CompilationException} with gcc's messages when it fails.
   */
  public static GccDriver compile(String source, List<String> flags) throws IOException {
    Path dir = Files.createTempDirectory("polyj-gcc");
    Path src = dir.resolve("prog.c");
    Path bin = dir.resolve("prog");
    Files.writeString(src, source, StandardCharsets.UTF_8);
    List<String> cmd = new ArrayList<>();
    cmd.add("gcc");
    cmd.addAll(flags);
    cmd.add("-o");
    cmd.add(bin.toString());
    cmd.add(src.toString());
    cmd.add("-lm");
    Run r = exec(cmd, Map.of(), 120);
    if (r.exitCode() != 0) {
      deleteRecursively(dir);
      throw new CompilationException(r.stderr() + "\n--- source ---\n" + source);
    }
    return new GccDriver(dir, bin);
  }

  /** Runs the compiled program with arguments and extra environment variables. */
  public Run run(List<String> args, Map<String, String> env, long timeoutSeconds) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary.toString());
    cmd.addAll(args);
    return exec(cmd, env, timeoutSeconds);
  }

  private static Run exec(List<String> cmd, Map<String, String> env, long timeoutSeconds) throws IOException {
    checkArgument(timeoutSeconds > 0, "timeout %s", timeoutSeconds);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    Path out = Files.createTempFile("polyj-out", ".txt");
    Path err = Files.createTempFile("polyj-err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    try {
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("timed out after " + timeoutSeconds + " s: " + cmd);
      }
      return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + cmd, e);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  @Override
  public void close() throws IOException {
    deleteRecursively(dir);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    }
  }

  /** gcc rejected the program. */
  public static final class CompilationException extends IOException {
    public CompilationException(String message) {
      super(message);
    }
  }
}
