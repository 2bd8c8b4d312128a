package dev.polyj.codegen.ast;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random scheduled programs for property tests: 1-3 statements with 1-3-dimensional domains
 * bounded by a box (over one parameter N), triangular bounds, random extra constraints and
 * strides, and affine schedules (permutations, skews, scalings, statement-order constants), plus
 * the oracle: the statement instances sorted in the order the generated code must execute them.
 */
final class RandomPrograms {
  private RandomPrograms() {}

  static final List<String> PARAMS = List.of("N");
  static final long BOX_LO = -3;
  static final long BOX_HI = 7;

  /** One statement: domain over [N, x...] and schedule rows t_k = sched[k] . (1, N, x...). */
  record Statement(String name, BasicRelation domain, long[][] sched) {}

  /**
   * Statements with schedules of {@code nSchedule} rows; with {@code tile > 0} a tile dimension
   * {@code floor(t1 / tile)} is inserted before t1 (a strip-mined loop).
   */
  record Program(List<Statement> statements, int nSchedule, long tile) {
    Program(List<Statement> statements, int nSchedule) {
      this(statements, nSchedule, 0);
    }

    UnionRelation scheduleMap() {
      List<Relation> rs = new ArrayList<>();
      for (Statement s : statements) rs.add(scheduleOf(s, nSchedule, tile));
      return UnionRelation.of(rs);
    }

    /** The statement domains as a union of named sets. */
    UnionRelation domain() {
      List<Relation> rs = new ArrayList<>();
      for (Statement s : statements) {
        BasicRelation d = s.domain();
        rs.add(Relation.of(d.withSpace(Space.set(PARAMS, Tuple.anonymous(s.name(), d.nOut())))));
      }
      return UnionRelation.of(rs);
    }

    /** Instances sorted by (schedule point, statement index, coordinates). */
    List<AstInterpreter.Call> expectedOrder(long n) {
      List<AstInterpreter.Call> out = new ArrayList<>();
      for (List<AstInterpreter.Call> b : expectedBlocks(n)) out.addAll(b);
      return out;
    }

    /**
     * The instances grouped by schedule point, in schedule order; within a point (instances the
     * schedule ties), by statement index and coordinates, an order the schedule leaves free.
     */
    List<List<AstInterpreter.Call>> expectedBlocks(long n) {
      record Inst(long[] t, int stmt, long[] x, String name) {}
      List<Inst> all = new ArrayList<>();
      for (int s = 0; s < statements.size(); s++) {
        Statement st = statements.get(s);
        int m = st.domain().nOut();
        final int si = s;
        BruteForce.forEachPoint(m, BOX_LO, BOX_HI, x -> {
          long[] p = new long[1 + m];
          p[0] = n;
          System.arraycopy(x, 0, p, 1, m);
          if (!st.domain().contains(p)) return;
          long[] u = new long[nSchedule];
          for (int k = 0; k < nSchedule; k++) {
            long[] row = st.sched()[k];
            long v = row[0] + row[1] * n;
            for (int j = 0; j < m; j++) v += row[2 + j] * x[j];
            u[k] = v;
          }
          long[] t = u;
          if (tile > 0 && nSchedule > 1) {
            t = new long[nSchedule + 1];
            t[0] = u[0];
            t[1] = Math.floorDiv(u[1], tile);
            System.arraycopy(u, 1, t, 2, nSchedule - 1);
          }
          all.add(new Inst(t, si, x, st.name()));
        });
      }
      Comparator<Inst> cmp = (a, b) -> {
        int c = Arrays.compare(a.t(), b.t());
        if (c != 0) return c;
        c = Integer.compare(a.stmt(), b.stmt());
        return c != 0 ? c : Arrays.compare(a.x(), b.x());
      };
      all.sort(cmp);
      List<List<AstInterpreter.Call>> out = new ArrayList<>();
      long[] last = null;
      for (Inst i : all) {
        if (last == null || !Arrays.equals(last, i.t())) out.add(new ArrayList<>());
        last = i.t();
        out.get(out.size() - 1).add(new AstInterpreter.Call(i.name(), i.x()));
      }
      return out;
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      if (tile > 0) sb.append("tile ").append(tile).append('\n');
      for (Statement s : statements) {
        sb.append(s.name()).append(": ").append(describe(s.domain())).append(" sched ");
        for (long[] r : s.sched()) sb.append(Arrays.toString(r));
        sb.append('\n');
      }
      return sb.toString();
    }
  }

