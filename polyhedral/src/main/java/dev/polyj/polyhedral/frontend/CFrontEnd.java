package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.SourcePos;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C front end: reads a file, runs {@code gcc -E} when the file needs preprocessing (it has
 * {@code #include}, {@code #define} or other directives besides {@code #pragma}), parses it and
 * extracts the SCoPs of its candidate regions. Positions refer to the user's file thanks to the
 * preprocessor's line markers. Size macros used inside {@code #pragma scop} regions stay names
 * (parameters) rather than numbers ({@link SymbolicMacros}); a region that can only be read with
 * their values is marked {@linkplain RegionResult#specialized specialized}. A file whose headers are
 * not all found is read region by region ({@link MissingHeaders}).
 */
public final class CFrontEnd {
  private static final Pattern PURE_PRAGMA =
      Pattern.compile("(?m)^\\s*#\\s*pragma\\s+polyj\\s+pure\\s*\\(([\\w\\s,]*)\\)");
  private static final Pattern DIRECTIVE = Pattern.compile("(?m)^\\s*#\\s*(?!pragma\\b)(?!line\\b)(?!\\d)[a-z]+");

  private CFrontEnd() {}

  /** The regions of a file and notes on what was assumed to read them (for the user). */
  public record Extraction(List<RegionResult> regions, List<String> notes) {
    public Extraction {
      regions = List.copyOf(regions);
      notes = List.copyOf(notes);
    }
  }

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
    return read(file, cppOptions, pure).regions();
  }

  /** The candidate regions of a file with notes on what was assumed; {@code cppOptions} as for {@link #extract(Path, List)}. */
  public static Extraction read(Path file, List<String> cppOptions) throws IOException {
    return read(file, cppOptions, Set.of());
  }

  /** As {@link #read(Path, List)}, with the user functions {@code pure} as for {@link #extract(Path, List, Set)}. */
  public static Extraction read(Path file, List<String> cppOptions, Set<String> pure) throws IOException {
    return read(Files.readString(file, StandardCharsets.UTF_8), file, cppOptions, pure);
  }

  /** As {@link #read(Path, List, Set)} on {@code text} read as the contents of {@code file}. */
  public static Extraction read(String text, Path file, List<String> cppOptions, Set<String> pure) throws IOException {
    String name = file.toString();
    Set<String> all = new LinkedHashSet<>(pure);
    all.addAll(declaredPure(text));
    if (!needsPreprocessing(text)) return new Extraction(extract(text, name, all), List.of());
    String dumped;
    try {
      dumped = runCpp(text, file, cppOptions, true);
    } catch (CSourceException e) {
      if (!MissingHeaders.isMissingHeader(e)) throw e;
      return MissingHeaders.read(text, file, cppOptions, e);
    }
    Map<String, String> macros = SymbolicMacros.objectLike(dumped);
    for (String predefined : predefinedMacros()) macros.remove(predefined);
    Map<String, Long> sizes = SymbolicMacros.sizes(SymbolicMacros.regionIdentifiers(text), macros);
    if (sizes.isEmpty()) return new Extraction(extract(runCpp(text, file, cppOptions, false), name, all), List.of());
    List<RegionResult> symbolic = extract(
        SymbolicMacros.restore(runCpp(SymbolicMacros.hide(text, sizes.keySet()), file, cppOptions, false),
            sizes.keySet()), name, all);
    boolean allAccepted = true;
    for (RegionResult r : symbolic) allAccepted &= r.accepted();
    if (allAccepted) return new Extraction(symbolic, List.of());
    // a region rejected with the macros as parameters (e.g. a bound N * N) is read with their values
    List<RegionResult> numeric = extract(runCpp(text, file, cppOptions, false), name, all);
    if (numeric.size() != symbolic.size()) return new Extraction(numeric, List.of());
    List<Set<String>> used = SymbolicMacros.identifiersPerRegion(text);
    List<RegionResult> out = new ArrayList<>();
    for (int k = 0; k < symbolic.size(); k++) {
      RegionResult s = symbolic.get(k);
      RegionResult n = numeric.get(k);
      if (s.accepted() || !n.accepted()) {
        out.add(s);
        continue;
      }
      Map<String, Long> values = new java.util.LinkedHashMap<>(sizes);
      if (k < used.size()) values.keySet().retainAll(used.get(k));
      out.add(n.specializedTo(values));
    }
    return new Extraction(out, List.of());
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
    return runCpp(Files.readString(file, StandardCharsets.UTF_8), file, cppOptions, false);
  }

  private static List<String> predefined;

  /** The macros gcc defines by itself (not to be taken for the program's). */
  private static synchronized List<String> predefinedMacros() throws IOException {
    if (predefined == null) {
      Path empty = Files.createTempFile("polyj-cpp", ".c");
      try {
        predefined = List.copyOf(SymbolicMacros.objectLike(runCpp("", empty, List.of(), true)).keySet());
      } finally {
        Files.deleteIfExists(empty);
      }
    }
    return predefined;
  }

  /**
   * Runs {@code gcc -E} (with {@code dumpMacros}: {@code gcc -dM -E}, the macros defined at the
   * end) on {@code text} read as the contents of {@code file}: the text goes through a temporary
   * file, its directory is on the include path, and line markers name {@code file}.
   */
  static String runCpp(String text, Path file, List<String> cppOptions, boolean dumpMacros) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("gcc", "-E", "-x", "c", "-std=gnu99"));
    if (dumpMacros) cmd.add("-dM");
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) cmd.add("-I" + dir);
    cmd.addAll(cppOptions);
    Path input = Files.createTempFile("polyj-cpp", ".c");
    Path err = Files.createTempFile("polyj-cpp", ".err");
    try {
      Files.writeString(input, text, StandardCharsets.UTF_8);
      cmd.add(input.toString());
      ProcessBuilder pb = new ProcessBuilder(cmd);
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
      String quoted = "\"" + input + "\"";
      if (rc != 0) {
        String msg = Files.readString(err, StandardCharsets.UTF_8).replace(input.toString(), file.toString()).trim();
        String first = msg.isEmpty() ? "gcc -E failed" : msg.lines().filter(l -> l.contains("error")).findFirst().orElse(msg.lines().findFirst().get());
        throw new CSourceException(positionIn(first, file), "preprocessing failed: " + first);
      }
      return out.replace(quoted, "\"" + file + "\"");
    } finally {
      Files.deleteIfExists(input);
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
