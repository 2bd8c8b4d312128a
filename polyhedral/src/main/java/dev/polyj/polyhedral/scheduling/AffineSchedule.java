package dev.polyj.polyhedral.scheduling;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A multi-dimensional affine schedule: for every statement one affine row per level (over
 * {@code [constant, parameters, iterators]}), where a level is either a loop (a hyperplane) or a
 * scalar dimension that orders groups of statements; consecutive loop levels form bands, and each
 * loop level knows whether it carries no dependence (coincident: parallel).
 */
public record AffineSchedule(List<String> params, Map<String, Relation> domains, ImmutableList<Level> levels,
    ImmutableList<Band> bands) {
  /** One schedule dimension: the row of each statement, whether it is scalar, and whether it is parallel. */
  public record Level(Map<String, long[]> rows, boolean scalar, boolean coincident) {}

  /** Levels [first, first + size) form a permutable band. */
  public record Band(int first, int size) {}

  public int nLevel() {
    return levels.size();
  }

  /** The schedule as a union map {@code S[i] -> [t0, ..., t(n-1)]}. */
  public UnionRelation toMap() {
    List<Relation> out = new ArrayList<>();
    int n = levels.size();
    for (Map.Entry<String, Relation> e : domains.entrySet()) {
      Relation dom = e.getValue();
      Space set = dom.space();
      int m = set.nOut();
      Space mapSpace = Space.map(params, set.tuple(), Tuple.anonymous(null, n));
      BasicRelation.Builder b = BasicRelation.builder(mapSpace);
      int np = params.size();
      for (int l = 0; l < n; l++) {
        long[] r = levels.get(l).rows().get(e.getKey());
        long[] row = new long[1 + np + m + n];
        row[0] = r[0];
        for (int k = 0; k < np + m; k++) row[1 + k] = r[1 + k];
        row[1 + np + m + l] = -1;
        b.addEq(row);
      }
      out.add(Relation.of(b.build()).intersectDomain(dom.alignParams(params)));
    }
    return out.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(out);
  }

  /**
   * The schedule as an isl schedule tree: each band becomes a band node (permutable when it has
   * several members, coincident flags from the levels), each scalar level a sequence whose
   * filters take the statements in increasing order of their constant.
   */
  public ScheduleNode toTree() {
    List<String> all = new ArrayList<>(domains.keySet());
    return new ScheduleNode.Domain(unionOf(all), subtree(all, 0));
  }

  private ScheduleNode subtree(List<String> stmts, int level) {
    if (level >= levels.size()) return new ScheduleNode.Leaf();
    Level lv = levels.get(level);
    if (lv.scalar()) {
      java.util.TreeMap<Long, List<String>> groups = new java.util.TreeMap<>();
      for (String st : stmts) groups.computeIfAbsent(lv.rows().get(st)[0], k -> new ArrayList<>()).add(st);
      if (groups.size() == 1) return subtree(stmts, level + 1);
      List<ScheduleNode.Filter> filters = new ArrayList<>();
      for (List<String> g : groups.values()) filters.add(new ScheduleNode.Filter(unionOf(g), subtree(g, level + 1)));
      return new ScheduleNode.Sequence(ImmutableList.copyOf(filters));
    }
    int end = level + 1;
    for (Band b : bands) if (b.first() <= level && level < b.first() + b.size()) end = b.first() + b.size();
    while (end > level + 1 && levels.get(end - 1).scalar()) end--;
    List<UnionRelation> members = new ArrayList<>();
    List<Boolean> coincident = new ArrayList<>();
    for (int l = level; l < end; l++) {
      members.add(member(stmts, levels.get(l)));
      coincident.add(levels.get(l).coincident());
    }
    int n = members.size();
    return new ScheduleNode.Band(ImmutableList.copyOf(members), n > 1, ImmutableList.copyOf(coincident),
        ImmutableList.copyOf(java.util.Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT)), "", subtree(stmts, end));
  }

  private UnionRelation unionOf(List<String> stmts) {
    List<Relation> rs = new ArrayList<>();
    for (String st : stmts) rs.add(domains.get(st).alignParams(params));
    return UnionRelation.of(rs);
  }

  /** Level {@code level} as a union map {@code { S[i] -> [phi_S(i)] }} over every statement. */
  public UnionRelation levelMap(int level) {
    return member(new ArrayList<>(domains.keySet()), levels.get(level));
  }

  /** { S[i] -> [phi_S(i)] } for the statements. */
  private UnionRelation member(List<String> stmts, Level lv) {
    List<Relation> rs = new ArrayList<>();
    int np = params.size();
    for (String st : stmts) {
      Space set = domains.get(st).space();
      int m = set.nOut();
      Space mapSpace = Space.map(params, set.tuple(), Tuple.anonymous(null, 1));
      long[] r = lv.rows().get(st);
      long[] row = new long[1 + np + m + 1];
      System.arraycopy(r, 0, row, 0, 1 + np + m);
      row[1 + np + m] = -1;
      rs.add(Relation.of(BasicRelation.builder(mapSpace).addEq(row).build()));
    }
    return UnionRelation.of(rs);
  }

  static Map<String, long[]> copyRows(Map<String, long[]> rows) {
    Map<String, long[]> out = new LinkedHashMap<>();
    rows.forEach((k, v) -> out.put(k, v.clone()));
    return out;
  }
}
