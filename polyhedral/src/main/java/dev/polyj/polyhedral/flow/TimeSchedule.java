package dev.polyj.polyhedral.flow;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A schedule map with every statement's times padded with zeros to one common anonymous time
 * space, so that instances of any two statements compare lexicographically. Also records, per
 * statement and time dimension, the constant value of that dimension when it has one (the
 * statement positions of a 2d+1 schedule), which tells cheaply at which levels one statement can
 * run before another.
 */
final class TimeSchedule {
  private final Map<Space, Relation> byDomain = new HashMap<>();
  private final Map<Space, Long[]> fixed = new HashMap<>();
  private final Map<Space, Boolean> injective = new HashMap<>();
  private final Space timeSpace;
  /** Per statement (domain space without dimension names), its relations in the schedule map. */
  private final Map<Space, List<Relation>> statementSchedules = new HashMap<>();

  TimeSchedule(UnionRelation map, List<String> params) {
    int arity = 0;
    for (Relation r : map.relations()) {
      if (!r.space().isMap()) continue;
      arity = Math.max(arity, r.space().nOut());
      statementSchedules.computeIfAbsent(r.space().domain().withoutDimNames(), d -> new ArrayList<>()).add(r);
    }
    timeSpace = Space.set(params, arity);
  }

  // A statement's padded schedule and its fixed values are computed when first asked for: a
  // dataflow question about some statements' accesses needs only theirs.

  private Relation padded(Space domain) {
    return byDomain.computeIfAbsent(domain, d -> {
      Relation out = null;
      for (Relation r : statementSchedules.get(d)) {
        Relation padded = r.apply(pad(r.space().range(), timeSpace));
        out = out == null ? padded : out.union(padded);
      }
      return out;
    });
  }

  Space timeSpace() {
    return timeSpace;
  }

  int arity() {
    return timeSpace.nOut();
  }

  /** The padded schedule of the statement whose instances live in {@code domain}. */
  Relation of(Space domain) {
    Space d = domain.withoutDimNames();
    if (!statementSchedules.containsKey(d)) throw new IllegalArgumentException("no schedule for statement " + domain.tuple());
    return padded(d);
  }

  /**
   * Per time dimension of the statement's own schedule (before padding), the constant value every
   * instance of the statement has there, or null.
   */
  Long[] fixed(Space domain) {
    Relation r = of(domain);
    return fixed.computeIfAbsent(domain.withoutDimNames(), d -> {
      int own = 0;
      for (Relation x : statementSchedules.get(d)) own = Math.max(own, x.space().nOut());
      return Arrays.copyOf(fixedValues(r), own);
    });
  }

  /** Whether no two instances of the statement run at the same time (computed once per statement). */
  boolean injective(Space domain) {
    return injective.computeIfAbsent(domain.withoutDimNames(), d -> {
      Relation sigma = of(d);
      return sigma.apply(sigma.reverse()).subtract(sigma.domain().identity()).isEmpty();
    });
  }

  /**
   * False when no instance of statement {@code source} can run before an instance of {@code sink}
   * with exactly {@code level} equal leading time dimensions, judged from constant dimensions only.
   * Only the dimensions both schedules have are compared (as isl does): times equal on those are
   * not ordered, whatever the padding.
   */
  static boolean canPrecedeAt(Long[] source, Long[] sink, int level) {
    if (level >= source.length || level >= sink.length) return false;
    for (int d = 0; d < level; d++) {
      if (source[d] != null && sink[d] != null && !source[d].equals(sink[d])) return false;
    }
    return source[level] == null || sink[level] == null || source[level] < sink[level];
  }

  /** True when the two statements' times differ at a dimension both fix to a constant. */
  static boolean neverSimultaneous(Long[] a, Long[] b) {
    for (int d = 0; d < Math.min(a.length, b.length); d++) {
      if (a[d] != null && b[d] != null && !a[d].equals(b[d])) return true;
    }
    return false;
  }

  /** Orders statements by their constant time dimensions, the last-running first. */
  static int closestFirst(Long[] a, Long[] b) {
    for (int d = 0; d < Math.min(a.length, b.length); d++) {
      long x = a[d] == null ? Long.MAX_VALUE : a[d];
      long y = b[d] == null ? Long.MAX_VALUE : b[d];
      if (x != y) return Long.compare(y, x);
    }
    return 0;
  }

  /** The constant of each output dimension fixed by an equality in every basic relation. */
  private static Long[] fixedValues(Relation r) {
    int n = r.space().nOut();
    Long[] out = new Long[n];
    if (r.isEmpty()) return out;
    for (int d = 0; d < n; d++) {
      Long value = null;
      boolean all = true;
      for (BasicRelation b : r.basics()) {
        Long v = fixedIn(b, d);
        if (v == null || (value != null && !value.equals(v))) {
          all = false;
          break;
        }
        value = v;
      }
      out[d] = all ? value : null;
    }
    return out;
  }

  private static Long fixedIn(BasicRelation b, int d) {
    int col = b.outCol(d);
    for (long[] row : b.equalities()) {
      if (row[col] == 0) continue;
      boolean alone = true;
      for (int c = 1; c < row.length && alone; c++) if (c != col && row[c] != 0) alone = false;
      if (alone && row[0] % row[col] == 0) return -row[0] / row[col];
    }
    return null;
  }

  /** { [t0..tk-1] -> [t0..tk-1, 0, ..., 0] }. */
  private static Relation pad(Space from, Space to) {
    Space s = from.mapTo(to.withParams(from.params()));
    int k = from.nOut();
    int m = to.nOut();
    BasicRelation.Builder b = BasicRelation.builder(s);
    int np = from.nParam();
    for (int i = 0; i < m; i++) {
      long[] row = new long[1 + s.nVar()];
      row[1 + np + k + i] = 1;
      if (i < k) row[1 + np + i] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build());
  }
}
