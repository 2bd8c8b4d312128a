package dev.polyj.polyhedral.frontend;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading a file whose headers are not all found (no {@code -I}), the way polycc reads PolyBench
 * files: the {@code #include} lines of the missing headers are dropped, the file is preprocessed
 * with the macros that remain known, and each {@code #pragma scop} region is read on its own as
 * a bare fragment ({@link FragmentDeclarations}): its undeclared names get declarations from their
 * uses, with element types taken from the program itself ({@code __typeof__}), so that the
 * optimized region compiles once the headers are there. Macros whose expansion needs a missing
 * header (PolyBench's {@code _PB_N}, which calls {@code POLYBENCH_LOOP_BOUND}) and size macros stay
 * names: integer parameters when they are used in bounds. The notes say what was assumed.
 */
final class MissingHeaders {
  private static final Pattern MISSING = Pattern.compile("fatal error: (.+?): No such file or directory");
  private static final Pattern MARKER = Pattern.compile("^#\\s*(\\d+)\\s+\"((?:[^\"\\\\]|\\\\.)*)\".*$");
  private static final Pattern FUNCTION = Pattern.compile(
      "(?m)^(?:[A-Za-z_]\\w*[\\s*]+)+?([A-Za-z_]\\w*)\\s*\\([^;{]*\\)\\s*\\{");
  private static final int MAX_HEADERS = 64;

  private MissingHeaders() {}

  /** Whether a preprocessing error is a header that was not found. */
  static boolean isMissingHeader(CSourceException e) {
    return MISSING.matcher(e.getMessage()).find();
  }

  /** The regions of {@code text} (the contents of {@code file}) read without its missing headers. */
  static CFrontEnd.Extraction read(String text, java.nio.file.Path file, List<String> cppOptions,
      CSourceException first) throws IOException {
    String name = file.toString();
    List<String> missing = new ArrayList<>();
    String reduced = text;
    CSourceException error = first;
    String dumped = null;
    for (int k = 0; k < MAX_HEADERS && dumped == null; k++) {
      Matcher m = MISSING.matcher(error.getMessage());
      if (!m.find() || !error.pos().file().equals(name)) throw error;
      missing.add(m.group(1));
      reduced = blankLine(reduced, error.pos().line());
      try {
        dumped = CFrontEnd.runCpp(reduced, file, cppOptions, true);
      } catch (CSourceException e) {
        if (!isMissingHeader(e)) throw e;
        error = e;
      }
    }
    if (dumped == null) throw error;
    Map<String, String> macros = SymbolicMacros.objectLike(dumped);
    Set<String> functionLike = SymbolicMacros.functionLike(dumped);
    Set<String> used = SymbolicMacros.regionIdentifiers(reduced);
    Set<String> kept = new LinkedHashSet<>(SymbolicMacros.sizes(used, macros).keySet());
    for (String n : used) if (macros.containsKey(n) && needsMissingMacro(n, macros, functionLike, 0)) kept.add(n);
    String pre = CFrontEnd.runCpp(SymbolicMacros.hide(reduced, kept), file, cppOptions, false)
        .replace(SymbolicMacros.MARKER, "");
    List<String> functions = enclosingFunctions(reduced);
    List<RegionResult> regions = new ArrayList<>();
    Set<String> params = new LinkedHashSet<>();
    Set<String> arrays = new LinkedHashSet<>();
    Set<String> unknown = new LinkedHashSet<>();
    Set<String> typeNames = new LinkedHashSet<>();
    int k = 0;
    for (String fragment : fragments(pre, name)) {
      String function = k < functions.size() ? functions.get(k) : null;
      k++;
      List<RegionResult> rs;
      Set<String> types = typeNames(fragment, kept);
      typeNames.addAll(types);
      StringBuilder typedefs = new StringBuilder();
      for (String t : types) typedefs.append("typedef double ").append(t).append(";\n");
      try {
        rs = ScopExtractor.extract(CParser.parse(typedefs + fragment, name), CFrontEnd.declaredPure(text), true);
      } catch (CSourceException e) {
        rs = List.of(new RegionResult(function, e.pos(), null, List.of(new Rejection(RejectionCause.OTHER, e.pos(),
            e.detail() + " (read without " + String.join(", ", missing) + ")"))));
      }
      for (RegionResult r : rs) {
        if (r.accepted()) {
          params.addAll(r.scop().params());
          for (var a : r.scop().arrays()) if (!a.isScalar() && !a.isRegionLocal()) arrays.add(a.name());
        }
        for (String id : SymbolicMacros.regionIdentifiers(fragment)) {
          if (looksLikeMacro(id) && !macros.containsKey(id) && !functionLike.contains(id)
              && !typeNames.contains(id) && (r.scop() == null || !r.scop().params().contains(id)
                  && r.scop().arrays().stream().noneMatch(a -> a.name().equals(id)))) {
            unknown.add(id);
          }
        }
        regions.add(new RegionResult(function, r.pos(), r.scop(), r.rejections(), r.specialized(), r.speculation(), r.whileCollapse()));
      }
    }
    List<String> notes = new ArrayList<>();
    StringBuilder note = new StringBuilder("note: " + String.join(", ", missing) + " not found (no -I?): the regions "
        + "were read on their own with the macros that remain, as polycc does");
    if (!params.isEmpty()) note.append("; integer parameters: ").append(String.join(", ", params));
    if (!arrays.isEmpty()) note.append("; distinct arrays (no aliasing) of unknown shape: ").append(String.join(", ", arrays));
    note.append("; element types taken from the program (__typeof__)");
    if (!typeNames.isEmpty()) note.append("; type names (floating point): ").append(String.join(", ", typeNames));
    notes.add(note.toString());
    if (!unknown.isEmpty()) {
      notes.add("note: names in the regions that no header defines (macros of the missing headers?): "
          + String.join(", ", unknown));
    }
    return new CFrontEnd.Extraction(regions, notes);
  }

  private static final Pattern DECLARED_WITH = Pattern.compile(
      "(?m)(?:^|[;{}])\\s*(?:const\\s+)?(_*[A-Z][A-Z0-9_]*)\\s+\\**\\s*[A-Za-z_]\\w*\\s*[=;\\[,]");
  private static final Pattern CAST_TO = Pattern.compile("\\(\\s*(_*[A-Z][A-Z0-9_]*)\\s*\\**\\s*\\)\\s*[\\w(]");

  /**
   * The names spelled as macros that a fragment uses as types ({@code DATA_TYPE t = ...;}, {@code
   * (DATA_TYPE) x}), no macro being left to expand them: type names of a missing header.
   */
  private static Set<String> typeNames(String fragment, Set<String> kept) {
    Set<String> out = new LinkedHashSet<>();
    for (Pattern p : List.of(DECLARED_WITH, CAST_TO)) {
      Matcher m = p.matcher(fragment);
      while (m.find()) if (!kept.contains(m.group(1))) out.add(m.group(1));
    }
    return out;
  }

  /** Whether a name is spelled as macros are: capitals, digits and underscores, at least one capital. */
  private static boolean looksLikeMacro(String id) {
    return id.matches("_*[A-Z][A-Z0-9_]*");
  }

  /**
   * Whether the expansion of object-like macro {@code name} calls something that is not a known
   * function-like macro and is spelled as a macro: a macro of a missing header.
   */
  private static boolean needsMissingMacro(String name, Map<String, String> macros, Set<String> functionLike,
      int depth) {
    if (depth > 32) return false;
    Matcher m = Pattern.compile("([A-Za-z_]\\w*)(\\s*\\()?").matcher(macros.getOrDefault(name, ""));
    while (m.find()) {
      String id = m.group(1);
      if (m.group(2) != null && !functionLike.contains(id) && looksLikeMacro(id)) return true;
      if (macros.containsKey(id) && !id.equals(name) && needsMissingMacro(id, macros, functionLike, depth + 1)) {
        return true;
      }
    }
    return false;
  }

  /** {@code text} with line {@code line} (1-based) emptied, so that later lines keep their numbers. */
  private static String blankLine(String text, int line) {
    String[] lines = text.split("\n", -1);
    if (line >= 1 && line <= lines.length) lines[line - 1] = "";
    return String.join("\n", lines);
  }

  /** The name of the function around each region of the raw text (null at file level), by a textual search. */
  private static List<String> enclosingFunctions(String text) {
    List<String> out = new ArrayList<>();
    Matcher region = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+scop\\b").matcher(text);
    while (region.find()) {
      Matcher f = FUNCTION.matcher(text.substring(0, region.start()));
      String last = null;
      while (f.find()) last = f.group(1);
      out.add(last);
    }
    return out;
  }

  /**
   * The regions of preprocessed text as stand-alone fragments: each starts with a line marker
   * giving its position in {@code file}, then {@code #pragma scop}, its lines (markers included)
   * and {@code #pragma endscop}.
   */
  static List<String> fragments(String preprocessed, String file) {
    List<String> out = new ArrayList<>();
    String current = file;
    int line = 1;
    StringBuilder region = null;
    for (String l : preprocessed.split("\n", -1)) {
      Matcher m = MARKER.matcher(l);
      if (m.matches()) {
        line = Integer.parseInt(m.group(1));
        current = m.group(2);
        if (region != null) region.append(l).append('\n');
        continue;
      }
      String t = l.strip();
      if (region == null && t.matches("#\\s*pragma\\s+scop\\b.*") && current.equals(file)) {
        region = new StringBuilder("# " + line + " \"" + file + "\"\n").append(l).append('\n');
      } else if (region != null) {
        region.append(l).append('\n');
        if (t.matches("#\\s*pragma\\s+endscop\\b.*")) {
          out.add(region.toString());
          region = null;
        }
      }
      line++;
    }
    return out;
  }
}
