package dev.polyj.polyhedral.storage.quov;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import java.util.Arrays;
import java.util.List;

/**
 * An affine expression {@code c + sum p_k P_k + sum a_j x_j} in the region's parameters {@code P}
 * and one statement's iterators {@code x}, with exact (overflow-checked) arithmetic: the schedule
 * members of a statement, the source instance of a read as a function of the reading instance,
 * the coordinates of a storage cell.
 */
public record AffineForm(long constant, long[] params, long[] iterators) {
  @Override
  public boolean equals(Object o) {
    return o instanceof AffineForm f && f.constant == constant && Arrays.equals(f.params, params)
        && Arrays.equals(f.iterators, iterators);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Long.hashCode(constant) + Arrays.hashCode(params)) + Arrays.hashCode(iterators);
  }

  public static AffineForm zero(int nParams, int nIterators) {
    return new AffineForm(0, new long[nParams], new long[nIterators]);
  }

  public static AffineForm constant(long c, int nParams, int nIterators) {
    return new AffineForm(c, new long[nParams], new long[nIterators]);
  }

  public static AffineForm iterator(int j, int nParams, int nIterators) {
    long[] a = new long[nIterators];
    a[j] = 1;
    return new AffineForm(0, new long[nParams], a);
  }

  public AffineForm add(AffineForm o) {
    return combine(1, o);
  }

  public AffineForm sub(AffineForm o) {
    return combine(-1, o);
  }

  private AffineForm combine(long f, AffineForm o) {
    long[] p = params.clone();
    long[] a = iterators.clone();
    for (int k = 0; k < p.length; k++) p[k] = Math.addExact(p[k], Math.multiplyExact(f, o.params[k]));
    for (int k = 0; k < a.length; k++) a[k] = Math.addExact(a[k], Math.multiplyExact(f, o.iterators[k]));
    return new AffineForm(Math.addExact(constant, Math.multiplyExact(f, o.constant)), p, a);
  }

  public AffineForm scale(long f) {
    long[] p = params.clone();
    long[] a = iterators.clone();
    for (int k = 0; k < p.length; k++) p[k] = Math.multiplyExact(f, p[k]);
    for (int k = 0; k < a.length; k++) a[k] = Math.multiplyExact(f, a[k]);
    return new AffineForm(Math.multiplyExact(f, constant), p, a);
  }

  /** This form with its iterators replaced by {@code subst} (forms over another statement's iterators). */
  public AffineForm compose(AffineForm[] subst) {
    int nIt = subst.length == 0 ? 0 : subst[0].iterators.length;
    AffineForm out = new AffineForm(constant, params.clone(), new long[nIt]);
    for (int j = 0; j < iterators.length; j++) {
      if (iterators[j] != 0) out = out.add(subst[j].scale(iterators[j]));
    }
    return out;
  }

  /** Whether the form is a constant (no parameter, no iterator). */
  public boolean isConstant() {
    return Arrays.stream(params).allMatch(x -> x == 0) && Arrays.stream(iterators).allMatch(x -> x == 0);
  }

  /** Whether the form depends on no iterator. */
  public boolean isParametric() {
    return Arrays.stream(iterators).allMatch(x -> x == 0);
  }

  /** The row {@code (c, P..., x...)} of this form, padded with {@code extra} zero columns. */
  public long[] row(int extra) {
    long[] r = new long[1 + params.length + iterators.length + extra];
    r[0] = constant;
    System.arraycopy(params, 0, r, 1, params.length);
    System.arraycopy(iterators, 0, r, 1 + params.length, iterators.length);
    return r;
  }

  /**
   * Output dimension {@code out} of the function {@code f} (a map from a statement's instances,
   * over {@code params}, without local variables) as a form, or null when {@code f} does not fix it
   * affinely.
   */
  public static AffineForm ofOutput(Relation f, int out, List<String> params) {
    if (f.isEmpty()) return null;
    BasicRelation hull = f.affineHull();
    if (hull.nLocal() > 0) return null;
    int np = hull.nParam();
    int nIn = hull.nIn();
    int nOut = hull.nOut();
    List<String> own = f.space().params();
    for (long[] eq : hull.equalities()) {
      long c = eq[hull.outCol(out)];
      if (Math.abs(c) != 1) continue;
      boolean alone = true;
      for (int k = 0; k < nOut; k++) if (k != out && eq[hull.outCol(k)] != 0) alone = false;
      if (!alone) continue;
      // c * y + rest = 0  =>  y = -rest / c = -c * rest
      long[] p = new long[params.size()];
      for (int k = 0; k < np; k++) {
        int at = params.indexOf(own.get(k));
        if (at < 0) {
          if (eq[hull.paramCol(k)] != 0) return null;
          continue;
        }
        p[at] = Math.multiplyExact(-c, eq[hull.paramCol(k)]);
      }
      long[] a = new long[nIn];
      for (int k = 0; k < nIn; k++) a[k] = Math.multiplyExact(-c, eq[hull.inCol(k)]);
      // an equality of the affine hull holds at every point of the function
      return new AffineForm(Math.multiplyExact(-c, eq[0]), p, a);
    }
    return null;
  }

  /** The C expression of this form. */
  public Expr toExpr(List<String> paramNames, List<String> iteratorNames) {
    Expr out = null;
    for (int k = 0; k < params.length; k++) out = term(out, params[k], paramNames.get(k));
    for (int k = 0; k < iterators.length; k++) out = term(out, iterators[k], iteratorNames.get(k));
    if (out == null) return lit(constant);
    if (constant > 0) return new Expr.Binary("+", out, lit(constant), SourcePos.UNKNOWN);
    if (constant < 0) return new Expr.Binary("-", out, lit(-constant), SourcePos.UNKNOWN);
    return out;
  }

  /** The C text of this form. */
  public String toC(List<String> paramNames, List<String> iteratorNames) {
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < params.length; k++) text(b, params[k], paramNames.get(k));
    for (int k = 0; k < iterators.length; k++) text(b, iterators[k], iteratorNames.get(k));
    if (b.length() == 0) return Long.toString(constant);
    if (constant > 0) b.append(" + ").append(constant);
    if (constant < 0) b.append(" - ").append(-constant);
    return b.toString();
  }

  private static void text(StringBuilder b, long c, String name) {
    if (c == 0) return;
    if (b.length() == 0) {
      if (c < 0) b.append('-');
    } else {
      b.append(c < 0 ? " - " : " + ");
    }
    if (Math.abs(c) != 1) b.append(Math.abs(c)).append(" * ");
    b.append(name);
  }

  private static Expr term(Expr sum, long c, String name) {
    if (c == 0) return sum;
    Expr v = new Expr.Ident(name, SourcePos.UNKNOWN);
    Expr t = Math.abs(c) == 1 ? v : new Expr.Binary("*", lit(Math.abs(c)), v, SourcePos.UNKNOWN);
    if (sum == null) return c < 0 ? new Expr.Unary("-", t, SourcePos.UNKNOWN) : t;
    return new Expr.Binary(c < 0 ? "-" : "+", sum, t, SourcePos.UNKNOWN);
  }

  static Expr lit(long v) {
    Expr l = new Expr.IntLit(Math.abs(v), Long.toString(Math.abs(v)), SourcePos.UNKNOWN);
    return v < 0 ? new Expr.Unary("-", l, SourcePos.UNKNOWN) : l;
  }
}
