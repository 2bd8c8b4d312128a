package dev.polyj.polyhedral.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * A piecewise quasi-affine expression: pieces {@code (condition, value)} with pairwise disjoint
 * conditions; the value of a C expression built from affine parts, min, max, ternaries and
 * integer divisions. Pieces whose condition is unsatisfiable are dropped as they arise.
 */
record PwAff(List<Piece> pieces) {
  record Piece(Formula cond, QAff value) {}

  static PwAff of(QAff v) {
    return new PwAff(List.of(new Piece(Formula.TRUE, v)));
  }

  /** The single value when there is one unconditional piece, else null. */
  QAff single() {
    return pieces.size() == 1 && pieces.get(0).cond().equals(Formula.TRUE) ? pieces.get(0).value() : null;
  }

  PwAff map(UnaryOperator<QAff> f) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) out.add(new Piece(p.cond(), f.apply(p.value())));
    return new PwAff(out);
  }

  static PwAff combine(PwAff a, PwAff b, BinaryOperator<QAff> f) {
    List<Piece> out = new ArrayList<>();
    for (Piece x : a.pieces) {
      for (Piece y : b.pieces) {
        Formula c = Formula.and(x.cond(), y.cond());
        if (Satisfiability.isSatisfiable(c)) out.add(new Piece(c, f.apply(x.value(), y.value())));
      }
    }
    return new PwAff(out);
  }

  /** Pieces of {@code a} where {@code cond} holds, then pieces of {@code b} where it does not. */
  static PwAff select(Formula cond, PwAff a, PwAff b) {
    List<Piece> out = new ArrayList<>();
    Formula notCond = Formula.not(cond);
    for (Piece x : a.pieces) {
      Formula c = Formula.and(cond, x.cond());
      if (Satisfiability.isSatisfiable(c)) out.add(new Piece(c, x.value()));
    }
    for (Piece y : b.pieces) {
      Formula c = Formula.and(notCond, y.cond());
      if (Satisfiability.isSatisfiable(c)) out.add(new Piece(c, y.value()));
    }
    return new PwAff(out);
  }

  /** The formula {@code a rel b}: OR over piece pairs of (both conditions and the comparison). */
  static Formula compare(PwAff a, PwAff b, String op) {
    List<Formula> out = new ArrayList<>();
    for (Piece x : a.pieces) {
      for (Piece y : b.pieces) {
        QAff l = x.value();
        QAff r = y.value();
        Formula rel = switch (op) {
          case "<" -> Formula.ge(r, l.add(1));
          case "<=" -> Formula.ge(r, l);
          case ">" -> Formula.ge(l, r.add(1));
          case ">=" -> Formula.ge(l, r);
          case "==" -> Formula.eq(l, r);
          case "!=" -> Formula.not(Formula.eq(l, r));
          default -> throw new IllegalArgumentException(op);
        };
        out.add(Formula.and(x.cond(), y.cond(), rel));
      }
    }
    return Formula.or(out);
  }

  /** The value under an assignment of all variables. */
  long evaluate(java.util.Map<String, Long> env) {
    for (Piece p : pieces) if (Formula.evaluate(p.cond(), env)) return p.value().evaluate(env);
    throw new IllegalStateException("no piece applies");
  }
}
