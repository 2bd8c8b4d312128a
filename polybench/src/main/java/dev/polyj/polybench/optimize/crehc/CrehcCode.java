package dev.polyj.polybench.optimize.crehc;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.reductions.crehc.Crehc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parallel code for a CReHC loop (the chapter's privatize, accumulate, merge scheme, with OpenMP
 * threads): the loop in its own order, its iterations shared among the threads, each thread
 * accumulating into private copies of the reduction variables, merged after the loop. Scalars and
 * histograms of at most {@code limit} elements use OpenMP reduction clauses (array sections for
 * histograms, privatized by the runtime); larger histograms get explicit per-thread copies on the
 * heap, initialized with the operator's identity and merged element by element after the loop.
 */
public final class CrehcCode {
  private CrehcCode() {}

  /** The region's code, or null when the loop's generated form is not one {@code for} statement. */
  public static String generate(Scop scop, Crehc crehc, int level, long limit) {
    List<Crehc.Target> large = new ArrayList<>();
    List<String> clauses = new ArrayList<>();
    for (Crehc.Target t : crehc.targets()) {
      Long n = elements(t);
      if (t.histogram() && (n == null || n > limit)) {
        large.add(t);
      } else {
        StringBuilder c = new StringBuilder("reduction(").append(t.op().clauseName()).append(':').append(t.name());
        // an array object is reduced whole, at its extent as compiled (its size macros may differ
        // from the ones read); a pointer needs an array section
        if (!arrayObject(scop, t)) {
          for (Expr size : t.sizes()) c.append("[0:").append(ExprPrinter.print(size)).append(']');
        }
        clauses.add(c.append(')').toString());
      }
    }
    Scop renamed = large.isEmpty() ? scop : renamed(scop, large);
    String seq = ScopCodegen.region(renamed, renamed.schedule(),
        BuildOptions.defaults().withParallelLoops(false), level);
    String[] lines = seq.split("\n", -1);
    String unit = "  ";
    int open = -1;
    for (int k = 0; k < lines.length; k++) {
      if (lines[k].equals(unit.repeat(level) + "{")) {
        open = k;
        break;
      }
    }
    if (open < 0) return null;
    String inner = unit.repeat(level + 1);
    int decl = open + 1;
    if (!lines[decl].startsWith(inner + "int ")) return null;
    List<String> iterators = new ArrayList<>(List.of(lines[decl].substring(inner.length() + 4).replace(";", "")
        .split(",\\s*")));
    int forLine = decl + 1;
    if (!lines[forLine].startsWith(inner + "for (")) return null;
    int close = -1;
    for (int k = lines.length - 1; k > forLine; k--) {
      if (lines[k].equals(unit.repeat(level) + "}")) {
        close = k;
        break;
      }
    }
    if (close < 0) return null;
    for (int k = forLine + 1; k < close; k++) {
      boolean deeper = lines[k].startsWith(inner + " ") || lines[k].isEmpty();
      boolean lastBrace = k == close - 1 && lines[k].equals(inner + "}");
      if (!deeper && !lastBrace) return null; // more than the one loop
    }
    String outer = lines[forLine].substring((inner + "for (").length()).split(" ")[0];
    List<String> privates = new ArrayList<>();
    for (String it : iterators) if (!it.equals(outer)) privates.add(it);
    for (String p : crehc.privates()) if (!crehc.lastPrivates().contains(p)) privates.add(p);

    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < open; k++) sb.append(lines[k]).append('\n');
    sb.append("#ifndef polyj_thread\n#ifdef _OPENMP\n#define polyj_thread() omp_get_thread_num()\n"
        + "#define polyj_threads() omp_get_max_threads()\n#else\n#define polyj_thread() 0\n"
        + "#define polyj_threads() 1\n#endif\n#endif\n");
    sb.append(lines[open]).append('\n');
    sb.append(lines[decl]).append('\n');
    for (ArrayInfo a : scop.arrays()) {
      if (!a.isRegionLocal() || !crehc.privates().contains(a.name())) continue;
      StringBuilder d = new StringBuilder(inner).append(a.elementType()).append(' ').append(a.name());
      for (Expr size : a.sizes()) d.append('[').append(ExprPrinter.print(size)).append(']');
      sb.append(d).append(";\n");
    }
    if (!large.isEmpty()) {
      sb.append("#ifdef _OPENMP\n").append(inner).append("extern int omp_get_thread_num(void);\n")
          .append(inner).append("extern int omp_get_max_threads(void);\n#endif\n");
      sb.append(inner).append("extern void *malloc(__SIZE_TYPE__);\n");
      sb.append(inner).append("extern void free(void *);\n");
      sb.append(inner).append("const int polyj_nthreads = polyj_threads();\n");
      for (Crehc.Target t : large) {
        String total = total(scop, t);
        String copies = "polyj_copies_" + t.name();
        sb.append(inner).append(t.elementType()).append(" *").append(copies).append(" = (").append(t.elementType())
            .append(" *)malloc(sizeof(").append(t.elementType()).append(") * (__SIZE_TYPE__)polyj_nthreads * (")
            .append(total).append("));\n");
        sb.append(inner).append("for (long polyj_k = 0; polyj_k < (long)polyj_nthreads * (").append(total)
            .append("); polyj_k++)\n").append(inner).append("  ").append(copies).append("[polyj_k] = ")
            .append(identity(t, "polyj_k % (" + total + ")")).append(";\n");
      }
    }
    sb.append(inner).append("#pragma omp parallel");
    if (!privates.isEmpty()) sb.append(" private(").append(String.join(", ", privates)).append(')');
    sb.append('\n').append(inner).append("{\n");
    for (Crehc.Target t : large) {
      if (arrayObject(scop, t)) {
        sb.append(inner).append("  __typeof__(").append(t.name()).append("[0]) *polyj_").append(t.name());
      } else {
        sb.append(inner).append("  ").append(t.elementType()).append(" (*polyj_").append(t.name()).append(')');
        for (int k = 1; k < t.sizes().size(); k++) sb.append('[').append(ExprPrinter.print(t.sizes().get(k))).append(']');
      }
      sb.append(" = (void *)(polyj_copies_").append(t.name()).append(" + (__SIZE_TYPE__)polyj_thread() * (")
          .append(total(scop, t)).append("));\n");
    }
    sb.append(inner).append("  #pragma omp for ").append(scheduleClause(lines, forLine, close, outer));
    if (!crehc.lastPrivates().isEmpty()) sb.append(" lastprivate(").append(String.join(", ", crehc.lastPrivates())).append(')');
    for (String c : clauses) sb.append(' ').append(c);
    sb.append('\n');
    for (int k = forLine; k < close; k++) sb.append("  ").append(lines[k]).append('\n');
    sb.append(inner).append("}\n");
    for (Crehc.Target t : large) {
      String total = total(scop, t);
      String flat = "((" + t.elementType() + " *)" + t.name() + ")";
      String copies = "polyj_copies_" + t.name();
      sb.append(inner).append("for (int polyj_t = 0; polyj_t < polyj_nthreads; polyj_t++)\n");
      sb.append(inner).append("  for (long polyj_k = 0; polyj_k < (").append(total).append("); polyj_k++)\n");
      sb.append(inner).append("    ").append(merge(t, flat + "[polyj_k]",
          copies + "[(long)polyj_t * (" + total + ") + polyj_k]")).append('\n');
      sb.append(inner).append("free(").append(copies).append(");\n");
    }
    for (int k = close; k < lines.length; k++) {
      sb.append(lines[k]);
      if (k < lines.length - 1) sb.append('\n');
    }
    return sb.toString();
  }

  /**
   * The loop's OpenMP schedule. Iterations of a loop whose inner loops' bounds depend on its
   * iterator (a triangle: work falling or rising with the iteration) are dealt round-robin: guided
   * chunks give the first thread half the iterations, three quarters of a falling triangle's work.
   * Other loops take guided chunks (even work, or work that varies with the data).
   */
  static String scheduleClause(String[] lines, int forLine, int close, String outer) {
    Pattern uses = Pattern.compile("\\b" + Pattern.quote(outer) + "\\b");
    for (int k = forLine + 1; k < close; k++) {
      String line = lines[k].trim();
      if (!line.startsWith("for (")) continue;
      int init = line.indexOf('=');
      if (init >= 0 && uses.matcher(line.substring(init)).find()) return "schedule(static, 1)";
    }
    return "schedule(guided)";
  }

  /** The number of elements of a histogram when its sizes are integer literals, else null. */
  static Long elements(Crehc.Target t) {
    long n = 1;
    for (Expr s : t.sizes()) {
      if (!(s instanceof Expr.IntLit l)) return null;
      n = Math.multiplyExact(n, l.value());
    }
    return n;
  }

  /** Whether the target names an array object (see {@link ArrayInfo#isArrayObject}). */
  private static boolean arrayObject(Scop scop, Crehc.Target t) {
    ArrayInfo a = scop.array(t.name());
    return a != null && a.isArrayObject();
  }

  /** The number of elements of a histogram, as compiled: {@code sizeof} of an array object. */
  private static String total(Scop scop, Crehc.Target t) {
    if (arrayObject(scop, t)) return "(long)(sizeof(" + t.name() + ") / sizeof(" + t.elementType() + "))";
    List<String> parts = new ArrayList<>();
    for (Expr s : t.sizes()) parts.add("(long)(" + ExprPrinter.print(s) + ")");
    return parts.isEmpty() ? "1" : String.join(" * ", parts);
  }

  /** The initial value of a private copy's element {@code k} (of the flattened array). */
  private static String identity(Crehc.Target t, String k) {
    return switch (t.op()) {
      case SUM -> "0";
      case PRODUCT -> "1";
      // min and max are idempotent: start from the shared value
      case MIN, MAX -> "((" + t.elementType() + " *)" + t.name() + ")[" + k + "]";
    };
  }

  private static String merge(Crehc.Target t, String shared, String copy) {
    return switch (t.op()) {
      case SUM -> shared + " += " + copy + ";";
      case PRODUCT -> shared + " *= " + copy + ";";
      case MIN -> "if (" + copy + " < " + shared + ") " + shared + " = " + copy + ";";
      case MAX -> "if (" + copy + " > " + shared + ") " + shared + " = " + copy + ";";
    };
  }

  /** The SCoP with the statement bodies updating {@code large} through the thread's copy. */
  private static Scop renamed(Scop scop, List<Crehc.Target> large) {
    Map<String, Expr> replacement = new HashMap<>();
    for (Crehc.Target t : large) replacement.put(t.name(), new Expr.Ident("polyj_" + t.name(), Expr.IntLit.of(0).pos()));
    List<Statement> statements = new ArrayList<>();
    for (Statement st : scop.statements()) {
      statements.add(new Statement(st.name(), st.iterators(), st.domain(), st.accesses(),
          Expr.substitute(st.body(), replacement), st.pos(), st.filter()));
    }
    return new Scop(scop.functionName(), scop.pos(), scop.params(), scop.context(), scop.arrays(), statements,
        scop.schedule(), scop.scheduleMap());
  }

}
