package dev.polyj.polybench.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs external commands (compilers, benchmark programs) with a time limit. Standard output and
 * error go to files next to {@code logPrefix} (so no pipe can fill up, and the logs stay for the
 * user to inspect) and are read back when the command ends. Commands still running when the JVM
 * exits (e.g. on Ctrl-C) are killed.
 */
public final class ProcessRunner {

  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(
        () -> LIVE.forEach(Process::destroyForcibly), "polyj-bench-cleanup"));
  }

  /**
   * What a command did.
   *
   * @param command  the command line
   * @param exitCode its exit code (meaningless when timed out)
   * @param stdout   its standard output
   * @param stderr   its standard error
   * @param seconds  wall-clock seconds from start to end
   * @param timedOut whether it was killed for exceeding the time limit
   */
  public record Result(List<String> command, int exitCode, String stdout, String stderr,
      double seconds, boolean timedOut) {

    public boolean ok() {
      return !timedOut && exitCode == 0;
    }

    /** "exit code 1: last lines of stderr" or "timed out after 10 s", for failure reasons. */
    public String describeFailure() {
      if (timedOut) {
        return String.format(Locale.ROOT, "timed out after %.0f s", seconds);
      }
      String why = exitCode > 128 && exitCode < 160
          ? "killed by signal " + (exitCode - 128) : "exit code " + exitCode;
      String tail = tail(stderr, 6, 600);
      return tail.isEmpty() ? why : why + ": " + tail;
    }
  }

  private final Duration timeout;

  public ProcessRunner(Duration timeout) {
    this.timeout = timeout;
  }

  public Duration timeout() {
    return timeout;
  }

  /**
   * Runs {@code command} in {@code workDir} with {@code env} added to the environment.
   *
   * @throws IOException when the command cannot be started (e.g. not installed)
   */
  public Result run(List<String> command, Path workDir, Map<String, String> env, Path logPrefix)
      throws IOException, InterruptedException {
    Path out = logPrefix.resolveSibling(logPrefix.getFileName() + ".out");
    Path err = logPrefix.resolveSibling(logPrefix.getFileName() + ".err");
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory(workDir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
        .redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().putAll(env);
    long start = System.nanoTime();
    Process p = pb.start();
    LIVE.add(p);
    boolean finished;
    try {
      finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (!finished) {
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      throw e;
    } finally {
      LIVE.remove(p);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new Result(List.copyOf(command), finished ? p.exitValue() : -1,
        Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
        seconds, !finished);
  }

  /** The last {@code lines} non-blank lines of {@code text}, joined by " | ", at most maxChars. */
  static String tail(String text, int lines, int maxChars) {
    List<String> all = text.lines().filter(l -> !l.isBlank()).map(String::strip).toList();
    String joined = String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size()));
    return joined.length() <= maxChars ? joined : "..." + joined.substring(joined.length() - maxChars);
  }

  private static File nullDevice() {
    return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }
}
