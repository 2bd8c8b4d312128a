package dev.polyj.presburger.set;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Coalescing (isl's {@code isl_map_coalesce}, after Verdoolaege's "Integer set coalescing"):
 * replaces pieces of a union by fewer pieces covering exactly the same points.
 *
 * <p>Pieces are first simplified ({@link Redundancy}) and empty ones dropped. Then pairs A, B are
 * merged while possible. For pieces whose locals are all known divisions (aligned between the two),
 * the candidate is the conjunction of the constraints of A that hold on all of B and those of B
 * that hold on all of A (integer tests). It contains A and B, and replaces them when it has no
 * point outside A and B (exact subtraction). This covers isl's cases where one piece contains the
 * other (all of A's constraints valid for B), adjacent facets and one piece extending another
 * (the constraints that separate them are dropped), but not the cases that need new constraints
 * ("wrapping"), except the constraints of the parameter domain, which are added when the candidate
 * fails only for parameter values where neither piece has points. A piece with unknown existentials is only dropped when it is contained in another.
 * Failed pairs are remembered, so each pair of pieces is tried once.
 */
final class Coalescing {
  private Coalescing() {}

  static Relation coalesce(Relation r) {
    if (r.nBasic() == 0) return r;
    List<BasicRelation> ps = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      BasicRelation s = Redundancy.simplify(b);
      if (!s.isMarkedEmpty() && !ps.contains(s)) ps.add(s);
    }
    Set<List<BasicRelation>> failed = new HashSet<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      search:
      for (int i = 0; i < ps.size(); i++) {
        for (int j = i + 1; j < ps.size(); j++) {
          BasicRelation a = ps.get(i);
          BasicRelation b = ps.get(j);
          if (failed.contains(List.of(a, b))) continue;
          BasicRelation m = merge(a, b);
          if (m == null) {
            failed.add(List.of(a, b));
            continue;
          }
          ps.remove(j);
          ps.set(i, m);
          changed = true;
          break search;
        }
      }
    }
    return Relation.ofBasics(r.space(), ps);
  }

  /** One basic relation with the points of a and b, or null. Both are non-empty and simplified. */
  static BasicRelation merge(BasicRelation a, BasicRelation b) {
    try {
      return mergeLong(a, b);
    } catch (CoefficientOverflowException e) {
      return null; // a candidate row left 64 bits: the pair stays as two pieces, which is exact
    }
  }

  private static BasicRelation mergeLong(BasicRelation a, BasicRelation b) {
    if (a.hasUnknownLocals() || b.hasUnknownLocals()) {
      if (a.intersect(b).isEmpty()) return null;
      if (isSubset(a, b)) return b;
      if (isSubset(b, a)) return a;
      return null;
    }
    DivAlignment al = new DivAlignment(a.nVar());
    int[] ma = al.register(a);
    int[] mb = al.register(b);
    int width = al.extraBase();
    List<long[]> pin = al.pinning(width);
    Lifted la = lift(al, a, ma, width, pin);
    Lifted lb = lift(al, b, mb, width, pin);
    List<long[]> validA = valid(la, lb, width);
    if (validA.size() == la.constraints.size()) return a; // b inside a
    List<long[]> validB = valid(lb, la, width);
    if (validB.size() == lb.constraints.size()) return b; // a inside b
    List<long[]> cand = new ArrayList<>(pin);
    cand.addAll(validA);
    cand.addAll(validB);
    cand.addAll(wrapped(la, lb, validA, width));
    cand.addAll(wrapped(lb, la, validB, width));
    BasicRelation c = candidate(al, a, b, cand);
    if (c == null && a.nParam() > 0 && a.nVar() > a.nParam() && a.nLocal() == 0 && b.nLocal() == 0) {
      // the candidate may only fail for parameter values where neither piece has points (tried on
      // pieces without locals, where the extra subtraction stays cheap)
      List<long[]> params = parameterDomain(a, b, width);
      if (params != null) {
        cand.addAll(params);
        c = candidate(al, a, b, cand);
      }
    }
    return c == null ? null : Redundancy.simplify(c);
  }

  /** The basic relation of the candidate rows when it has no point outside a and b, else null. */
  private static BasicRelation candidate(DivAlignment al, BasicRelation a, BasicRelation b, List<long[]> cand) {
    BasicRelation c = al.build(a.space(), 0, List.of(), cand);
    if (c.isMarkedEmpty()) return null;
    Relation rest = Subtraction.subtract(Relation.of(c), Relation.ofBasics(a.space(), List.of(a, b)));
    return rest.isEmpty() ? c : null;
  }

  /**
   * The constraints (as inequalities over the aligned columns) of the parameter values where a or b
   * has points, when one piece's parameter domain contains the other's and is one conjunction
   * without locals; null otherwise. Added to a
   * candidate, they join pieces like {@code 1 <= i <= n - 1} and {@code 2 <= i <= n} into
   * {@code 1 <= i <= n and n >= 2}.
   */
  private static List<long[]> parameterDomain(BasicRelation a, BasicRelation b, int width) {
    Relation pa = Relation.of(a).params();
    Relation pb = Relation.of(b).params();
    Relation p = pa.isSubset(pb) ? pb : pb.isSubset(pa) ? pa : null;
    if (p == null || p.nBasic() != 1 || p.basics().get(0).nLocal() > 0) return null;
    BasicRelation d = p.basics().get(0);
    List<long[]> out = new ArrayList<>();
    for (long[] e : d.eqsRaw()) {
      out.add(java.util.Arrays.copyOf(e, width));
      out.add(java.util.Arrays.copyOf(Ints.negate(e), width));
    }
    for (long[] r : d.ineqsRaw()) out.add(java.util.Arrays.copyOf(r, width));
    return out;
  }

  /**
   * Wrapping of the constraints of p that fail on q around an equality of p: where an equality
   * {@code e = 0} of p is constant, {@code e = k != 0}, on q, and c >= 0 of p has minimum
   * {@code m < 0} on q, the constraint {@code |k| c - sign(k) m e >= 0} is the same as c on p (there
   * e = 0) and holds on q, touching it. This recovers the constraint that joins a layer with
   * its neighbour, e.g. {@code i <= N + 1} from {@code N = 0, i <= 1} and {@code N = 1, i <= 2}.
   */
  private static List<long[]> wrapped(Lifted p, Lifted q, List<long[]> valid, int width) {
    List<long[]> out = new ArrayList<>();
    if (p.eqs.isEmpty() || valid.size() == p.constraints.size()) return out;
    // an equality of p that is a non-zero constant on q
    long[] point = Sampling.sampleRows(width, width - 1, q.eqs, q.ineqs);
    long[] e = null;
    long k = 0;
    for (long[] eq : p.eqs) {
      long v = Ints.evaluate(eq, point);
      if (v != 0 && isConstant(eq, v, q, width)) {
        e = eq;
        k = v;
        break;
      }
    }
    if (e == null) return out;
    for (long[] c : p.constraints) {
      if (valid.contains(c)) continue;
      Long m = IntegerOptimum.minimum(width, q.eqs, q.ineqs, c, Ints.neg(c[0]));
      if (m == null) continue; // unbounded below on q
      long mc = Ints.add(c[0], m); // the minimum of c on q, negative
      out.add(Ints.combine(Math.abs(k), c, Ints.neg(Ints.mul(Long.signum(k), mc)), e));
    }
    return out;
  }

  /** True when e = k on every point of q. */
  private static boolean isConstant(long[] e, long k, Lifted q, int width) {
    List<long[]> in = new ArrayList<>(q.ineqs);
    in.add(Rows.shifted(e, Ints.sub(-k, 1))); // e - k - 1 >= 0
    if (!Rows.isEmpty(width, q.eqs, in)) return false;
    in.set(in.size() - 1, Rows.shifted(Ints.negate(e), Ints.sub(k, 1))); // k - 1 - e >= 0
    return Rows.isEmpty(width, q.eqs, in);
  }

  private static boolean isSubset(BasicRelation a, BasicRelation b) {
    return Subtraction.subtract(Relation.of(a), Relation.of(b)).isEmpty();
  }

  /** A piece over aligned columns: its rows, and its constraints as inequalities (equalities both ways). */
  private record Lifted(List<long[]> eqs, List<long[]> ineqs, List<long[]> constraints) {}

  private static Lifted lift(DivAlignment al, BasicRelation b, int[] map, int width, List<long[]> pin) {
    List<long[]> eqs = al.liftAll(b, map, b.eqsRaw(), width, width);
    List<long[]> ineqs = al.liftAll(b, map, b.ineqsRaw(), width, width);
    List<long[]> cons = new ArrayList<>();
    for (long[] e : eqs) {
      cons.add(e);
      cons.add(dev.polyj.presburger.arith.Ints.negate(e));
    }
    for (long[] r : ineqs) if (!Rows.impliedBySingleRow(r, List.of(), pin)) cons.add(r);
    ineqs.addAll(pin);
    return new Lifted(eqs, ineqs, cons);
  }

  /** The constraints of p that hold on every point of q. */
  private static List<long[]> valid(Lifted p, Lifted q, int width) {
    List<long[]> out = new ArrayList<>();
    for (long[] c : p.constraints) {
      if (Rows.impliedBySingleRow(c, q.eqs, q.ineqs)) {
        out.add(c);
        continue;
      }
      List<long[]> test = new ArrayList<>(q.ineqs);
      test.add(Rows.negation(c));
      if (Rows.isEmpty(width, q.eqs, test)) out.add(c);
    }
    return out;
  }
}
