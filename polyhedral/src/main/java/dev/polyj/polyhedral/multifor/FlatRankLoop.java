package dev.polyj.polyhedral.multifor;

import dev.polyj.presburger.count.Unranking;
import dev.polyj.presburger.set.Relation;
import java.util.List;
import java.util.function.Function;

/**
 * The C of a loop nest run as one flat parallel loop over the ranks of its iterations (Fassi et
 * al., IMPACT 2013, section 5: ranking Ehrhart polynomials and their inversion), shared by the
 * collapsed nests of {@code #pragma polyj collapse} ({@link CollapseTranslator}) and the
 * optimizer's {@code collapse} pass.
 *
 * <p>The caller gives the nest's iteration set (one dimension per loop, lexicographic order =
 * execution order) in isl notation, and per loop its C header parts and how its index is resumed
 * from a coordinate of that set. {@link #functions} prints, at file scope, the card and prefix
 * ranks of the set as exact C functions ({@link RankingC}) and an unranking function; {@link #code}
 * prints the flat loop: the ranks {@code 0 .. card - 1} cut into one balanced chunk per thread
 * (chunk {@code k} of {@code c} holds ranks {@code [n k / c, n (k + 1) / c)}, sizes differing by at
 * most one), each chunk unranking its first rank once and then running the original nest from that
 * point (inner loops restart at their own lower bounds after the first iteration) for exactly its
 * number of iterations. {@code -DPOLYJ_CHUNKS=n} fixes the number of chunks.
 */
public final class FlatRankLoop {
  private FlatRankLoop() {}

  /**
   * One loop of the nest: {@code for (index = init; condition; increment)}, where {@code resume}
   * is the C value of the index at coordinate {@code x} of the iteration set ({@code x} is the C
   * text of that coordinate).
   */
  public record Level(String index, String init, String condition, String increment, Function<String, String> resume) {}

  /** The file-scope definitions every flat loop needs (OpenMP's header, the exact rank helpers), guarded. */
  public static String helpers() {
    return "#ifdef _OPENMP\n#include <omp.h>\n#endif\n" + RankingC.helpers();
  }

  /**
   * The file-scope functions of the flat loop named {@code v}: {@code v}card, {@code v}R0 ..
   * {@code v}R(d-1) and {@code v}unrank, for the iteration set {@code set} (isl notation, its
   * parameters in the order of the {@code p} array of {@link #code}).
   *
   * @throws IllegalArgumentException when the set cannot be counted or its ranks printed as exact C,
   *     with the reason
   */
  public static String functions(String v, String set) {
    Unranking u;
    try {
      u = Unranking.of(Relation.parse(set));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot count the iterations of this nest: " + e.getMessage(), e);
    }
    int d = u.set().space().nOut();
    StringBuilder fn = new StringBuilder();
    fn.append("/* iterations: ").append(set.replace("*/", "* /")).append(" */\n");
    try {
      fn.append(RankingC.function(v + "card", u.card()));
      for (int k = 0; k < d; k++) fn.append(RankingC.function(v + "R" + k, u.prefixRank(k)));
    } catch (UnsupportedOperationException e) {
      throw new IllegalArgumentException("cannot collapse this nest: " + e.getMessage(), e);
    }
    fn.append("static void ").append(v).append("unrank(const long long *p, polyj_wide r, long long *x) {\n");
    for (int k = 0; k < d; k++) {
      fn.append("  polyj_largest_at_most(").append(v).append("R").append(k).append(", p, x, ").append(k).append(", r);\n");
    }
    fn.append("}\n");
    return fn.toString();
  }

  /**
   * The outer loop of a nest cut into balanced chunks of whole iterations, a block indented by
   * {@code indent}: chunk {@code k} of {@code c} runs the outer iterations from the one after the
   * iteration holding rank {@code n k / c - 1} (from the loop's start for {@code k = 0}) up to where
   * chunk {@code k + 1} starts; the ranks are those of the whole nest (the functions of {@link
   * #functions} for its iteration set), so each outer iteration weighs its inner iterations. The
   * other arguments are those of {@link #code}; {@code body} is the outer loop's body.
   */
  public static String outerCode(String v, List<String> params, Level outer, String indexType, String pragma,
      Function<String, String> body, String indent) {
    StringBuilder sb = new StringBuilder();
    String in = indent;
    prologue(sb, v, params, 1, in, "parallel loop in chunks of balanced weight: the ranks of the nest it holds");
    chunks(sb, v, in);
    sb.append(in).append("  #pragma ").append(pragma).append('\n');
    String k = v + "k";
    sb.append(in).append("  for (long long ").append(k).append(" = 0; ").append(k).append(" < ").append(v).append("chunks; ")
        .append(k).append("++) {\n");
    sb.append(in).append("    long long ").append(v).append("x[1], ").append(v).append("from, ").append(v).append("to;\n");
    sb.append(in).append("    polyj_wide ").append(v).append("r0 = (polyj_wide) ").append(v).append("n * ").append(k)
        .append(" / ").append(v).append("chunks;\n");
    sb.append(in).append("    polyj_wide ").append(v).append("r1 = (polyj_wide) ").append(v).append("n * (").append(k)
        .append(" + 1) / ").append(v).append("chunks;\n");
    sb.append(in).append("    ").append(indexType).append(' ').append(outer.index()).append(";\n");
    sb.append(in).append("    if (").append(v).append("r1 <= ").append(v).append("r0) continue;\n");
    sb.append(in).append("    ").append(v).append("from = ").append(v).append("r0 == 0 ? (long long) (").append(outer.init())
        .append(") : polyj_largest_at_most(").append(v).append("R0, ").append(v).append("p, ").append(v).append("x, 0, ")
        .append(v).append("r0 - 1) + 1;\n");
    sb.append(in).append("    ").append(v).append("to = polyj_largest_at_most(").append(v).append("R0, ").append(v)
        .append("p, ").append(v).append("x, 0, ").append(v).append("r1 - 1) + 1;\n");
    String pad = in + "    ";
    sb.append(pad).append("for (").append(outer.index()).append(" = ").append(outer.resume().apply(v + "from")).append("; ")
        .append(outer.index()).append(" < ").append(v).append("to; ").append(outer.increment()).append(") {\n");
    sb.append(body.apply(pad + "  "));
    sb.append(pad).append("}\n");
    sb.append(in).append("  }\n");
    sb.append(in).append("}\n");
    return sb.toString();
  }

