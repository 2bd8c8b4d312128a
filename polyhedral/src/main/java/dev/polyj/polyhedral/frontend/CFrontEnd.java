package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C front end: reads a file, runs {@code gcc -E} when the file needs preprocessing (it has
 * {@code #include}, {@code #define} or other directives besides {@code #pragma}), parses it and
 * extracts the SCoPs of its candidate regions. Positions refer to the user's file thanks to the
 * preprocessor's line markers.
 */
public final class CFrontEnd {
  private static final Pattern PURE_PRAGMA =
      Pattern.compile("(?m)^\\s*#\\s*pragma\\s+polyj\\s+pure\\s*\\(([\\w\\s,]*)\\)");
  private static final Pattern DIRECTIVE = Pattern.compile("(?m)^\\s*#\\s*(?!pragma\\b)(?!line\\b)(?!\\d)[a-z]+");

  private CFrontEnd() {}

  /** The candidate regions of a file; {@code cppOptions} are -I/-D/-U options for the preprocessor. */
  public static List<RegionResult> extract(Path file, List<String> cppOptions) throws IOException {
    return extract(file, cppOptions, Set.of());
  }

  /**
   * As {@link #extract(Path, List)}, with the user functions {@code pure} (and those the file
   * declares with {@code #pragma polyj pure(name, ...)}) accepted in statement bodies as functions
   * without side effects.
   */
  public static List<RegionResult> extract(Path file, List<String> cppOptions, Set<String> pure) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String name = file.toString();
    Set<String> all = new LinkedHashSet<>(pure);
    all.addAll(declaredPure(text));
    if (needsPreprocessing(text)) text = preprocess(file, cppOptions);
    return ScopExtractor.extract(CParser.parse(text, name), all);
  }

  /** The candidate regions of source text that needs no preprocessing. */
  public static List<RegionResult> extract(String source, String fileName) {
    return extract(source, fileName, Set.of());
  }

  /** As {@link #extract(String, String)}, with the user functions {@code pure} known to have no side effects. */
  public static List<RegionResult> extract(String source, String fileName, Set<String> pure) {
    Set<String> all = new LinkedHashSet<>(pure);
    all.addAll(declaredPure(source));
    return ScopExtractor.extract(CParser.parse(source, fileName), all);
  }

  /** The names listed by the file's {@code #pragma polyj pure(name, ...)} lines. */
  static Set<String> declaredPure(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = PURE_PRAGMA.matcher(text);
    while (m.find()) {
      for (String n : m.group(1).split(",")) if (!n.isBlank()) out.add(n.strip());
    }
    return out;
  }

  static boolean needsPreprocessing(String text) {
    return DIRECTIVE.matcher(text).find();
  }

  /** Runs {@code gcc -E} on the file; the pragmas are kept by the preprocessor. */
  static String preprocess(Path file, List<String> cppOptions) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("gcc", "-E", "-x", "c", "-std=gnu99"));
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) cmd.add("-I" + dir);
    cmd.addAll(cppOptions);
    cmd.add(file.toString());
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Path err = Files.createTempFile("polyj-cpp", ".err");
    try {
      pb.redirectError(err.toFile());
      Process p = pb.start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int rc;
      try {
        rc = p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while preprocessing " + file, e);
      }
      if (rc != 0) {
        String msg = Files.readString(err, StandardCharsets.UTF_8).trim();
        String first = msg.isEmpty() ? "gcc -E failed" : msg.lines().filter(l -> l.contains("error")).findFirst().orElse(msg.lines().findFirst().get());
        throw new CSourceException(positionIn(first, file), "preprocessing failed: " + first);
      }
      return out;
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** The file:line:column at the start of a compiler message, when there is one. */
  private static SourcePos positionIn(String msg, Path file) {
    var m = Pattern.compile("^(.*?):(\\d+):(\\d+):").matcher(msg);
    if (m.find()) return new SourcePos(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    return new SourcePos(file.toString(), 1, 1);
  }
}
