package dev.polyj.polyhedral.schedule;

import com.google.common.collect.ImmutableList;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Conversions between schedule trees and flat schedule maps (statement instance to time vector).
 *
 * <p>Tree to map: along each path from the domain to a leaf, a band appends its members and a
 * sequence or set appends the position of the child; filters restrict the instances. Vectors are
 * padded with zeros to a common length. Map to tree: a time dimension that is a constant for every
 * statement splits the statements into a sequence ordered by that constant; consecutive
 * non-constant dimensions form a band.
 */
public final class ScheduleMaps {
  private ScheduleMaps() {}

  private record Path(Relation filter, List<Relation> dims) {}

  /** The flat schedule of a tree rooted at a domain node, or null when a node has no flat form. */
  public static UnionRelation toFlatMapOrNull(ScheduleNode root) {
    try {
      return toFlatMap(root);
    } catch (RuntimeException unsupported) {
      return null;
    }
  }

  /** The flat schedule of a tree rooted at a domain node. */
  public static UnionRelation toFlatMap(ScheduleNode root) {
    if (!(root instanceof ScheduleNode.Domain d)) throw new IllegalArgumentException("the root must be a domain node");
    List<String> params = new ArrayList<>(d.domain().paramNames());
    List<Path> start = new ArrayList<>();
    for (Relation r : d.domain().relations()) start.add(new Path(r.alignParams(params), List.of()));
    List<Path> leaves = new ArrayList<>();
    collect(d.child(), start, params, leaves);
    int n = 0;
    for (Path p : leaves) n = Math.max(n, p.dims().size());
    List<Relation> maps = new ArrayList<>();
    for (Path p : leaves) maps.add(combine(p, n, params));
    return maps.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(maps);
  }

  private static void collect(ScheduleNode node, List<Path> active, List<String> params, List<Path> out) {
    if (active.isEmpty()) return;
    if (node instanceof ScheduleNode.Leaf) {
      out.addAll(active);
    } else if (node instanceof ScheduleNode.Band b) {
      List<Path> next = new ArrayList<>();
      for (Path p : active) {
        List<Relation> dims = new ArrayList<>(p.dims());
        for (UnionRelation m : b.members()) dims.add(memberFor(m, p.filter().space().tuple(), params));
        next.add(new Path(p.filter(), dims));
      }
      collect(b.child(), next, params, out);
    } else if (node instanceof ScheduleNode.Sequence || node instanceof ScheduleNode.Set) {
      List<ScheduleNode> kids = node.children();
      for (int k = 0; k < kids.size(); k++) {
        ScheduleNode.Filter f = (ScheduleNode.Filter) kids.get(k);
        List<Path> next = new ArrayList<>();
        for (Path p : active) {
          Relation kept = filtered(p.filter(), f.filter(), params);
          if (kept == null) continue;
          List<Relation> dims = new ArrayList<>(p.dims());
          dims.add(constant(p.filter().space(), k, params));
          next.add(new Path(kept, dims));
        }
        collect(f.child(), next, params, out);
      }
    } else if (node instanceof ScheduleNode.Filter f) {
      List<Path> next = new ArrayList<>();
      for (Path p : active) {
        Relation kept = filtered(p.filter(), f.filter(), params);
        if (kept != null) next.add(new Path(kept, p.dims()));
      }
      collect(f.child(), next, params, out);
    } else if (node instanceof ScheduleNode.Context || node instanceof ScheduleNode.Mark
        || node instanceof ScheduleNode.Guard) {
      collect(node.children().get(0), active, params, out);
    } else {
      throw new UnsupportedNodeException(node, "flat schedule maps of trees with "
          + node.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " nodes: not supported");
    }
  }

  /** {@code set} restricted to the member of {@code filter} in its space, or null when none. */
  private static Relation filtered(Relation set, UnionRelation filter, List<String> params) {
    for (Relation f : filter.relations()) {
      if (f.space().isSet() && f.space().tuple().equals(set.space().tuple())) {
        List<String> ps = Space.mergeParams(params, f.space().params());
        Relation r = set.alignParams(ps).intersect(f.alignParams(ps)).removeEmpty();
        return r.isEmpty() ? null : r;
      }
    }
    return null;
  }

  private static Relation memberFor(UnionRelation m, Tuple stmt, List<String> params) {
    for (Relation r : m.relations()) {
      if (r.space().isMap() && r.space().domainTuple().equals(stmt)) return r;
    }
    throw new IllegalArgumentException("band member does not cover statement " + stmt);
  }

  private static Relation constant(Space set, long value, List<String> params) {
    Space space = Space.map(set.params(), set.tuple(), Tuple.anonymous(null, 1));
    long[] row = new long[1 + space.nVar()];
    row[0] = value;
    row[space.nVar()] = -1;
    return Relation.of(BasicRelation.builder(space).addEq(row).build());
  }

  /** The map {@code S[x] -> [d0(x), ..., 0, 0]} of one path, restricted to its instances. */
  private static Relation combine(Path p, int n, List<String> params) {
    Space set = p.filter().space();
    List<String> ps = set.params();
    for (Relation d : p.dims()) ps = Space.mergeParams(ps, d.space().params());
    Space target = Space.map(ps, set.tuple(), Tuple.anonymous(null, n));
    int np = ps.size();
    int nIn = set.nOut();
    List<BasicRelation> acc = new ArrayList<>();
    BasicRelation.Builder pad = BasicRelation.builder(target);
    for (int k = p.dims().size(); k < n; k++) {
      long[] row = new long[1 + target.nVar()];
      row[1 + np + nIn + k] = 1;
      pad.addEq(row);
    }
    acc.add(pad.build());
    Relation filter = p.filter().alignParams(ps);
    acc = product(acc, filter, target, np, nIn, -1);
    for (int k = 0; k < p.dims().size(); k++) acc = product(acc, p.dims().get(k).alignParams(ps), target, np, nIn, k);
    return Relation.ofBasics(target, acc).removeEmpty();
  }

