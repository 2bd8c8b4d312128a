package dev.polyj.reductions.sdr;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.reductions.ReductionOperator;
import java.util.List;

/**
 * The operator of an SDR reduction as the transformed program uses it (Section 3.2 and the
 * "Inverse" condition of Section 4.3 of Yang, Atkinson, Carbin, POPL 2021): how to combine two
 * values in C, the identity the temporaries start from, and whether the operator has the inverse
 * that a residual {@code Sub} reduction needs ({@code X[y] = X[y - r] + Add[y] - Sub[y]}).
 *
 * <p>Only sums have an inverse here. {@code max} and {@code min} have none. A product's inverse
 * would be a division, which is not one on integers (truncation) nor at zero factors, so products
 * are treated as having none too: for all three only reuse vectors whose transformation needs no
 * {@code Sub} reduction are valid, the reuse vectors pointing out of the domain's boundaries
 * orthogonal to the projection (the paper's Figure 7).
 *
 * @param operator the reduction operator
 * @param callName the function computing it in the source ({@code max}, {@code fmaxf}...), null
 *     for {@code +} and {@code *}
 */
public record Combiner(ReductionOperator operator, String callName) {

  /** Whether the operator has an inverse SDR may use (only sums). */
  public boolean hasInverse() {
    return operator == ReductionOperator.SUM;
  }

  /** {@code a (+) b} as a C expression. */
  public Expr combine(Expr a, Expr b) {
    return switch (operator) {
      case SUM -> new Expr.Binary("+", a, b, SourcePos.UNKNOWN);
      case PRODUCT -> new Expr.Binary("*", a, b, SourcePos.UNKNOWN);
      case MAX, MIN -> new Expr.Call(new Expr.Ident(callName, SourcePos.UNKNOWN), List.of(a, b), SourcePos.UNKNOWN);
    };
  }

  /**
   * The statement {@code target (+)= value}: {@code +=} and {@code *=} for sums and products,
   * {@code target = max(again, value)} for the others ({@code again} is a second copy of the target,
   * a separate expression so that its read access has its own node).
   */
  public Expr.Assign accumulate(Expr target, Expr again, Expr value) {
    return switch (operator) {
      case SUM -> new Expr.Assign("+=", target, value, SourcePos.UNKNOWN);
      case PRODUCT -> new Expr.Assign("*=", target, value, SourcePos.UNKNOWN);
      case MAX, MIN -> new Expr.Assign("=", target, combine(again, value), SourcePos.UNKNOWN);
    };
  }

  /** Whether {@link #accumulate} reads the target through a second expression. */
  public boolean accumulatesByCall() {
    return operator == ReductionOperator.MAX || operator == ReductionOperator.MIN;
  }

  /**
   * The identity of the operator for elements of C type {@code type}: 0, 1, or the extreme value of
   * the type for max and min ({@code -INFINITY} spelled {@code -__builtin_inf()} for floating point).
   */
  public Expr identity(String type) {
    return switch (operator) {
      case SUM -> Expr.IntLit.of(0);
      case PRODUCT -> Expr.IntLit.of(1);
      case MAX -> extreme(type, false);
      case MIN -> extreme(type, true);
    };
  }

  private static Expr extreme(String type, boolean largest) {
    String t = type.replace("const", "").replace("signed", "").strip();
    if (t.equals("double") || t.equals("float") || t.equals("long double")) {
      Expr inf = new Expr.Call(new Expr.Ident("__builtin_inf", SourcePos.UNKNOWN), List.of(), SourcePos.UNKNOWN);
      return largest ? inf : new Expr.Unary("-", inf, SourcePos.UNKNOWN);
    }
    long max = switch (t) {
      case "char" -> Byte.MAX_VALUE;
      case "short" -> Short.MAX_VALUE;
      case "int" -> Integer.MAX_VALUE;
      case "long", "long long", "long int", "int64_t" -> Long.MAX_VALUE;
      default -> throw new IllegalArgumentException("no identity of max/min for elements of type " + type);
    };
    if (largest) return Expr.IntLit.of(max);
    // the smallest value, -max - 1, spelled so that no literal overflows
    return new Expr.Binary("-", new Expr.Unary("-", Expr.IntLit.of(max), SourcePos.UNKNOWN), Expr.IntLit.of(1),
        SourcePos.UNKNOWN);
  }

  /** Whether {@link #identity} is defined for elements of {@code type}. */
  public boolean hasIdentity(String type) {
    try {
      identity(type);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
