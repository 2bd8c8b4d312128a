package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What SDR did to one SCoP: the transformed program (a SCoP whose schedule is the sequential
 * schedule the heuristic derived, ready for code generation or further scheduling), the faces it
 * visited, the complexity of the whole program before and after, the reductions it left alone
 * and why, and the temporary arrays the transformed program needs declared around it.
 */
public record SdrResult(Scop original, Scop program, List<FaceReport> faces, Complexity before, Complexity after,
    Map<String, String> skipped, List<ArrayInfo> temporaries, List<String> notes) {

  public SdrResult(Scop original, Scop program, List<FaceReport> faces, Complexity before, Complexity after,
      Map<String, String> skipped, List<ArrayInfo> temporaries) {
    this(original, program, faces, before, after, skipped, temporaries, new ArrayList<>());
  }

  /** Whether some reduction was simplified (else {@link #program()} is the original). */
  public boolean changed() {
    return program != original;
  }

  /**
   * C declarations of the temporaries, to print at the top of the region's block: each is
   * allocated on the heap (its size is the left-hand side array's).
   */
  public List<String> temporaryDeclarations() {
    List<String> out = new ArrayList<>();
    if (temporaries.isEmpty()) return out;
    out.add("extern void *malloc(__SIZE_TYPE__);");
    out.add("extern void free(void *);");
    for (ArrayInfo a : temporaries) {
      List<String> sizes = a.sizeStrings();
      String t = a.elementType();
      if (sizes.isEmpty()) {
        out.add(t + " " + a.name() + " = 0;");
        continue;
      }
      StringBuilder inner = new StringBuilder();
      for (int k = 1; k < sizes.size(); k++) inner.append('[').append(sizes.get(k)).append(']');
      StringBuilder all = new StringBuilder();
      for (String s : sizes) all.append('[').append(s).append(']');
      String ptr = sizes.size() == 1 ? "*" + a.name() : "(*" + a.name() + ")" + inner;
      out.add(t + " " + ptr + " = malloc(sizeof(" + t + all + "));");
    }
    return out;
  }

  /** C statements releasing the temporaries, for the end of the region's block. */
  public List<String> temporaryReleases() {
    List<String> out = new ArrayList<>();
    for (ArrayInfo a : temporaries) if (!a.sizes().isEmpty()) out.add("free(" + a.name() + ");");
    return out;
  }

  /** The per-face report of the {@code sdr} command. */
  public String report() {
    StringBuilder sb = new StringBuilder();
    for (FaceReport f : faces) {
      sb.append("  ".repeat(f.depth() + 1)).append(f.reduction()).append(" face ").append(f.face())
          .append("\n").append("  ".repeat(f.depth() + 2)).append("reuse ").append(f.reuseText());
      if (f.reason() != null) sb.append(" (").append(f.reason()).append(')');
      sb.append(", ").append(f.before()).append(" -> ").append(f.after()).append('\n');
    }
    skipped.forEach((s, why) -> sb.append("  ").append(s).append(": not simplified, ").append(why).append('\n'));
    for (String n : notes) sb.append("  ").append(n).append('\n');
    sb.append("  program: ").append(before).append(" -> ").append(after).append('\n');
    return sb.toString();
  }

  static String sizeText(ArrayInfo a) {
    StringBuilder sb = new StringBuilder();
    for (var e : a.sizes()) sb.append('[').append(e == null ? "?" : ExprPrinter.print(e)).append(']');
    return sb.toString();
  }
}