  /** The number of chunks: POLYJ_CHUNKS, else the threads, at most the ranks. */
  private static void chunks(StringBuilder sb, String v, String in) {
    sb.append(in).append("  long long ").append(v).append("chunks = 1;\n");
    sb.append("#if defined(POLYJ_CHUNKS)\n");
    sb.append(in).append("  ").append(v).append("chunks = POLYJ_CHUNKS;\n");
    sb.append("#elif defined(_OPENMP)\n");
    sb.append(in).append("  ").append(v).append("chunks = omp_get_max_threads();\n");
    sb.append("#endif\n");
    sb.append(in).append("  if (").append(v).append("chunks > ").append(v).append("n) ").append(v).append("chunks = ").append(v)
        .append("n;\n");
  }

  /**
   * The opening of the block: a comment, the parameters as an array, the point array of {@code d}
   * coordinates and the number of ranks {@code n}.
   */
  private static void prologue(StringBuilder sb, String v, List<String> params, int d, String in, String comment) {
    sb.append(in).append("{ /* ").append(comment).append(" */\n");
    StringBuilder pv = new StringBuilder();
    for (String p : params) pv.append(pv.length() > 0 ? ", " : "").append("(long long) (").append(p).append(")");
    sb.append(in).append("  const long long ").append(v).append("p[").append(Math.max(1, params.size())).append("] = {")
        .append(params.isEmpty() ? "0" : pv).append("};\n");
    sb.append(in).append("  long long ").append(v).append("x0[").append(d).append("];\n");
    sb.append(in).append("  long long ").append(v).append("n = (long long) ").append(v).append("card(").append(v).append("p, ")
        .append(v).append("x0);\n");
  }

  /**
   * The flat loop, a block indented by {@code indent}: {@code params} are the C values of the
   * set's parameters (in order), {@code indexType} the type the indices are declared with inside
   * each chunk, {@code pragma} the OpenMP line of the loop over chunks (without {@code #pragma}),
   * and {@code body} the lines of the innermost loop's body given their indentation.
   */
  public static String code(String v, List<String> params, List<Level> levels, String indexType, String pragma,
      Function<String, String> body, String indent) {
    int d = levels.size();
    StringBuilder sb = new StringBuilder();
    String in = indent;
    prologue(sb, v, params, d, in, "collapsed loop nest: one flat loop over the ranks of its iterations");
    chunks(sb, v, in);
    sb.append(in).append("  #pragma ").append(pragma).append('\n');
    String k = v + "k";
    sb.append(in).append("  for (long long ").append(k).append(" = 0; ").append(k).append(" < ").append(v).append("chunks; ")
        .append(k).append("++) {\n");
    // a local label (GNU C): the same nest may be flattened twice in one function
    sb.append(in).append("    __label__ ").append(v).append("done;\n");
    sb.append(in).append("    long long ").append(v).append("r0 = (long long) ((polyj_wide) ").append(v).append("n * ").append(k)
        .append(" / ").append(v).append("chunks);\n");
    sb.append(in).append("    long long ").append(v).append("left = (long long) ((polyj_wide) ").append(v).append("n * (")
        .append(k).append(" + 1) / ").append(v).append("chunks) - ").append(v).append("r0;\n");
    sb.append(in).append("    long long ").append(v).append("x[").append(d).append("];\n");
    sb.append(in).append("    int ").append(v).append("first = 1;\n");
    StringBuilder decl = new StringBuilder();
    for (Level l : levels) decl.append(decl.length() > 0 ? ", " : "").append(l.index());
    sb.append(in).append("    ").append(indexType).append(' ').append(decl).append(";\n");
    sb.append(in).append("    if (").append(v).append("left <= 0) continue;\n");
    sb.append(in).append("    ").append(v).append("unrank(").append(v).append("p, ").append(v).append("r0, ").append(v).append("x);\n");
    String pad = in + "    ";
    for (int j = 0; j < d; j++) {
      Level l = levels.get(j);
      sb.append(pad).append("  ".repeat(j)).append("for (").append(l.index()).append(" = ").append(v).append("first ? ")
          .append(l.resume().apply(v + "x[" + j + "]")).append(" : (").append(l.init()).append("); ").append(l.condition())
          .append("; ").append(l.increment()).append(") {\n");
    }
    String bodyPad = pad + "  ".repeat(d);
    sb.append(bodyPad).append(v).append("first = 0;\n");
    sb.append(body.apply(bodyPad));
    sb.append(bodyPad).append("if (--").append(v).append("left == 0) goto ").append(v).append("done;\n");
    for (int j = d - 1; j >= 0; j--) sb.append(pad).append("  ".repeat(j)).append("}\n");
    sb.append(pad).append(v).append("done: ;\n");
    sb.append(in).append("  }\n");
    sb.append(in).append("}\n");
    return sb.toString();
  }
}
