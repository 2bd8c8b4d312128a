package dev.polyj.polybench.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Shared helpers of the bench tests. */
final class TestSupport {

  private TestSupport() {}

  static boolean gccAvailable() {
    try {
      Process p = new ProcessBuilder("gcc", "--version")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Copies the stand-in PolyBench/C tree of the test resources into {@code dir}. */
  static Path miniPolyBench(Path dir) throws IOException, URISyntaxException {
    Path src = Path.of(TestSupport.class.getResource("minibench").toURI());
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.toList()) {
        Path target = dir.resolve(src.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return dir;
  }

  /**
   * An optimizer that rewrites a kernel's source with a textual replacement chosen by the file
   * name (file name -> {from, to}); files without an entry are copied unchanged. Fails the test
   * if the text to replace is not in the source, so a rewrite cannot silently do nothing.
   */
  static Optimizer rewriting(Map<String, List<String>> rewrites) {
    return new Optimizer() {
      @Override
      public String name() {
        return "rewriting";
      }

      @Override
      public OptimizeResult optimize(Path source, List<String> includeDirs, Options options)
          throws IOException {
        String text = Files.readString(source, StandardCharsets.UTF_8);
        List<String> r = rewrites.get(source.getFileName().toString());
        if (r != null) {
          if (!text.contains(r.get(0))) {
            throw new AssertionError(source + " does not contain " + r.get(0));
          }
          text = text.replace(r.get(0), r.get(1));
        }
        Files.writeString(options.output(), text, StandardCharsets.UTF_8);
        return OptimizeResult.ok(options.output());
      }
    };
  }
}
