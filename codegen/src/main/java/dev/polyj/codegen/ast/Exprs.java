package dev.polyj.codegen.ast;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.polyj.codegen.ast.Expr.Id;
import dev.polyj.codegen.ast.Expr.Int;
import dev.polyj.codegen.ast.Expr.Kind;
import dev.polyj.codegen.ast.Expr.Linear;
import dev.polyj.codegen.ast.Expr.Op;
import dev.polyj.codegen.ast.Expr.Term;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Smart constructors of {@link Expr}: affine combinations are kept flat (a {@link Linear} never
 * holds another), constant operands are folded, divisions by divisors of every coefficient become
 * exact, and minima/maxima are flattened and deduplicated.
 */
public final class Exprs {
  private Exprs() {}

  public static Expr constant(long v) {
    return new Int(v);
  }

  public static Expr id(String name) {
    return new Id(name);
  }

  /** Accumulates {@code sum coef * expr + constant}; see {@link #build()}. */
  public static final class LinearBuilder {
    private final Map<Expr, Long> coefs = new LinkedHashMap<>();
    private long constant;

    public LinearBuilder add(long coef, Expr e) {
      if (coef == 0) return this;
      if (e instanceof Int i) {
        constant = Ints.add(constant, Ints.mul(coef, i.value()));
      } else if (e instanceof Linear l) {
        for (Term t : l.terms()) add(Ints.mul(coef, t.coef()), t.expr());
        constant = Ints.add(constant, Ints.mul(coef, l.constant()));
      } else {
        coefs.merge(e, coef, Ints::add);
      }
      return this;
    }

    public LinearBuilder add(Expr e) {
      return add(1, e);
    }

    public LinearBuilder addConstant(long c) {
      constant = Ints.add(constant, c);
      return this;
    }

    public Expr build() {
      List<Term> terms = new ArrayList<>();
      for (Map.Entry<Expr, Long> en : coefs.entrySet()) {
        if (en.getValue() != 0) terms.add(new Term(en.getValue(), en.getKey()));
      }
      if (terms.isEmpty()) return new Int(constant);
      if (terms.size() == 1 && constant == 0 && terms.get(0).coef() == 1) return terms.get(0).expr();
      // positive terms first reads better: "N - c0" rather than "-c0 + N"
      List<Term> ordered = new ArrayList<>();
      for (Term t : terms) if (t.coef() > 0) ordered.add(t);
      for (Term t : terms) if (t.coef() < 0) ordered.add(t);
      return new Linear(ImmutableList.copyOf(ordered), constant);
    }
  }

  public static LinearBuilder linear() {
    return new LinearBuilder();
  }

  public static Expr add(Expr a, Expr b) {
    return linear().add(a).add(b).build();
  }

  public static Expr sub(Expr a, Expr b) {
    return linear().add(a).add(-1, b).build();
  }

  public static Expr scale(Expr a, long k) {
    return linear().add(k, a).build();
  }

  public static Expr plus(Expr a, long k) {
    return linear().add(a).addConstant(k).build();
  }

  /** The gcd of all coefficients and the constant of an affine expression (0 for the constant 0). */
  static long contentOf(Expr e) {
    if (e instanceof Int i) return Math.abs(i.value());
    if (e instanceof Linear l) {
      long g = Math.abs(l.constant());
      for (Term t : l.terms()) g = Ints.gcd(g, t.coef());
      return g;
    }
    return 1;
  }

  /** floor(a / d) for a constant d > 0. */
  public static Expr floorDiv(Expr a, long d) {
    checkArgument(d > 0, "division by %s", d);
    if (d == 1) return a;
    if (a instanceof Int i) return new Int(Ints.floorDiv(i.value(), d));
    if (contentOf(a) % d == 0) return divideExactly(a, d);
    return new Op(Kind.FLOORD, ImmutableList.of(a, new Int(d)));
  }

  /** ceil(a / d) for a constant d > 0. */
  public static Expr ceilDiv(Expr a, long d) {
    checkArgument(d > 0, "division by %s", d);
    if (d == 1) return a;
    if (a instanceof Int i) return new Int(Ints.ceilDiv(i.value(), d));
    if (contentOf(a) % d == 0) return divideExactly(a, d);
    return new Op(Kind.CEILD, ImmutableList.of(a, new Int(d)));
  }

  /** a / d where a is known to be a multiple of d. */
  public static Expr exactDiv(Expr a, long d) {
    checkArgument(d > 0, "division by %s", d);
    if (d == 1) return a;
    if (a instanceof Int i) return new Int(i.value() / d);
    if (contentOf(a) % d == 0) return divideExactly(a, d);
    if (a instanceof Linear l) {
      // terms with coefficients divisible by d come out: the rest is then a multiple of d too
      LinearBuilder out = linear();
      LinearBuilder rest = linear();
      for (Term t : l.terms()) {
        if (t.coef() % d == 0) out.add(t.coef() / d, t.expr());
        else rest.add(t.coef(), t.expr());
      }
      if (l.constant() % d == 0) out.addConstant(l.constant() / d);
      else rest.addConstant(l.constant());
      Expr r = rest.build();
      long g = contentOf(r);
      if (g > 1 && r instanceof Linear) { // (2x + 2y)/4 = (x + y)/2
        long k = Ints.gcd(g, d);
        r = divideExactly(r, k);
        d = d / k;
      }
      if (d == 1) return out.add(r).build();
      boolean negative = r instanceof Linear rl && rl.terms().get(0).coef() < 0;
      if (negative) return out.add(-1, new Op(Kind.DIV, ImmutableList.of(scale(r, -1), new Int(d)))).build();
      return out.add(new Op(Kind.DIV, ImmutableList.of(r, new Int(d)))).build();
    }
    return new Op(Kind.DIV, ImmutableList.of(a, new Int(d)));
  }

