package dev.polyj.polyhedral.scheduling;

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

  static Map<String, long[]> copyRows(Map<String, long[]> rows) {
    Map<String, long[]> out = new LinkedHashMap<>();
    rows.forEach((k, v) -> out.put(k, v.clone()));
    return out;
  }
}