  static String describe(BasicRelation b) {
    StringBuilder sb = new StringBuilder("{");
    for (long[] e : b.equalities()) sb.append(" eq").append(Arrays.toString(e));
    for (long[] e : b.inequalities()) sb.append(" ge").append(Arrays.toString(e));
    for (int i = 0; i < b.nLocal(); i++) sb.append(" div").append(b.div(i));
    return sb.append(" }").toString();
  }

  static Relation scheduleOf(Statement s, int nSchedule, long tile) {
    boolean tiled = tile > 0 && nSchedule > 1;
    int nOut = tiled ? nSchedule + 1 : nSchedule;
    int m = s.domain().nOut();
    Space space = Space.map(PARAMS, Tuple.anonymous(s.name(), m), Tuple.anonymous(null, nOut));
    BasicRelation dom = s.domain();
    // domain constraints over [N, x] become constraints over [N, x, t] (+ locals)
    BasicRelation.Builder b = BasicRelation.builder(space);
    int nv = space.nVar();
    for (int i = 0; i < dom.nLocal(); i++) {
      long[] num = dom.div(i).numerator();
      b.addDiv(lift(num, 2 + m, 1 + nv + i, i, 2 + m), dom.div(i).denominator());
    }
    int width = 1 + nv + dom.nLocal();
    for (long[] r : dom.equalities()) b.addEq(lift(r, 2 + m, width, dom.nLocal(), 2 + m));
    for (long[] r : dom.inequalities()) b.addIneq(lift(r, 2 + m, width, dom.nLocal(), 2 + m));
    for (int k = 0; k < nSchedule; k++) {
      long[] row = new long[width];
      long[] sr = s.sched()[k];
      row[0] = -sr[0];
      row[1] = -sr[1];
      for (int j = 0; j < m; j++) row[2 + j] = -sr[2 + j];
      int out = tiled && k >= 1 ? k + 1 : k;
      row[2 + m + out] = 1;
      b.addEq(row);
    }
    if (tiled) { // tile * T <= t1 <= tile * T + tile - 1
      long[] lo = new long[width];
      lo[2 + m + 2] = 1;
      lo[2 + m + 1] = -tile;
      long[] hi = new long[width];
      hi[2 + m + 2] = -1;
      hi[2 + m + 1] = tile;
      hi[0] = tile - 1;
      b.addIneq(lo).addIneq(hi);
    }
    return Relation.of(b.build());
  }

  /** Row over [const, N, x(m), locals] to [const, N, x(m), t(n), locals]. */
  private static long[] lift(long[] r, int head, int width, int nLocal, int localFrom) {
    long[] o = new long[width];
    System.arraycopy(r, 0, o, 0, Math.min(head, r.length));
    int localTo = width - nLocal;
    for (int i = 0; i < nLocal && localFrom + i < r.length; i++) o[localTo + i] = r[localFrom + i];
    return o;
  }

  // ---------------------------------------------------------------------------------------------
  // Generators

