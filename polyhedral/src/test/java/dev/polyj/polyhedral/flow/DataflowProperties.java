package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Dataflow analysis against an interpreter: random loop nests with must, may and kill writes and a
 * read of a one-dimensional array are executed for several values of N; the last writers observed
 * are compared with the computed dependence relations pair by pair. Also compares the analysis with
 * the reference {@link SubtractionDataflow} on random problems with other execution orders
 * (reversed and sequenced loops, statements sharing times).
 */
class DataflowProperties {
  /** A statement: name, depth (1 or 2), subscript a*i + b*j + c, position in the loop body, kind. */
  record Stmt(String name, int depth, int a, int b, int c, int pos, Kind kind) {
    String domain() {
      return depth == 1 ? name + "[i] : 0 <= i < N" : name + "[i, j] : 0 <= i < N and 0 <= j < N";
    }

    String iter() {
      return depth == 1 ? name + "[i]" : name + "[i, j]";
    }

    String access() {
      return "[N] -> { " + iter() + " -> A[" + a + "i + " + (depth == 2 ? b + "j + " : "") + c + "] : "
          + domain().substring(domain().indexOf(':') + 1) + " }";
    }

    String schedule() {
      return "[N] -> { " + iter() + " -> [i, " + pos + ", " + (depth == 2 ? "j" : "0") + "] }";
    }

    long element(long i, long j) {
      return a * i + (depth == 2 ? b * j : 0) + c;
    }
  }

  enum Kind { MUST, MAY, KILL, READ }

  @Provide
  Arbitrary<List<Stmt>> programs() {
    Arbitrary<Integer> coef = Arbitraries.integers().between(-1, 2);
    Arbitrary<Integer> cst = Arbitraries.integers().between(-1, 1);
    Arbitrary<Integer> depth = Arbitraries.integers().between(1, 2);
    Arbitrary<Kind> kind = Arbitraries.of(Kind.MUST, Kind.MUST, Kind.MAY, Kind.KILL);
    return Arbitraries.integers().between(1, 3).flatMap(nWrites -> {
      List<Arbitrary<Stmt>> stmts = new ArrayList<>();
      for (int s = 0; s <= nWrites; s++) {
        final int idx = s;
        boolean read = s == nWrites;
        stmts.add(Combinators.combine(depth, coef, coef, cst, kind).as((d, a, b, c, k) ->
            new Stmt(read ? "R" : "W" + idx, read ? 1 : d, a, b, c, idx, read ? Kind.READ : k)));
      }
      return Combinators.combine(stmts).as(l -> l).flatMap(l -> Arbitraries.shuffle(List.of(0, 1, 2, 3).subList(0, l.size()))
          .map(perm -> {
            List<Stmt> out = new ArrayList<>();
            for (int s = 0; s < l.size(); s++) {
              Stmt x = l.get(s);
              out.add(new Stmt(x.name(), x.depth(), x.a(), x.b(), x.c(), perm.get(s), x.kind()));
            }
            return out;
          }));
    });
  }

  static UnionRelation unionOf(List<Stmt> prog, Kind kind, boolean access) {
    List<Relation> rs = new ArrayList<>();
    for (Stmt s : prog) if (s.kind() == kind || kind == null) rs.add(Relation.parse(access ? s.access() : s.schedule()));
    return rs.isEmpty() ? UnionRelation.empty(List.of("N")) : UnionRelation.of(rs);
  }

  record Instance(Stmt stmt, long i, long j) {
    long[] time() {
      return new long[] {i, stmt.pos(), stmt.depth() == 2 ? j : 0};
    }

    long[] iters() {
      return stmt.depth() == 1 ? new long[] {i} : new long[] {i, j};
    }
  }

  static final Comparator<long[]> LEX = Arrays::compare;

