package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * An integer expression of the loop AST: constants, identifiers (parameters and loop iterators),
 * affine combinations and the operators loop bounds and guards need ({@code min}, {@code max},
 * floor/ceiling/exact division, remainder, comparisons, conjunction, disjunction, selection).
 *
 * <p>Immutable values with structural equality; {@code toString()} is the C spelling (see
 * {@code ExprFormat}), which also serves as a canonical key when comparing bounds and guards.
 */
public sealed interface Expr permits Expr.Int, Expr.Id, Expr.Linear, Expr.Op {

  /** An integer constant. */
  record Int(long value) implements Expr {
    @Override
    public String toString() {
      return ExprFormat.format(this);
    }
  }

  /** A parameter or an iterator. */
  record Id(String name) implements Expr {
    public Id {
      checkArgument(!name.isEmpty(), "empty identifier");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** One summand {@code coef * expr} of a {@link Linear}. */
  record Term(long coef, Expr expr) {
    public Term {
      checkArgument(coef != 0, "zero coefficient");
      checkArgument(!(expr instanceof Int) && !(expr instanceof Linear), "term over %s", expr);
    }
  }

  /** {@code sum(coef_i * expr_i) + constant}, at least one term (see {@link Exprs#linear}). */
  record Linear(ImmutableList<Term> terms, long constant) implements Expr {
    public Linear {
      checkArgument(!terms.isEmpty(), "linear expression without terms");
    }

    @Override
    public String toString() {
      return ExprFormat.format(this);
    }
  }

  /** Operator kinds; divisions and remainders take a positive constant divisor as second argument. */
  enum Kind {
    /** Minimum of two or more arguments. */
    MIN,
    /** Maximum of two or more arguments. */
    MAX,
    /** Division rounded towards negative infinity. */
    FLOORD,
    /** Division rounded towards positive infinity. */
    CEILD,
    /** Exact division (the dividend is known to be a multiple). */
    DIV,
    /** Remainder with the sign of the dividend (C's {@code %}); used in tests against zero. */
    MOD,
    EQ,
    LE,
    LT,
    GE,
    GT,
    AND,
    OR,
    /** {@code a ? b : c}. */
    COND
  }

  /** An operator application. */
  record Op(Kind kind, ImmutableList<Expr> args) implements Expr {
    public Op {
      int n = args.size();
      switch (kind) {
        case MIN, MAX, AND, OR -> checkArgument(n >= 2, "%s with %s arguments", kind, n);
        case COND -> checkArgument(n == 3, "conditional with %s arguments", n);
        case FLOORD, CEILD, DIV, MOD -> {
          checkArgument(n == 2, "%s with %s arguments", kind, n);
          checkArgument(args.get(1) instanceof Int d && d.value() > 0, "%s by non-positive constant %s", kind,
              args.get(1));
        }
        default -> checkArgument(n == 2, "%s with %s arguments", kind, n);
      }
    }

    public Op(Kind kind, List<Expr> args) {
      this(kind, ImmutableList.copyOf(args));
    }

    @Override
    public String toString() {
      return ExprFormat.format(this);
    }
  }
}