  static Arbitrary<BasicRelation> domains(int m) {
    Space space = Space.set(PARAMS, m);
    int width = 2 + m;
    Arbitrary<long[]> lower = Arbitraries.integers().between(0, 5).map(k -> new long[] {k});
    Arbitrary<List<long[]>> bounds = lower.list().ofSize(2 * m);
    Arbitrary<List<long[]>> extra = Arbitraries.longs().between(-2, 2).array(long[].class).ofSize(width).list()
        .ofMaxSize(2);
    Arbitrary<Integer> stride = Arbitraries.integers().between(0, 5);
    return Combinators.combine(bounds, extra, stride).as((bs, ex, st) -> {
      boolean withStride = st >= 3;
      int nLocal = withStride ? 1 : 0;
      BasicRelation.Builder b = BasicRelation.builder(space);
      int w = width;
      if (withStride) {
        b.addExistential();
        w = width + 1;
      }
      for (int k = 0; k < m; k++) {
        int x = 2 + k;
        long lo = bs.get(2 * k)[0];
        long hi = bs.get(2 * k + 1)[0];
        long[] l = new long[w];
        if (lo >= 4 && k > 0) { // triangular: x_k >= x_{k-1}
          l[x] = 1;
          l[x - 1] = -1;
        } else {
          l[x] = 1;
          l[0] = Math.min(lo, 3) - 2; // x >= -2..1
        }
        long[] u = new long[w];
        if (hi <= 2) { // x <= N + hi - 1
          u[x] = -1;
          u[1] = 1;
          u[0] = hi - 1;
        } else if (hi == 3 && k > 0) { // x_k <= x_{k-1} + 1
          u[x] = -1;
          u[x - 1] = 1;
          u[0] = 1;
        } else {
          u[x] = -1;
          u[0] = hi;
        }
        b.addIneq(l).addIneq(u);
        // the box keeps every domain inside the enumeration range
        long[] bl = new long[w];
        bl[x] = 1;
        bl[0] = -BOX_LO;
        long[] bu = new long[w];
        bu[x] = -1;
        bu[0] = BOX_HI;
        b.addIneq(bl).addIneq(bu);
      }
      for (long[] r : ex) b.addIneq(Arrays.copyOf(r, w));
      if (withStride) { // x0 = 2e + (st - 3)
        long[] e = new long[w];
        e[2] = 1;
        e[w - 1] = -2;
        e[0] = -(st - 3);
        b.addEq(e);
      }
      BasicRelation d = b.build();
      return d.hasUnknownLocals() ? d.computeDivs().basics().isEmpty() ? d : pickKnown(d) : d;
    });
  }

  private static BasicRelation pickKnown(BasicRelation d) {
    List<BasicRelation> bs = d.computeDivs().basics();
    return bs.size() == 1 ? bs.get(0) : BasicRelation.builder(d.space()).build();
  }

  /** Schedule rows for an m-dimensional statement: a permutation with skews and scalings, then constants. */
  static Arbitrary<long[][]> schedules(int m, int nSchedule) {
    Arbitrary<List<Integer>> perm = Arbitraries.shuffle(range(m));
    Arbitrary<List<Long>> skews = Arbitraries.longs().between(-1, 1).list().ofSize(m * m);
    Arbitrary<List<Long>> scales = Arbitraries.of(1L, 1L, 1L, -1L, 2L).list().ofSize(m);
    Arbitrary<Long> position = Arbitraries.longs().between(0, 2);
    Arbitrary<List<Long>> offsets = Arbitraries.longs().between(-1, 2).list().ofSize(m);
    return Combinators.combine(perm, skews, scales, position, offsets).as((p, sk, sc, pos, off) -> {
      long[][] rows = new long[nSchedule][2 + m];
      rows[0][0] = pos;
      for (int k = 0; k < m && k + 1 < nSchedule; k++) {
        long[] r = rows[k + 1];
        int j = p.get(k);
        r[2 + j] = sc.get(k);
        for (int l = 0; l < k; l++) r[2 + p.get(l)] += sk.get(k * m + l); // skew by outer dims
        r[0] = off.get(k);
      }
      return rows;
    });
  }

  private static List<Integer> range(int m) {
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < m; i++) l.add(i);
    return l;
  }

  static Arbitrary<Program> programs() {
    Arbitrary<Integer> nStmt = Arbitraries.integers().between(1, 3);
    return nStmt.flatMap(ns -> Arbitraries.integers().between(1, 3).list().ofSize(ns).flatMap(dims -> {
      int maxDim = dims.stream().mapToInt(Integer::intValue).max().orElse(1);
      int nSchedule = maxDim + 1;
      List<Arbitrary<Statement>> stmts = new ArrayList<>();
      for (int s = 0; s < ns; s++) {
        int m = dims.get(s);
        String name = "S" + s;
        stmts.add(Combinators.combine(domains(m), schedules(m, nSchedule))
            .as((d, sc) -> new Statement(name, d, sc)));
      }
      Arbitrary<Long> tile = Arbitraries.of(0L, 0L, 2L, 3L);
      return Combinators.combine(Combinators.combine(stmts).as(list -> list), tile)
          .as((list, t) -> new Program(list, nSchedule, t));
    }));
  }

  static Map<String, Long> params(long n) {
    return Map.of("N", n);
  }
}
