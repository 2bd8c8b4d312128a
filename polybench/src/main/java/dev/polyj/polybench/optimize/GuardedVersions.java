package dev.polyj.polybench.optimize;

import java.util.ArrayList;
import java.util.List;

/**
 * The code of a region optimized under run-time conditions (SPolly, Doerfert et al., IMPACT 2013,
 * Section 4): the optimized versions, each under its guard and tried in order, then the region's
 * original statements for the runs no guard admits. Declarations the guards read (the views of
 * delinearized arrays) come first in the block.
 */
final class GuardedVersions {
  /** One optimized version: the condition under which it is the region's code, and its code. */
  record Version(String guard, List<String> declarations, String code) {}

  /**
   * The macro every guard goes through: the identity unless the program defines it first (to count
   * which versions run, or to force one).
   */
  static final String CHECKED = "polyj_checked";

  private static final String MACRO = "#ifndef " + CHECKED + "\n#define " + CHECKED + "(c) (c)\n#endif\n";

  private final List<Version> versions = new ArrayList<>();

  void add(Version v) {
    versions.add(v);
  }

  boolean isEmpty() {
    return versions.isEmpty();
  }

  /** The region's code at indentation {@code level} (versions' code indented at {@code level + 2}). */
  String code(String original, int level) {
    String pad = "  ".repeat(level);
    StringBuilder sb = new StringBuilder();
    StringBuilder macros = new StringBuilder(MACRO);
    sb.append(pad).append("{\n");
    List<String> declared = new ArrayList<>();
    for (Version v : versions) {
      for (String d : v.declarations()) {
        if (declared.contains(d)) continue;
        declared.add(d);
        sb.append(pad).append("  ").append(d).append('\n');
      }
    }
    boolean unconditional = false;
    for (int k = 0; k < versions.size() && !unconditional; k++) {
      Version v = versions.get(k);
      unconditional = v.guard().equals("1");
      String test = unconditional ? "{" : "if (" + CHECKED + "(" + v.guard() + ")) {";
      if (k == 0) sb.append(pad).append("  ").append(test).append('\n');
      else sb.append(pad).append("  } else ").append(test).append('\n');
      sb.append(withoutMacros(v.code(), macros));
    }
    if (!unconditional) {
      sb.append(pad).append("  } else {\n");
      sb.append(original.endsWith("\n") || original.isEmpty() ? original : original + "\n");
    }
    sb.append(pad).append("  }\n");
    sb.append(pad).append("}\n");
    return macros + sb.toString();
  }

  /** {@code code} without its helper macro groups ({@code #ifndef ... #endif}), which go to {@code macros} once each. */
  private static String withoutMacros(String code, StringBuilder macros) {
    StringBuilder body = new StringBuilder();
    StringBuilder group = null;
    for (String line : code.split("\n", -1)) {
      if (group == null && line.startsWith("#ifndef")) group = new StringBuilder();
      if (group != null) {
        group.append(line).append('\n');
        if (line.startsWith("#endif")) {
          if (macros.indexOf(group.toString()) < 0) macros.append(group);
          group = null;
        }
      } else {
        body.append(line).append('\n');
      }
    }
    if (group != null) body.append(group);
    String s = body.toString();
    return s.endsWith("\n\n") ? s.substring(0, s.length() - 1) : s;
  }
}
