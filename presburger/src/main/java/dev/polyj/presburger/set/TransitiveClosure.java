package dev.polyj.presburger.set;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.presburger.arith.CoefficientOverflowException;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Transitive closure {@code R+ = union over k >= 1 of R^k} of relations, exact for translations and
 * otherwise a flagged over-approximation. The method is that of Verdoolaege, Cohen and Beletska,
 * "Transitive Closures of Affine Integer Tuple Relations and their Overapproximations" (SAS 2011),
 * as described in isl's implementation notes. For a map from a space to itself, in order:
 *
 * <ol>
 *   <li>relations that do not compose with themselves ({@code dom R} and {@code ran R} disjoint) are
 *       their own closure;
 *   <li>a single translation {@code x -> x + c} (constant {@code c}) on a domain {@code D} without
 *       existentials has the exact closure {@code { x -> x + k c : k >= 1, x in D, x + (k-1) c in D }}
 *       (the points in between lie in {@code D} by convexity);
 *   <li>when the domains and ranges of the pieces split into several disjoint groups, the groups are
 *       the nodes of a graph whose edges are the pieces, and the closure is computed by Kleene's
 *       (Floyd-Warshall) algorithm with recursive closures on the nodes (this is also how unions
 *       over several spaces are handled, with the spaces as nodes);
 *   <li>a relation with {@code R . R} inside {@code R} is its own closure;
 *   <li>the power {@code R^k} is over-approximated from the difference set: a path of length
 *       {@code k} adds {@code k} offsets taken from the pieces {@code D_i} of {@code deltas R}, so
 *       {@code K = { x -> [x + sum f_i, k] : k = sum k_i >= 1, f_i in k_i D_i }} intersected with
 *       {@code dom R -> ran R}, where {@code f in k D_i} is relaxed to the constraints of {@code D_i}
 *       with constants scaled by {@code k} (parametric constraints kept, mixed ones kept only when
 *       they hold for all multiples); projecting {@code k} out gives {@code T}, which contains
 *       {@code R+};
 *   <li>if that is not proved exact, the pieces are ordered by the strongly connected components of
 *       the graph "{@code R_i} must follow {@code R_j}" ({@code R_j then R_i} not inside
 *       {@code R_i then R_j}): every path can be reordered component by component, so {@code R+} is
 *       composed from the closures of the components (used when all of those are exact).
 * </ol>
 *
 * <p>Exactness of step 5 is proved, never assumed: {@code T} is exact when every {@code (x, y, k)} in
 * {@code K} either has {@code x -> y} in {@code R}, or a first step {@code x -> z} in {@code R} with
 * {@code (z, y, k')} in {@code K} for some {@code k' < k}. By induction on {@code k} every pair of
 * {@code T} is then joined by a path of {@code R} (a well-founded variant of the paper's check
 * {@code T = R u (R . T)}, sound also for cyclic and unbounded relations). Inclusions are decided
 * exactly ({@code Difference}), within a work budget: a test that is too costly counts as failed, so
 * the result is then only flagged inexact.
 */
public final class TransitiveClosure {
  private TransitiveClosure() {}

  /** Above this many offset pieces that need a case split, the power is not built (too many disjuncts). */
  private static final int MAX_SPLIT_PIECES = 6;
  /** Nesting limit for the recursive closures of the partition step. */
  private static final int MAX_DEPTH = 3;
  /** Work limit of one inclusion test; an undecided test counts as a failed one (never as exact). */
  private static final long INCLUSION_BUDGET = 4000;
  /** Inclusion tests whose operands have pieces with more unknown existentials are not attempted. */
  private static final int MAX_EXISTENTIALS = 2;

  /** A closure and whether it is exact ({@code false}: a proper over-approximation may have been returned). */
  public record Result(Relation closure, boolean exact) {}

  /** A closure of a union of maps and whether it is exact. */
  public record UnionResult(UnionRelation closure, boolean exact) {}

  /**
   * The closure of a union of maps: the spaces (tuples) are the nodes of a graph whose edges are the
   * member maps; Kleene's algorithm composes paths across spaces exactly and closes each node's
   * self-map with {@link #compute(Relation)}. Set members are ignored.
   */
  static UnionResult compute(UnionRelation u) {
    List<Relation> maps = new ArrayList<>();
    for (Relation r : u.relations()) if (r.space().isMap()) maps.add(r);
    List<Tuple> nodes = new ArrayList<>();
    for (Relation r : maps) {
      if (!nodes.contains(r.space().domainTuple())) nodes.add(r.space().domainTuple());
      if (!nodes.contains(r.space().rangeTuple())) nodes.add(r.space().rangeTuple());
    }
    int n = nodes.size();
    Relation[][] g = new Relation[n][n];
    for (Relation r : maps) {
      int p = nodes.indexOf(r.space().domainTuple());
      int q = nodes.indexOf(r.space().rangeTuple());
      g[p][q] = g[p][q] == null ? r : g[p][q].union(r);
    }
    boolean exact = kleene(g, 0);
    List<Relation> out = new ArrayList<>();
    for (Relation[] row : g) for (Relation r : row) if (r != null && r.nBasic() > 0) out.add(r);
    UnionRelation closure = out.isEmpty() ? UnionRelation.empty(u.paramNames()) : UnionRelation.of(out);
    return new UnionResult(closure, exact);
  }

  /** The closure of a map; a map between different spaces does not compose with itself and is its own closure. */
  static Result compute(Relation r) {
    return compute(r, 0);
  }

  private static Result compute(Relation r, int depth) {
    checkArgument(r.space().isMap(), "transitive closure of %s, which is not a map", r.space());
    Relation rel = r.removeEmpty();
    Space s = rel.space();
    if (rel.nBasic() == 0 || !s.domainTuple().equals(s.rangeTuple())) return new Result(rel, true);
    if (rel.domain().intersect(rel.range()).isEmpty()) return new Result(rel, true);
    Result t = singleTranslation(rel);
    if (t != null) return t;
    if (depth < MAX_DEPTH) {
      Result p = byPartition(rel, depth);
      if (p != null) return p;
    }
    if (provedSubset(rel.apply(rel), rel)) return new Result(rel, true);
    Result power = fromPower(rel);
    if (power.exact() || depth >= MAX_DEPTH) return power;
    Result ordered = byComponents(rel, depth);
    return ordered != null && ordered.exact() ? ordered : power;
  }

  // ---------------------------------------------------------------------------------------------
  // Single translation

  /** The exact closure of {@code { x -> x + c : x in D }}, or null when {@code r} is not of that form. */
  private static Result singleTranslation(Relation r) {
    if (r.nBasic() != 1 || r.basics().get(0).nLocal() != 0) return null;
    Space s = r.space();
    int p = s.nParam();
    int d = s.nIn();
    Relation delta = r.deltas();
    if (delta.nBasic() != 1) return null;
    BasicRelation db = delta.basics().get(0);
    if (db.nLocal() != 0 || db.nEq() != d || db.nIneq() != 0) return null;
    long[] c = new long[d];
    boolean[] seen = new boolean[d];
    for (long[] e : db.equalities()) {
      for (int i = 0; i < p; i++) if (e[1 + i] != 0) return null;
      int dim = -1;
      for (int j = 0; j < d; j++) {
        if (e[1 + p + j] != 0) {
          if (dim >= 0) return null;
          dim = j;
        }
      }
      long a = e[1 + p + dim];
      if (seen[dim] || e[0] % a != 0) return null;
      seen[dim] = true;
      c[dim] = fitConstant(BigInteger.valueOf(e[0]).divide(BigInteger.valueOf(a)).negate(), "the translation in dimension " + dim);
    }
    Relation dom = r.domain();
    if (dom.nBasic() != 1 || dom.basics().get(0).nLocal() != 0) return null;
    BasicRelation domain = dom.basics().get(0);
    BasicRelation.Builder b = BasicRelation.builder(s);
    int k = b.addExistential();
    int width = b.nCol();
    long[] kPositive = new long[width];
    kPositive[k] = 1;
    kPositive[0] = -1;
    b.addIneq(kPositive);
    for (int j = 0; j < d; j++) { // y_j - x_j - k c_j = 0
      long[] row = new long[width];
      row[1 + p + d + j] = 1;
      row[1 + p + j] = -1;
      row[k] = -c[j];
      if (c[j] == Long.MIN_VALUE) { // written as x_j - y_j + k c_j = 0
        row[1 + p + d + j] = -1;
        row[1 + p + j] = 1;
        row[k] = c[j];
      }
      b.addEq(row);
    }
    List<long[]> eqs = domain.equalities();
    List<long[]> ineqs = domain.inequalities();
    for (int pass = 0; pass < 2; pass++) {
      for (long[] dr : pass == 0 ? eqs : ineqs) {
        long[] onX = new long[width];
        long[] onPrev = new long[width]; // the row at y - c = x + (k-1) c
        onX[0] = dr[0];
        onPrev[0] = dr[0];
        for (int i = 0; i < p; i++) {
          onX[1 + i] = dr[1 + i];
          onPrev[1 + i] = dr[1 + i];
        }
        BigInteger prev = BigInteger.valueOf(dr[0]); // constant of the row at y - c, computed exactly
        for (int j = 0; j < d; j++) {
          long a = dr[1 + p + j];
          onX[1 + p + j] = a;
          onPrev[1 + p + d + j] = a;
          if (a != 0 && c[j] != 0) prev = prev.subtract(BigInteger.valueOf(a).multiply(BigInteger.valueOf(c[j])));
        }
        onPrev[0] = fitConstant(prev, "the constant of a domain constraint moved back by the translation");
        if (pass == 0) {
          b.addEq(onX).addEq(onPrev);
        } else {
          b.addIneq(onX).addIneq(onPrev);
        }
      }
    }
    return new Result(Relation.of(b.build()), true);
  }

  private static long fitConstant(BigInteger v, String what) {
    if (v.bitLength() > 63) {
      throw new CoefficientOverflowException("exact result does not fit in 64 bits: " + what + " is " + v);
    }
    return v.longValue();
  }

  // ---------------------------------------------------------------------------------------------
  // Partition of domains and ranges, Kleene's algorithm

  /**
   * Groups the domains and ranges of the pieces into classes of overlapping sets; with more than one
   * class, returns the closure over the graph of classes (null otherwise).
   */
  private static Result byPartition(Relation r, int depth) {
    List<BasicRelation> pieces = r.basics();
    int m = pieces.size();
    if (m < 2) return null;
    List<Relation> sets = new ArrayList<>();
    for (BasicRelation b : pieces) {
      Relation piece = Relation.of(b);
      sets.add(piece.domain());
      sets.add(piece.range());
    }
    int[] parent = new int[2 * m];
    for (int i = 0; i < parent.length; i++) parent[i] = i;
    for (int a = 0; a < 2 * m; a++) {
      for (int b = a + 1; b < 2 * m; b++) {
        if (find(parent, a) == find(parent, b)) continue;
        if (!sets.get(a).intersect(sets.get(b)).isEmpty()) parent[find(parent, a)] = find(parent, b);
      }
    }
    List<Integer> roots = new ArrayList<>();
    for (int i = 0; i < 2 * m; i++) if (!roots.contains(find(parent, i))) roots.add(find(parent, i));
    int n = roots.size();
    if (n == 1) return null;
    Relation[][] g = new Relation[n][n];
    for (int i = 0; i < m; i++) {
      int p = roots.indexOf(find(parent, 2 * i));
      int q = roots.indexOf(find(parent, 2 * i + 1));
      Relation piece = Relation.of(pieces.get(i));
      g[p][q] = g[p][q] == null ? piece : g[p][q].union(piece);
    }
    boolean exact = kleene(g, depth + 1);
    Relation out = Relation.empty(r.space());
    for (Relation[] row : g) for (Relation x : row) if (x != null) out = out.union(x);
    return new Result(out, exact);
  }

  private static int find(int[] parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }

  /**
   * Kleene's algorithm on a graph of relations ({@code g[p][q]} from node p to node q, null when
   * absent): afterwards {@code g[p][q]} holds all paths from p to q. Compositions and unions are
   * exact; returns whether all node closures were exact.
   */
  private static boolean kleene(Relation[][] g, int depth) {
    int n = g.length;
    boolean exact = true;
    for (int r = 0; r < n; r++) {
      Relation rr = g[r][r];
      if (rr != null && rr.nBasic() > 0) {
        Result c = compute(rr, depth);
        rr = c.closure();
        exact &= c.exact();
        g[r][r] = rr;
      } else {
        rr = null;
      }
      Relation[] into = new Relation[n];
      Relation[] from = new Relation[n];
      for (int i = 0; i < n; i++) {
        into[i] = g[i][r];
        from[i] = g[r][i];
      }
      for (int p = 0; p < n; p++) {
        for (int q = 0; q < n; q++) {
          if (p == r && q == r) continue;
          Relation add;
          if (p == r) {
            add = rr == null || from[q] == null ? null : rr.apply(from[q]);
          } else if (q == r) {
            add = rr == null || into[p] == null ? null : into[p].apply(rr);
          } else {
            if (into[p] == null || from[q] == null) continue;
            add = into[p].apply(from[q]);
            if (rr != null) add = add.union(into[p].apply(rr).apply(from[q]));
          }
          if (add == null) continue;
          add = add.removeEmpty();
          if (add.nBasic() == 0) continue;
          g[p][q] = g[p][q] == null ? add : g[p][q].union(add);
        }
      }
    }
    return exact;
  }

  // ---------------------------------------------------------------------------------------------
  // Strongly connected components of the pieces

  /**
   * When steps of some pieces can always be moved before steps of others ({@code R_j then R_i} inside
   * {@code R_i then R_j}), every path can be reordered so that the strongly connected components of
   * the "must follow" graph appear in a fixed order; the closure is then composed from the closures
   * of the components. Returns null when there is a single component.
   */
  private static Result byComponents(Relation r, int depth) {
    List<BasicRelation> pieces = r.basics();
    int m = pieces.size();
    if (m < 2) return null;
    boolean[][] follows = new boolean[m][m]; // i must follow j: (R_j then R_i) not inside (R_i then R_j)
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        if (i == j) continue;
        Relation ri = Relation.of(pieces.get(i));
        Relation rj = Relation.of(pieces.get(j));
        follows[i][j] = !provedSubset(rj.apply(ri), ri.apply(rj));
      }
    }
    List<List<Integer>> components = new Tarjan(follows).components();
    if (components.size() < 2) return null;
    // Tarjan emits a component after all components it has edges to: those come first on a path
    Relation acc = null;
    boolean exact = true;
    for (List<Integer> comp : components) {
      List<BasicRelation> bs = new ArrayList<>();
      for (int i : comp) bs.add(pieces.get(i));
      Result c = compute(Relation.ofBasics(r.space(), bs), depth + 1);
      exact &= c.exact();
      Relation plus = c.closure();
      acc = acc == null ? plus : acc.union(plus).union(acc.apply(plus)).removeEmpty();
    }
    return new Result(acc, exact);
  }

  /** Tarjan's strongly connected components, emitted in reverse topological order. */
  private static final class Tarjan {
    private final boolean[][] edge;
    private final int[] index;
    private final int[] low;
    private final boolean[] onStack;
    private final java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
    private final List<List<Integer>> out = new ArrayList<>();
    private int next;

    Tarjan(boolean[][] edge) {
      this.edge = edge;
      int n = edge.length;
      index = new int[n];
      low = new int[n];
      onStack = new boolean[n];
      java.util.Arrays.fill(index, -1);
    }

    List<List<Integer>> components() {
      for (int v = 0; v < edge.length; v++) if (index[v] < 0) visit(v);
      return out;
    }

    private void visit(int v) {
      index[v] = low[v] = next++;
      stack.push(v);
      onStack[v] = true;
      for (int w = 0; w < edge.length; w++) {
        if (!edge[v][w]) continue;
        if (index[w] < 0) {
          visit(w);
          low[v] = Math.min(low[v], low[w]);
        } else if (onStack[w]) {
          low[v] = Math.min(low[v], index[w]);
        }
      }
      if (low[v] == index[v]) {
        List<Integer> comp = new ArrayList<>();
        int w;
        do {
          w = stack.pop();
          onStack[w] = false;
          comp.add(w);
        } while (w != v);
        out.add(comp);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Power from the difference set

  private static Result fromPower(Relation r) {
    Relation k = pathsWithLength(r);
    if (k == null) {
      return new Result(r.domain().mapTo(r.range()).withSpace(r.space()), false);
    }
    Space s = r.space();
    int p = s.nParam();
    int d = s.nIn();
    int[] drop = RelationAlgebra.shifted(k.space(), 0);
    drop[p + 2 * d] = -1;
    Relation t = RelationAlgebra.move(k, s, drop);
    return new Result(t, isExactPower(r, k));
  }

  /**
   * {@code K = { x -> [y, k] }}: an over-approximation of the pairs joined by a path of length
   * {@code k >= 1}, restricted to {@code dom R -> ran R}; null when it would have too many pieces.
   */
  private static Relation pathsWithLength(Relation r) {
    Space s = r.space();
    int p = s.nParam();
    int d = s.nIn();
    List<Offsets> pieces = new ArrayList<>();
    Relation context = r.params();
    for (BasicRelation db : r.deltas().removeEmpty().basics()) pieces.add(Offsets.of(db, p, d, context));
    int split = 0;
    for (Offsets o : pieces) if (!o.zeroAtZero) split++;
    if (split > MAX_SPLIT_PIECES) return null;
    Space ks = lengthSpace(s);
    int nv = ks.nVar();
    int[] base = new int[pieces.size()];
    int nExist = 0;
    for (int i = 0; i < pieces.size(); i++) {
      base[i] = 1 + nv + nExist;
      nExist += d + 1 + pieces.get(i).nLocal;
    }
    int width = 1 + nv + nExist;
    int kCol = 1 + p + 2 * d;
    List<long[]> commonEqs = new ArrayList<>();
    List<long[]> commonIneqs = new ArrayList<>();
    for (int j = 0; j < d; j++) { // y_j - x_j - sum_i f_ij = 0
      long[] row = new long[width];
      row[1 + p + d + j] = 1;
      row[1 + p + j] = -1;
      for (int b : base) row[b + j] = -1;
      commonEqs.add(row);
    }
    long[] lengthSum = new long[width]; // k - sum_i k_i = 0
    lengthSum[kCol] = 1;
    for (int b : base) lengthSum[b + d] = -1;
    commonEqs.add(lengthSum);
    long[] positive = new long[width];
    positive[kCol] = 1;
    positive[0] = -1;
    commonIneqs.add(positive);
    List<BasicRelation> out = new ArrayList<>();
    for (int mask = 0; mask < (1 << split); mask++) {
      List<long[]> eqs = new ArrayList<>(commonEqs);
      List<long[]> ineqs = new ArrayList<>(commonIneqs);
      int bit = 0;
      for (int i = 0; i < pieces.size(); i++) {
        Offsets o = pieces.get(i);
        boolean used;
        boolean atLeastOne;
        if (o.zeroAtZero) {
          used = true;
          atLeastOne = false;
        } else {
          used = (mask & (1 << bit)) != 0;
          atLeastOne = true;
          bit++;
        }
        if (used) {
          long[] ki = new long[width];
          ki[base[i] + d] = 1;
          ki[0] = atLeastOne ? -1 : 0;
          ineqs.add(ki);
          for (long[] row : o.eqs) eqs.add(o.place(row, p, d, base[i], width));
          for (long[] row : o.ineqs) ineqs.add(o.place(row, p, d, base[i], width));
        } else {
          for (int j = 0; j <= d; j++) {
            long[] zero = new long[width];
            zero[base[i] + j] = 1;
            eqs.add(zero);
          }
        }
      }
      BasicRelation b = BasicRelation.of(ks, nExist, null, eqs, ineqs);
      if (!b.isMarkedEmpty()) out.add(b);
    }
    Relation k = Existentials.tidy(Relation.ofBasics(ks, out));
    k = k.intersect(RelationAlgebra.liftDomain(r.domain(), ks));
    int[] onY = RelationAlgebra.shifted(s.range(), d);
    return Existentials.tidy(k.intersect(RelationAlgebra.move(r.range(), ks, onY)));
  }

  /** The space {@code A -> [y, k]} of paths of a map {@code A -> A} with their lengths. */
  private static Space lengthSpace(Space s) {
    return Space.map(s.params(), s.domainTuple(), Tuple.anonymous(null, s.nOut() + 1));
  }

  /**
   * The induction check: {@code K} is inside {@code (R with any k >= 1) u (R . { z -> [y, k] : (z, y, k')
   * in K, k > k' })}.
   */
  private static boolean isExactPower(Relation r, Relation k) {
    Space ks = k.space();
    int p = ks.nParam();
    int d = r.space().nIn();
    long[] positive = new long[1 + ks.nVar()];
    positive[1 + p + 2 * d] = 1;
    positive[0] = -1;
    Relation direct = RelationAlgebra.move(r, ks, RelationAlgebra.shifted(r.space(), 0))
        .intersect(Relation.of(BasicRelation.builder(ks).addIneq(positive).build()));
    Space joint = RelationAlgebra.joint(ks.params(), 2 * d + 2); // z, y, k', k
    long[] longer = new long[1 + joint.nVar()];
    longer[1 + p + 2 * d + 1] = 1;
    longer[1 + p + 2 * d] = -1;
    longer[0] = -1;
    Relation j = RelationAlgebra.move(k, joint, RelationAlgebra.shifted(ks, 0))
        .intersect(Relation.of(BasicRelation.builder(joint).addIneq(longer).build()));
    int[] out = RelationAlgebra.shifted(joint, 0);
    out[p + 2 * d] = -1;
    out[p + 2 * d + 1] = p + 2 * d;
    Relation shorter = RelationAlgebra.move(j, ks, out);
    Relation viaStep = r.apply(shorter);
    return provedSubset(k, direct.union(viaStep));
  }


  /**
   * True when {@code a} is proved to lie inside {@code b}; false when it does not, or when the test
   * is too costly (operands with many existentials, or the work budget exhausted).
   */
  private static boolean provedSubset(Relation a, Relation b) {
    if (existentials(a) > MAX_EXISTENTIALS || existentials(b) > MAX_EXISTENTIALS) return false;
    return Boolean.TRUE.equals(BoundedInclusion.isSubset(a, b, INCLUSION_BUDGET));
  }

  /** The largest number of unknown existentials in a piece. */
  private static int existentials(Relation r) {
    int max = 0;
    for (BasicRelation b : r.basics()) {
      int n = 0;
      for (int i = 0; i < b.nLocal(); i++) if (b.div(i) == null) n++;
      max = Math.max(max, n);
    }
    return max;
  }

  /**
   * The constraints of {@code f in k D} for one piece {@code D} of the difference set, over the
   * local layout {@code [1, params, f (d), k, locals]}: constraints on offsets only are homogenised
   * (constant times {@code k}), constraints on parameters only are kept, mixed constraints are kept
   * when their parametric part is non-positive wherever {@code D} is non-empty, and constraints on
   * existentials that tie offsets to parameters are dropped.
   */
  private static final class Offsets {
    final int nLocal;
    final List<long[]> eqs = new ArrayList<>();
    final List<long[]> ineqs = new ArrayList<>();
    /** True when {@code k = 0} forces {@code f = 0}, so the piece needs no "unused" case. */
    boolean zeroAtZero;

    private Offsets(int nLocal) {
      this.nLocal = nLocal;
    }

    static Offsets of(BasicRelation db, int p, int d, Relation context) {
      int m = db.nLocal();
      Offsets o = new Offsets(m);
      int[] parent = new int[m];
      for (int i = 0; i < m; i++) parent[i] = i;
      List<long[]> eqs = db.equalities();
      List<long[]> ineqs = db.inequalities();
      List<long[]> all = new ArrayList<>(eqs);
      all.addAll(ineqs);
      int localStart = 1 + p + d;
      for (long[] row : all) {
        int first = -1;
        for (int l = 0; l < m; l++) {
          if (row[localStart + l] == 0) continue;
          if (first < 0) first = l;
          else parent[find(parent, l)] = find(parent, first);
        }
      }
      boolean[] withParams = new boolean[m];
      boolean[] withDims = new boolean[m];
      for (long[] row : all) {
        boolean hasP = any(row, 1, 1 + p);
        boolean hasD = any(row, 1 + p, 1 + p + d);
        for (int l = 0; l < m; l++) {
          if (row[localStart + l] == 0) continue;
          int root = find(parent, l);
          withParams[root] |= hasP;
          withDims[root] |= hasD;
        }
      }
      boolean inhomogeneous = false;
      for (int pass = 0; pass < 2; pass++) {
        boolean eq = pass == 0;
        for (long[] row : eq ? eqs : ineqs) {
          boolean dimPart = any(row, 1 + p, 1 + p + d);
          boolean paramPart = any(row, 1, 1 + p);
          boolean mixedLocal = false;
          for (int l = 0; l < m; l++) {
            if (row[localStart + l] == 0) continue;
            int root = find(parent, l);
            if (withParams[root] && withDims[root]) mixedLocal = true;
            else if (withDims[root]) dimPart = true;
            else paramPart = true;
          }
          if (mixedLocal) continue;
          if (!dimPart && !hasLocal(row, localStart, m) && impliedByContext(context, row, eq, p)) continue;
          if (!dimPart) {
            (eq ? o.eqs : o.ineqs).add(local(row, p, d, m, false));
            inhomogeneous = true;
          } else if (!paramPart) {
            (eq ? o.eqs : o.ineqs).add(local(row, p, d, m, true));
          } else {
            // offsets and parameters: kept (unscaled) in the directions where the parametric part
            // cannot be positive, as then the sum of k >= 1 offsets still satisfies it
            if (parametricPartNonPositive(db, row, p)) {
              o.ineqs.add(local(row, p, d, m, false));
              inhomogeneous = true;
            }
            if (eq) {
              long[] neg = Ints.negate(row);
              if (parametricPartNonPositive(db, neg, p)) {
                o.ineqs.add(local(neg, p, d, m, false));
                inhomogeneous = true;
              }
            }
          }
        }
      }
      o.zeroAtZero = !inhomogeneous && forcesZero(o, p, d, m);
      return o;
    }

    private static boolean hasLocal(long[] row, int localStart, int m) {
      return any(row, localStart, localStart + m);
    }

    /**
     * True when the parametric constraint holds for all parameters of the relation itself; it can
     * then be dropped, as the power is restricted to the domain of the relation anyway.
     */
    private static boolean impliedByContext(Relation context, long[] row, boolean eq, int p) {
      for (int sign = 1; sign >= (eq ? -1 : 1); sign -= 2) {
        long[] violated = new long[1 + p]; // -sign*row - 1 >= 0
        for (int i = 0; i <= p; i++) violated[i] = Ints.mul(-sign, row[i]);
        violated[0] = Ints.sub(violated[0], 1);
        for (BasicRelation b : context.basics()) {
          BasicRelation.Builder t = b.toBuilder();
          t.addIneq(violated);
          if (!t.build().isEmpty()) return false;
        }
      }
      return true;
    }

    /** True when {@code db} has no point where the parameter part (plus constant) of {@code row} is >= 1. */
    private static boolean parametricPartNonPositive(BasicRelation db, long[] row, int p) {
      long[] test = new long[db.nCol()];
      test[0] = Ints.sub(row[0], 1);
      System.arraycopy(row, 1, test, 1, p);
      BasicRelation.Builder b = db.toBuilder();
      b.addIneq(test);
      return b.build().isEmpty();
    }

    /** A row of the difference set in the local layout; {@code homogenize} moves the constant to k. */
    private static long[] local(long[] row, int p, int d, int m, boolean homogenize) {
      long[] o = new long[1 + p + d + 1 + m];
      if (homogenize) o[1 + p + d] = row[0];
      else o[0] = row[0];
      System.arraycopy(row, 1, o, 1, p + d);
      System.arraycopy(row, 1 + p + d, o, 2 + p + d, m);
      return o;
    }

    /** With k = 0, do the (homogeneous) constraints leave f = 0 as the only choice? */
    private static boolean forcesZero(Offsets o, int p, int d, int m) {
      Space cone = Space.set(List.of(), d + m);
      List<long[]> eqs = new ArrayList<>();
      List<long[]> ineqs = new ArrayList<>();
      for (long[] row : o.eqs) eqs.add(coneRow(row, p, d, m));
      for (long[] row : o.ineqs) ineqs.add(coneRow(row, p, d, m));
      for (int j = 0; j < d; j++) {
        for (int sign = -1; sign <= 1; sign += 2) {
          long[] away = new long[1 + d + m];
          away[1 + j] = sign;
          away[0] = -1;
          List<long[]> test = new ArrayList<>(ineqs);
          test.add(away);
          if (!BasicRelation.of(cone, eqs, test).isEmpty()) return false;
        }
      }
      return true;
    }

    private static long[] coneRow(long[] row, int p, int d, int m) {
      long[] o = new long[1 + d + m];
      System.arraycopy(row, 1 + p, o, 1, d);
      System.arraycopy(row, 2 + p + d, o, 1 + d, m);
      return o;
    }

    /** A local-layout row placed in the columns of the power, with this piece's block at {@code base}. */
    long[] place(long[] row, int p, int d, int base, int width) {
      long[] o = new long[width];
      o[0] = row[0];
      System.arraycopy(row, 1, o, 1, p);
      for (int j = 0; j < d; j++) o[base + j] = row[1 + p + j];
      o[base + d] = row[1 + p + d];
      for (int l = 0; l < nLocal; l++) o[base + d + 1 + l] = row[2 + p + d + l];
      return o;
    }

    private static boolean any(long[] row, int from, int to) {
      for (int i = from; i < to; i++) if (row[i] != 0) return true;
      return false;
    }
  }
}