  private static Expr divideExactly(Expr a, long d) {
    Linear l = (Linear) a;
    LinearBuilder b = linear();
    for (Term t : l.terms()) b.add(t.coef() / d, t.expr());
    return b.addConstant(l.constant() / d).build();
  }

  /** The condition "a is a multiple of d". */
  public static Expr divisible(Expr a, long d) {
    checkArgument(d > 0, "modulus %s", d);
    if (d == 1 || contentOf(a) % d == 0) return TRUE;
    if (a instanceof Int i) return i.value() % d == 0 ? TRUE : FALSE;
    if (a instanceof Linear l) { // only residues modulo d matter
      LinearBuilder b = linear();
      for (Term t : l.terms()) {
        long c = Ints.mod(t.coef(), d);
        b.add(2 * c > d ? c - d : c, t.expr());
      }
      b.addConstant(Ints.mod(l.constant(), d));
      Expr r = b.build();
      if (!r.equals(a)) return divisible(r, d);
    }
    return new Op(Kind.EQ, ImmutableList.of(new Op(Kind.MOD, ImmutableList.of(a, new Int(d))), new Int(0)));
  }

  public static Expr min(List<Expr> args) {
    return extremum(Kind.MIN, args);
  }

  public static Expr max(List<Expr> args) {
    return extremum(Kind.MAX, args);
  }

  private static Expr extremum(Kind kind, List<Expr> args) {
    checkArgument(!args.isEmpty(), "%s of nothing", kind);
    LinkedHashSet<Expr> flat = new LinkedHashSet<>();
    Long best = null;
    for (Expr a : args) {
      List<Expr> parts = a instanceof Op op && op.kind() == kind ? op.args() : List.of(a);
      for (Expr p : parts) {
        if (p instanceof Int i) {
          best = best == null ? i.value() : kind == Kind.MIN ? Math.min(best, i.value()) : Math.max(best, i.value());
        } else {
          flat.add(p);
        }
      }
    }
    List<Expr> out = new ArrayList<>(flat);
    if (best != null) out.add(new Int(best));
    if (out.size() == 1) return out.get(0);
    return new Op(kind, ImmutableList.copyOf(out));
  }

  /** Constant true, spelled 1 in C. */
  public static final Expr TRUE = new Int(1);

  /** Constant false, spelled 0 in C. */
  public static final Expr FALSE = new Int(0);

  public static Expr and(List<Expr> conds) {
    return junction(Kind.AND, conds);
  }

  public static Expr or(List<Expr> conds) {
    return junction(Kind.OR, conds);
  }

  private static Expr junction(Kind kind, List<Expr> conds) {
    Expr unit = kind == Kind.AND ? TRUE : FALSE;
    Expr zero = kind == Kind.AND ? FALSE : TRUE;
    LinkedHashSet<Expr> flat = new LinkedHashSet<>();
    for (Expr c : conds) {
      List<Expr> parts = c instanceof Op op && op.kind() == kind ? op.args() : List.of(c);
      for (Expr p : parts) {
        if (p.equals(zero)) return zero;
        if (!p.equals(unit)) flat.add(p);
      }
    }
    if (flat.isEmpty()) return unit;
    if (flat.size() == 1) return flat.iterator().next();
    return new Op(kind, ImmutableList.copyOf(flat));
  }

  public static Expr compare(Kind kind, Expr a, Expr b) {
    checkArgument(kind == Kind.EQ || kind == Kind.LE || kind == Kind.LT || kind == Kind.GE || kind == Kind.GT,
        "%s is not a comparison", kind);
    if (a instanceof Int x && b instanceof Int y) {
      long u = x.value();
      long v = y.value();
      boolean r = switch (kind) {
        case EQ -> u == v;
        case LE -> u <= v;
        case LT -> u < v;
        case GE -> u >= v;
        default -> u > v;
      };
      return r ? TRUE : FALSE;
    }
    return new Op(kind, ImmutableList.of(a, b));
  }

  /** Adds the identifiers of {@code e} to {@code out}. */
  public static void names(Expr e, java.util.Set<String> out) {
    if (e instanceof Expr.Id id) {
      out.add(id.name());
    } else if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) names(t.expr(), out);
    } else if (e instanceof Expr.Op op) {
      for (Expr a : op.args()) names(a, out);
    }
  }

  /** True when the identifier {@code name} occurs in {@code e}. */
  public static boolean uses(Expr e, String name) {
    if (e instanceof Expr.Id id) return id.name().equals(name);
    if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) if (uses(t.expr(), name)) return true;
      return false;
    }
    if (e instanceof Expr.Op op) {
      for (Expr a : op.args()) if (uses(a, name)) return true;
    }
    return false;
  }
}
