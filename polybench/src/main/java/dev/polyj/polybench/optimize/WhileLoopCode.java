package dev.polyj.polybench.optimize;

import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.frontend.WhileCollapse;
import dev.polyj.polyhedral.scop.ExprPrinter;
import java.util.ArrayList;
import java.util.List;

/**
 * The code of a region with data-dependent {@code while} and {@code do}-{@code while} loops, from
 * its collapsed form ({@link WhileCollapse}): the region with each outermost loop as one compound
 * statement is optimized as any SCoP (its affine loops scheduled, tiled and parallelized where the
 * dependences, the compound statements' may accesses included, allow), then each instance of a
 * compound statement, printed as a call {@code __pj_whileK(e1, ..., en);}, is replaced by the loop:
 * a block giving the iterators around the loop their values at that instance, the loop with its
 * original condition, iterating sequentially, around the code of its body, itself optimized as a
 * region (recursively for nested loops).
 *
 * <p>The passes that rewrite statement bodies or keep array elements in registers across
 * statements cannot see into a compound statement's code, so they do not run on the region
 * around the loops (they still run on the loop bodies): scalar expansion, DeLICM, SDR, QUOV,
 * reductions, histograms, product packing, unroll-and-jam, column interchange, recurrence
 * interleaving, register blocking and scalar promotion. A loop inside other loops gets a body without OpenMP constructs (those
 * loops may run in parallel or be vectorized).
 */
final class WhileLoopCode {
  /** The passes left out of the optimization of a region holding compound statements. */
  static final List<String> OUTER_DISABLED = List.of("sdr", "delicm", "scalar-expansion", "quov", "reductions",
      "histograms", "product-packing", "unroll-and-jam", "column-interchange", "recurrence-interleaving", "register-blocking",
      "scalar-promotion");
  /** The passes left out of the optimization of a loop body (a guard on the body's code has no place). */
  static final List<String> BODY_DISABLED = List.of("quov");

  private static final String UNIT = "  ";

  private final PolyhedralOptimizer base;
  private final PolyhedralOptimizer outer;
  private final PolyhedralOptimizer body;
  /** The number of loops whose code was generated. */
  int loops;

  WhileLoopCode(PolyhedralOptimizer optimizer) {
    this.base = optimizer;
    this.outer = optimizer.without(OUTER_DISABLED);
    this.body = optimizer.without(BODY_DISABLED);
  }

  /** The code of a region whose while loops are collapsed in {@code w}, indented by {@code level} units. */
  String code(WhileCollapse w, int level) {
    RegionState r = outer.run(w.outer(), level);
    if (r.guard != null) throw new IllegalStateException("a guarded version of a region with while loops");
    String text = r.code();
    for (WhileCollapse.Loop loop : w.loops()) text = expand(text, loop);
    return text;
  }

  /**
   * The code of the body region of {@code loop}, at {@code level}. A loop inside other loops (which
   * may run in parallel) gets a body without OpenMP constructs: threads are forked around it.
   */
  private String bodyCode(WhileCollapse.Loop loop, int level) {
    if (!loop.iterators().isEmpty() && base.runs("openmp")) {
      WhileLoopCode inner = new WhileLoopCode(base.without(List.of("openmp")));
      String text = inner.bodyCode(loop, level);
      loops += inner.loops;
      return text;
    }
    RegionResult region = loop.body();
    if (region.whileCollapse() != null) return code(region.whileCollapse(), level);
    RegionState r = body.run(region.scop(), level);
    if (r.guard != null) throw new IllegalStateException("a guarded version of a while loop's body");
    return r.code();
  }

  /** {@code text} with every call of {@code loop}'s compound statement replaced by the loop's code. */
  private String expand(String text, WhileCollapse.Loop loop) {
    String call = loop.name() + "(";
    StringBuilder sb = new StringBuilder();
    int pos = 0;
    while (true) {
      int at = text.indexOf(call, pos);
      if (at < 0) break;
      int lineStart = text.lastIndexOf('\n', at) + 1;
      String before = text.substring(lineStart, at);
      if (!before.isBlank()) throw new IllegalStateException("a while loop's statement inside an expression: " + before);
      int open = at + call.length() - 1;
      int close = matching(text, open);
      List<String> args = arguments(text.substring(open + 1, close));
      int end = close + 1;
      if (end >= text.length() || text.charAt(end) != ';') throw new IllegalStateException("a while loop's call not followed by ';'");
      end++;
      if (end < text.length() && text.charAt(end) == '\n') end++;
      int level = before.replace("\t", "    ").length() / UNIT.length();
      sb.append(text, pos, lineStart).append(loopCode(loop, args, level));
      pos = end;
      loops++;
    }
    sb.append(text.substring(pos));
    return sb.toString();
  }

  /** The code of one instance of a loop, the iterators around it having the values {@code args}. */
  private String loopCode(WhileCollapse.Loop loop, List<String> args, int level) {
    if (args.size() != loop.iterators().size()) {
      throw new IllegalStateException(loop.name() + " called with " + args.size() + " values, has "
          + loop.iterators().size() + " iterators");
    }
    String ind = UNIT.repeat(level);
    String cond = ExprPrinter.print(loop.cond());
    StringBuilder sb = new StringBuilder();
    sb.append(ind).append("{\n");
    for (int k = 0; k < args.size(); k++) {
      sb.append(ind).append(UNIT).append(loop.iteratorTypes().get(k)).append(' ').append(loop.iterators().get(k))
          .append(" = ").append(args.get(k)).append(";\n");
    }
    // a loop under data-dependent if conditions runs when they hold
    String in = ind + UNIT;
    if (loop.guard() != null) {
      sb.append(in).append("if (").append(ExprPrinter.print(loop.guard())).append(") {\n");
      in += UNIT;
    }
    String bodyText = bodyCode(loop, level + (loop.guard() != null ? 3 : 2));
    if (loop.doWhile()) {
      sb.append(in).append("do {\n").append(bodyText);
      sb.append(in).append("} while (").append(cond).append(");\n");
    } else {
      sb.append(in).append("while (").append(cond).append(") {\n").append(bodyText);
      if (loop.step() != null) sb.append(in).append(UNIT).append(ExprPrinter.print(loop.step())).append(";\n");
      sb.append(in).append("}\n");
    }
    if (loop.guard() != null) sb.append(ind).append(UNIT).append("}\n");
    sb.append(ind).append("}\n");
    return sb.toString();
  }

  private static int matching(String text, int open) {
    int depth = 0;
    for (int k = open; k < text.length(); k++) {
      char c = text.charAt(k);
      if (c == '(') depth++;
      else if (c == ')' && --depth == 0) return k;
    }
    throw new IllegalStateException("unbalanced call of a while loop's statement");
  }

  /** The comma-separated arguments of a call at nesting depth 0. */
  private static List<String> arguments(String inside) {
    List<String> out = new ArrayList<>();
    if (inside.isBlank()) return out;
    int depth = 0;
    int start = 0;
    for (int k = 0; k < inside.length(); k++) {
      char c = inside.charAt(k);
      if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') depth--;
      else if (c == ',' && depth == 0) {
        out.add(inside.substring(start, k).trim());
        start = k + 1;
      }
    }
    out.add(inside.substring(start).trim());
    return out;
  }
}
