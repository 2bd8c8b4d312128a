package dev.polyj.presburger.notation;

import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A piecewise quasi-affine expression as isl reads it: affine values on domains given by formulas.
 * Most expressions have one piece on the universe; {@code min}, {@code max}, {@code ?:} and the
 * piecewise tuple entries {@code aff : cond; ...} give several. Where no piece is defined the
 * expression is undefined and every comparison involving it is false (isl's semantics).
 */
record PwAff(List<Piece> pieces) {
  record Piece(Formula guard, Aff value) {}

  PwAff {
    pieces = List.copyOf(pieces);
  }

  static PwAff of(Aff a) {
    return new PwAff(List.of(new Piece(Formula.TRUE, a)));
  }

  static PwAff of(Formula guard, Aff a) {
    return guard.equals(Formula.FALSE) ? new PwAff(List.of()) : new PwAff(List.of(new Piece(guard, a)));
  }

  static PwAff empty() {
    return new PwAff(List.of());
  }

  /** The single affine value when there is one piece on the universe, else null. */
  Aff simple() {
    return pieces.size() == 1 && pieces.get(0).guard().equals(Formula.TRUE) ? pieces.get(0).value() : null;
  }

  PwAff map(UnaryOperator<Aff> f) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) out.add(new Piece(p.guard(), f.apply(p.value())));
    return new PwAff(out);
  }

  /** Pointwise combination on the intersection of the domains. */
  PwAff combine(PwAff o, java.util.function.BinaryOperator<Aff> f) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) {
      for (Piece q : o.pieces) {
        Formula g = Formula.and(p.guard(), q.guard());
        if (!g.equals(Formula.FALSE)) out.add(new Piece(g, f.apply(p.value(), q.value())));
      }
    }
    return new PwAff(out);
  }

  PwAff add(PwAff o) {
    return combine(o, Aff::add);
  }

  PwAff sub(PwAff o) {
    return combine(o, Aff::sub);
  }

  PwAff negate() {
    return map(Aff::negate);
  }

  PwAff scale(long f) {
    return map(a -> a.scale(f));
  }

  PwAff scaleDown(long d) {
    return map(a -> a.scaleDown(d));
  }

  /** Greatest integer below, piece by piece; a non-integral value becomes a division variable. */
  PwAff floor(VarTable vars) {
    return map(a -> floor(a, vars));
  }

  PwAff ceil(VarTable vars) {
    return map(a -> floor(a.negate(), vars).negate());
  }

  static Aff floor(Aff a, VarTable vars) {
    if (a.den() == 1) return a;
    if (a.isConstant()) return Aff.constant(Ints.floorDiv(a.constantTerm(), a.den()));
    return Aff.var(vars.div(a.numerator(), a.den()));
  }

  /** {@code this - d * floor(this / d)}, isl's {@code mod}. */
  PwAff mod(long d, VarTable vars) {
    return map(a -> a.sub(floor(a.scaleDown(d), vars).scale(d)));
  }

  /** Minimum (or maximum) on the intersection of the domains. */
  PwAff minMax(PwAff o, boolean min) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) {
      for (Piece q : o.pieces) {
        Formula g = Formula.and(p.guard(), q.guard());
        if (g.equals(Formula.FALSE)) continue;
        Formula pFirst = Formula.compare(p.value(), min ? Token.Kind.LE : Token.Kind.GE, q.value());
        addPiece(out, Formula.and(g, pFirst), p.value());
        addPiece(out, Formula.and(g, Formula.not(pFirst)), q.value());
      }
    }
    return new PwAff(out);
  }

  /** {@code cond ? a : b}. */
  static PwAff select(Formula cond, PwAff a, PwAff b) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : a.pieces) addPiece(out, Formula.and(cond, p.guard()), p.value());
    Formula notCond = Formula.not(cond);
    for (Piece p : b.pieces) addPiece(out, Formula.and(notCond, p.guard()), p.value());
    return new PwAff(out);
  }

  /** This expression restricted to where {@code cond} holds. */
  PwAff restrict(Formula cond) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : pieces) addPiece(out, Formula.and(p.guard(), cond), p.value());
    return new PwAff(out);
  }

  /** isl's union_add: either value where only one is defined, their sum where both are. */
  PwAff unionAdd(PwAff o) {
    if (pieces.isEmpty()) return o;
    if (o.pieces.isEmpty()) return this;
    List<Piece> out = new ArrayList<>(add(o).pieces);
    Formula domA = domain();
    Formula domB = o.domain();
    for (Piece p : pieces) addPiece(out, Formula.and(p.guard(), Formula.not(domB)), p.value());
    for (Piece q : o.pieces) addPiece(out, Formula.and(q.guard(), Formula.not(domA)), q.value());
    return new PwAff(out);
  }

  /** Where the expression is defined. */
  Formula domain() {
    List<Formula> gs = new ArrayList<>();
    for (Piece p : pieces) gs.add(p.guard());
    return Formula.or(gs);
  }

  private static void addPiece(List<Piece> out, Formula g, Aff v) {
    if (!g.equals(Formula.FALSE)) out.add(new Piece(g, v));
  }

  /** {@code a op b} where both are defined. */
  static Formula compare(PwAff a, Token.Kind op, PwAff b) {
    List<Formula> alts = new ArrayList<>();
    for (Piece p : a.pieces) {
      for (Piece q : b.pieces) {
        alts.add(Formula.and(List.of(p.guard(), q.guard(), Formula.compare(p.value(), op, q.value()))));
      }
    }
    return Formula.or(alts);
  }
}
