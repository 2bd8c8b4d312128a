package dev.polyj.polyhedral.frontend;

import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.SourcePos;
import dev.polyj.presburger.arith.Ints;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A quasi-affine expression over named variables: a constant, integer multiples of variables and
 * integer multiples of floor divisions {@code floor(q / d)} of quasi-affine expressions by positive
 * constants. Immutable; checked arithmetic.
 */
final class QAff {
  /** The term {@code floor(numerator / denominator)}. */
  record DivTerm(QAff numerator, long denominator) {}

  private final long constant;
  private final TreeMap<String, Long> vars;
  private final LinkedHashMap<DivTerm, Long> divs;

  private QAff(long constant, TreeMap<String, Long> vars, LinkedHashMap<DivTerm, Long> divs) {
    this.constant = constant;
    this.vars = vars;
    this.divs = divs;
  }

  static QAff constant(long c) {
    return new QAff(c, new TreeMap<>(), new LinkedHashMap<>());
  }

  static QAff var(String name) {
    TreeMap<String, Long> v = new TreeMap<>();
    v.put(name, 1L);
    return new QAff(0, v, new LinkedHashMap<>());
  }

  long constantTerm() {
    return constant;
  }

  Map<String, Long> varTerms() {
    return Collections.unmodifiableMap(vars);
  }

  Map<DivTerm, Long> divTerms() {
    return Collections.unmodifiableMap(divs);
  }

  long coefficient(String var) {
    return vars.getOrDefault(var, 0L);
  }

  boolean isConstant() {
    return vars.isEmpty() && divs.isEmpty();
  }

  /** All variables, including those inside divisions. */
  Set<String> variables() {
    Set<String> out = new TreeSet<>(vars.keySet());
    for (DivTerm d : divs.keySet()) out.addAll(d.numerator().variables());
    return out;
  }

  /** True when {@code var} occurs inside some division. */
  boolean occursInDiv(String var) {
    for (DivTerm d : divs.keySet()) if (d.numerator().variables().contains(var)) return true;
    return false;
  }

  QAff add(QAff o) {
    TreeMap<String, Long> v = new TreeMap<>(vars);
    for (var e : o.vars.entrySet()) {
      long c = Ints.add(v.getOrDefault(e.getKey(), 0L), e.getValue());
      if (c == 0) v.remove(e.getKey());
      else v.put(e.getKey(), c);
    }
    LinkedHashMap<DivTerm, Long> d = new LinkedHashMap<>(divs);
    for (var e : o.divs.entrySet()) {
      long c = Ints.add(d.getOrDefault(e.getKey(), 0L), e.getValue());
      if (c == 0) d.remove(e.getKey());
      else d.put(e.getKey(), c);
    }
    return new QAff(Ints.add(constant, o.constant), v, d);
  }

  QAff add(long c) {
    return new QAff(Ints.add(constant, c), vars, divs);
  }

  QAff sub(QAff o) {
    return add(o.scale(-1));
  }

  QAff scale(long f) {
    if (f == 0) return constant(0);
    TreeMap<String, Long> v = new TreeMap<>();
    for (var e : vars.entrySet()) v.put(e.getKey(), Ints.mul(e.getValue(), f));
    LinkedHashMap<DivTerm, Long> d = new LinkedHashMap<>();
    for (var e : divs.entrySet()) d.put(e.getKey(), Ints.mul(e.getValue(), f));
    return new QAff(Ints.mul(constant, f), v, d);
  }

  /** {@code floor(this / c)} for {@code c > 0}, exact when every coefficient is a multiple of c. */
  QAff floorDiv(long c) {
    if (c == 1) return this;
    if (isConstant()) return constant(Ints.floorDiv(constant, c));
    boolean exact = constant % c == 0;
    for (long x : vars.values()) exact &= x % c == 0;
    for (long x : divs.values()) exact &= x % c == 0;
    if (exact) {
      TreeMap<String, Long> v = new TreeMap<>();
      for (var e : vars.entrySet()) v.put(e.getKey(), e.getValue() / c);
      LinkedHashMap<DivTerm, Long> d = new LinkedHashMap<>();
      for (var e : divs.entrySet()) d.put(e.getKey(), e.getValue() / c);
      return new QAff(constant / c, v, d);
    }
    LinkedHashMap<DivTerm, Long> d = new LinkedHashMap<>();
    d.put(new DivTerm(this, c), 1L);
    return new QAff(0, new TreeMap<>(), d);
  }

  /** The value under an assignment of all variables. */
  long evaluate(Map<String, Long> env) {
    long r = constant;
    for (var e : vars.entrySet()) {
      Long x = env.get(e.getKey());
      if (x == null) throw new IllegalArgumentException("no value for " + e.getKey());
      r = Ints.add(r, Ints.mul(e.getValue(), x));
    }
    for (var e : divs.entrySet()) {
      long q = Ints.floorDiv(e.getKey().numerator().evaluate(env), e.getKey().denominator());
      r = Ints.add(r, Ints.mul(e.getValue(), q));
    }
    return r;
  }

  /** A C expression with the same value ({@code floord} for divisions). */
  Expr toExpr() {
    Expr out = null;
    for (var e : vars.entrySet()) out = addTerm(out, e.getValue(), new Expr.Ident(e.getKey(), SourcePos.UNKNOWN));
    for (var e : divs.entrySet()) {
      Expr call = new Expr.Call(new Expr.Ident("floord", SourcePos.UNKNOWN),
          java.util.List.of(e.getKey().numerator().toExpr(), Expr.IntLit.of(e.getKey().denominator())), SourcePos.UNKNOWN);
      out = addTerm(out, e.getValue(), call);
    }
    if (out == null) return constantExpr(constant);
    if (constant > 0) return new Expr.Binary("+", out, Expr.IntLit.of(constant), SourcePos.UNKNOWN);
    if (constant < 0) return new Expr.Binary("-", out, Expr.IntLit.of(-constant), SourcePos.UNKNOWN);
    return out;
  }

  private static Expr constantExpr(long c) {
    return c >= 0 ? Expr.IntLit.of(c) : new Expr.Unary("-", Expr.IntLit.of(-c), SourcePos.UNKNOWN);
  }

  private static Expr addTerm(Expr acc, long coef, Expr term) {
    long a = Math.abs(coef);
    Expr t = a == 1 ? term : new Expr.Binary("*", Expr.IntLit.of(a), term, SourcePos.UNKNOWN);
    if (acc == null) return coef < 0 ? new Expr.Unary("-", t, SourcePos.UNKNOWN) : t;
    return new Expr.Binary(coef < 0 ? "-" : "+", acc, t, SourcePos.UNKNOWN);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QAff q && q.constant == constant && q.vars.equals(vars) && q.divs.equals(divs);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(constant) * 31 + vars.hashCode() * 17 + divs.hashCode();
  }

  @Override
  public String toString() {
    return dev.polyj.polyhedral.scop.ExprPrinter.print(toExpr());
  }
}