  /**
   * Programs whose statements may share a position in the loop body: their instances run at the
   * same time, in an unknown order (isl's view of coscheduled statements).
   */
  @Provide
  Arbitrary<List<Stmt>> coscheduledPrograms() {
    Arbitrary<Integer> pos = Arbitraries.integers().between(0, 1);
    return programs().flatMap(prog -> {
      List<Arbitrary<Stmt>> out = new ArrayList<>();
      for (Stmt s : prog) {
        out.add(pos.map(p -> new Stmt(s.name(), s.depth(), s.a(), s.b(), s.c(), s.kind() == Kind.READ ? 2 : p, s.kind())));
      }
      return Combinators.combine(out).as(l -> l);
    });
  }

  @Property(tries = 60)
  void dependencesMatchExecution(@ForAll("programs") List<Stmt> prog) {
    checkAgainstExecution(prog);
  }

  @Property(tries = 60)
  void coscheduledWritesAreUnordered(@ForAll("coscheduledPrograms") List<Stmt> prog) {
    checkAgainstExecution(prog);
  }

  /**
   * Runs the program for N = 1..4 and checks every dependence and no-source access: the last
   * definite write (must or kill) before a read is its must source unless another statement's
   * definite write runs at the same time or a may write runs at that time or later (then all of
   * those are may sources).
   */
  static void checkAgainstExecution(List<Stmt> prog) {
    AccessInfo info = new AccessInfo(unionOf(prog, Kind.READ, true), unionOf(prog, Kind.MUST, true),
        unionOf(prog, Kind.MAY, true), unionOf(prog, Kind.KILL, true), unionOf(prog, null, false));
    FlowResult r = Dataflow.compute(info);
    Stmt read = prog.stream().filter(s -> s.kind() == Kind.READ).findFirst().orElseThrow();
    for (long n = 1; n <= 4; n++) {
      List<Instance> all = new ArrayList<>();
      for (Stmt s : prog) {
        for (long i = 0; i < n; i++) {
          if (s.depth() == 1) all.add(new Instance(s, i, 0));
          else for (long j = 0; j < n; j++) all.add(new Instance(s, i, j));
        }
      }
      all.sort((x, y) -> LEX.compare(x.time(), y.time()));
      Set<String> mustDep = new HashSet<>();
      Set<String> mayDep = new HashSet<>();
      for (int at = 0; at < all.size(); at++) {
        Instance sink = all.get(at);
        if (sink.stmt() != read) continue;
        long elem = read.element(sink.i(), 0);
        List<Instance> writes = new ArrayList<>();
        for (Instance x : all) {
          boolean before = LEX.compare(x.time(), sink.time()) < 0;
          if (before && x.stmt().kind() != Kind.READ && x.stmt().element(x.i(), x.j()) == elem) writes.add(x);
        }
        int lastDefinite = -1;
        for (int w = 0; w < writes.size(); w++) if (writes.get(w).stmt().kind() != Kind.MAY) lastDefinite = w;
        long[] lastTime = lastDefinite < 0 ? null : writes.get(lastDefinite).time();
        boolean unordered = false; // another statement's definite write at the same time
        boolean mayAfter = false;
        for (int w = 0; w < writes.size(); w++) {
          Instance x = writes.get(w);
          boolean notBefore = lastTime == null || LEX.compare(x.time(), lastTime) >= 0;
          if (x.stmt().kind() == Kind.MAY && notBefore) {
            mayAfter = true;
            mayDep.add(key(x, sink));
          } else if (x.stmt().kind() != Kind.MAY && lastTime != null && Arrays.equals(x.time(), lastTime)
              && x.stmt() != writes.get(lastDefinite).stmt()) {
            unordered = true;
          }
        }
        if (lastDefinite >= 0) {
          for (Instance x : writes) {
            if (x.stmt().kind() == Kind.MUST && Arrays.equals(x.time(), lastTime)) {
              (mayAfter || unordered ? mayDep : mustDep).add(key(x, sink));
            }
          }
        }
        long[] access = {n, sink.i(), elem};
        assertEquals(writes.isEmpty(), r.mustNoSource().relation(spaceOf(r.mustNoSource(), read)).contains(access),
            () -> "must_no_source at " + Arrays.toString(access) + " in " + r);
        assertEquals(lastDefinite < 0, r.mayNoSource().relation(spaceOf(r.mayNoSource(), read)).contains(access),
            () -> "may_no_source at " + Arrays.toString(access) + " in " + r);
      }
      mayDep.addAll(mustDep);
      for (Stmt w : prog) {
        if (w.kind() == Kind.READ) continue;
        for (Instance src : all) {
          if (src.stmt() != w) continue;
          for (Instance dst : all) {
            if (dst.stmt() != read) continue;
            long[] pt = concat(n, src.iters(), dst.iters());
            String k = key(src, dst);
            assertEquals(mustDep.contains(k), contains(r.mustDependence(), w, read, pt), () -> "must " + k + " in " + r);
            assertEquals(mayDep.contains(k), contains(r.mayDependence(), w, read, pt), () -> "may " + k + " in " + r);
          }
        }
      }
    }
  }