  /** Conjunction of each basic of {@code acc} with each basic of {@code r} moved into {@code target}. */
  private static List<BasicRelation> product(List<BasicRelation> acc, Relation r, Space target, int np, int nIn,
      int outPos) {
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      int[] varMap = new int[b.nVar()];
      for (int i = 0; i < np; i++) varMap[i] = i;
      for (int i = 0; i < nIn; i++) varMap[np + i] = np + i;
      if (outPos >= 0) varMap[np + nIn] = np + nIn + outPos;
      BasicRelation moved = b.mapVariables(target, varMap);
      for (BasicRelation a : acc) {
        BasicRelation c = a.intersect(moved);
        if (!c.isMarkedEmpty()) out.add(c);
      }
    }
    return out;
  }

  /** A tree (domain, sequences, bands) whose flat map is {@code schedule}, one time vector length for all. */
  public static ScheduleNode fromFlatMap(UnionRelation schedule, UnionRelation domain) {
    List<Relation> maps = new ArrayList<>(schedule.relations());
    int n = maps.isEmpty() ? 0 : maps.get(0).space().nOut();
    for (Relation m : maps) {
      if (m.space().nOut() != n) throw new IllegalArgumentException("time vectors of different lengths");
    }
    return new ScheduleNode.Domain(domain, build(maps, 0, n));
  }

  private static ScheduleNode build(List<Relation> group, int d, int n) {
    if (d >= n || group.isEmpty()) return ScheduleNode.LEAF;
    if (allConstant(group, d)) {
      TreeMap<Long, List<Relation>> parts = new TreeMap<>();
      for (Relation r : group) parts.computeIfAbsent(constantAt(r, d), k -> new ArrayList<>()).add(r);
      if (parts.size() == 1) return build(group, d + 1, n);
      List<ScheduleNode.Filter> filters = new ArrayList<>();
      for (List<Relation> part : parts.values()) {
        List<Relation> universe = new ArrayList<>();
        for (Relation r : part) universe.add(Relation.universe(r.space().domain()));
        filters.add(new ScheduleNode.Filter(UnionRelation.of(universe), build(part, d + 1, n)));
      }
      return new ScheduleNode.Sequence(ImmutableList.copyOf(filters));
    }
    List<UnionRelation> members = new ArrayList<>();
    int e = d;
    while (e < n && (e == d || !allConstant(group, e))) {
      List<Relation> member = new ArrayList<>();
      for (Relation r : group) member.add(project(r, e));
      members.add(UnionRelation.of(member));
      e++;
    }
    return ScheduleNode.Band.of(members, build(group, e, n));
  }

  private static boolean allConstant(List<Relation> group, int d) {
    for (Relation r : group) if (constantAt(r, d) == null) return false;
    return true;
  }

  /** The value of output {@code d} when an equality fixes it to the same constant in every piece. */
  public static Long constantAt(Relation r, int d) {
    Long value = null;
    for (BasicRelation b : r.basics()) {
      Long v = null;
      int col = b.outCol(d);
      for (long[] eq : b.equalities()) {
        boolean only = eq[col] != 0;
        for (int c = 1; c < eq.length && only; c++) if (c != col && eq[c] != 0) only = false;
        if (only && eq[0] % eq[col] == 0) {
          v = -eq[0] / eq[col];
          break;
        }
      }
      if (v == null || (value != null && !value.equals(v))) return null;
      value = v;
    }
    return value;
  }

  /** The one-dimensional map of output {@code d} of {@code r}. */
  private static Relation project(Relation r, int d) {
    Space s = r.space();
    Space target = Space.map(s.params(), s.domainTuple(), Tuple.anonymous(null, 1));
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      int[] varMap = new int[b.nVar()];
      int np = s.nParam();
      int nIn = s.nIn();
      for (int i = 0; i < np + nIn; i++) varMap[i] = i;
      for (int o = 0; o < s.nOut(); o++) varMap[np + nIn + o] = o == d ? np + nIn : -1;
      out.add(b.mapVariables(target, varMap));
    }
    return Relation.ofBasics(target, out);
  }

  /** Statement names per schedule leaf order, for tests and printing. */
  static Map<String, Integer> statementOrder(ScheduleNode root) {
    Map<String, Integer> out = new LinkedHashMap<>();
    order(root, out);
    return out;
  }

  private static void order(ScheduleNode n, Map<String, Integer> out) {
    if (n instanceof ScheduleNode.Filter f) {
      for (Relation r : f.filter().relations()) out.putIfAbsent(r.space().tuple().name(), out.size());
    }
    for (ScheduleNode c : n.children()) order(c, out);
  }

  /** A node type a computation does not handle; callers that read the tree know where the node is. */
  public static final class UnsupportedNodeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient ScheduleNode node;

    public UnsupportedNodeException(ScheduleNode node, String message) {
      super(message);
      this.node = node;
    }

    public ScheduleNode node() {
      return node;
    }
  }
}