  static boolean contains(UnionRelation u, Stmt from, Stmt to, long[] pt) {
    for (Relation r : u.relations()) {
      if (r.space().isMap() && from.name().equals(r.space().domainTuple().name())
          && to.name().equals(r.space().rangeTuple().name())) {
        return r.contains(alignPoint(r, pt));
      }
    }
    return false;
  }

  static long[] alignPoint(Relation r, long[] pt) {
    // the only parameter is N, first in pt
    return r.space().nParam() == 1 ? pt : Arrays.copyOfRange(pt, 1, pt.length);
  }

  static dev.polyj.presburger.space.Space spaceOf(UnionRelation u, Stmt read) {
    return Relation.parse("[N] -> { R[i] -> A[a] }").space();
  }

  static long[] concat(long n, long[] a, long[] b) {
    long[] out = new long[1 + a.length + b.length];
    out[0] = n;
    System.arraycopy(a, 0, out, 1, a.length);
    System.arraycopy(b, 0, out, 1 + a.length, b.length);
    return out;
  }

  static String key(Instance src, Instance dst) {
    return src.stmt().name() + Arrays.toString(src.iters()) + "->" + Arrays.toString(dst.iters());
  }

  /** How a statement's instances are ordered: by the loops, outer loop reversed, or loops after the position. */
  enum Order { LOOPS, REVERSED, SEQUENCED }

  record Placed(Stmt stmt, Order order) {
    String schedule() {
      String i = order == Order.REVERSED ? "N - i" : "i";
      String j = stmt.depth() == 2 ? "j" : "0";
      String time = order == Order.SEQUENCED ? stmt.pos() + ", " + i + ", " + j : i + ", " + stmt.pos() + ", " + j;
      return "[N] -> { " + stmt.iter() + " -> [" + time + "] }";
    }
  }

  @Provide
  Arbitrary<List<Placed>> placedPrograms() {
    Arbitrary<Integer> pos = Arbitraries.integers().between(0, 2);
    Arbitrary<Order> order = Arbitraries.of(Order.LOOPS, Order.LOOPS, Order.REVERSED, Order.SEQUENCED);
    return programs().flatMap(prog -> {
      List<Arbitrary<Placed>> out = new ArrayList<>();
      for (Stmt s : prog) {
        out.add(Combinators.combine(pos, order).as((p, o) ->
            new Placed(new Stmt(s.name(), s.depth(), s.a(), s.b(), s.c(), p, s.kind()), o)));
      }
      return Combinators.combine(out).as(l -> l);
    });
  }

  @Property(tries = 60)
  void agreesWithTheSubtractionReference(@ForAll("placedPrograms") List<Placed> placed) {
    List<Stmt> prog = new ArrayList<>();
    List<Relation> schedules = new ArrayList<>();
    for (Placed p : placed) {
      prog.add(p.stmt());
      schedules.add(Relation.parse(p.schedule()));
    }
    AccessInfo info = new AccessInfo(unionOf(prog, Kind.READ, true), unionOf(prog, Kind.MUST, true),
        unionOf(prog, Kind.MAY, true), unionOf(prog, Kind.KILL, true), UnionRelation.of(schedules));
    String diff = PolybenchFlowTest.difference(Dataflow.compute(info), SubtractionDataflow.compute(info));
    assertEquals(null, diff, () -> "on " + placed);
  }
}
