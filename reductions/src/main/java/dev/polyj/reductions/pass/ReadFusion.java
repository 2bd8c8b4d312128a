package dev.polyj.reductions.pass;

import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The program's loop nests fused along a matrix they both read: read-reuse fusion.
 *
 * <p>Two consecutive outermost nests that read the same array of rank {@code d >= 2} through
 * one-to-one affine subscripts ({@code x1[i] += A[i][j] * y1[j]} and, in the next nest,
 * {@code x2[i] += A[j][i] * y2[j]}) make two passes over it, whichever loop order each nest
 * has. Placing each instance of the second nest's statement {@code T} at the instance of the
 * first nest's statement {@code S} that reads the same element ({@code m = read_T ; read_S^-1},
 * here {@code T[i, j] -> S[j, i]}), just after it in the same iteration, makes one pass: the
 * time of {@code T(x)} is {@code theta_S(m(x))} followed by a position after {@code S}. The
 * input (read-after-read) dependences between the nests are what the fusion shortens to zero,
 * as in the locality cost functions that count them (Bondhugula et al., PLDI 2008, Section 4,
 * input dependences; Kelly and Pugh's "Selecting affine transformations", 1995).
 *
 * <p>A nest is fused only when it has one statement, of the same depth as {@code S}, whose
 * instances correspond one to one to {@code S}'s through the read ({@code m} a bijection between
 * the two domains), and when the fused program order respects every given dependence (checked
 * exactly on the tree, {@link TreeDependences#check}). With the reduction dependences relaxed,
 * the fused nests of {@code mvt} become one loop nest like {@code bicg}'s, parallel outside with
 * the column sums privatized.
 */
final class ReadFusion {
  private ReadFusion() {}

  /** The program's schedule with nests fused as above, or null when none fuses. */
  static ScheduleNode fuse(Scop scop, UnionRelation deps) {
    UnionRelation flat = ScheduleMaps.toFlatMapOrNull(scop.schedule());
    if (flat == null) return null;
    List<String> params = flat.paramNames();
    java.util.Set<String> statements = new java.util.HashSet<>();
    for (Statement st : scop.statements()) statements.add(st.name());
    Map<String, Relation> theta = new LinkedHashMap<>();
    TreeMap<Long, List<String>> nests = new TreeMap<>();
    for (Relation r : flat.relations()) {
      String name = r.space().domainTuple().name();
      Long outer = r.space().nOut() == 0 ? null : ScheduleMaps.constantAt(r, 0);
      if (outer == null || theta.put(name, r) != null || !statements.contains(name)) return null;
      nests.computeIfAbsent(outer, k -> new ArrayList<>()).add(name);
    }
    int length = flat.relations().get(0).space().nOut();
    // every statement gets one more time dimension: 0, or its position after the statement it joins
    Map<String, Relation> fused = new LinkedHashMap<>();
    theta.forEach((name, r) -> fused.put(name, r.apply(append(length, 0, params))));
    Map<String, Integer> joined = new HashMap<>();
    List<String> current = new ArrayList<>();
    boolean any = false;
    for (List<String> nest : nests.values()) {
      String t = nest.size() == 1 ? nest.get(0) : null;
      boolean placed = false;
      for (int k = 0; t != null && k < current.size() && !placed; k++) {
        String s = current.get(k);
        Relation m = correspondence(scop.statement(s), scop.statement(t));
        if (m == null) continue;
        int position = joined.getOrDefault(s, 0) + 1;
        Relation before = fused.get(t);
        fused.put(t, m.apply(theta.get(s)).apply(append(length, position, params)));
        if (legal(fused, scop, deps)) {
          joined.put(s, position);
          placed = true;
        } else {
          fused.put(t, before);
        }
      }
      if (placed) {
        current.add(t);
        any = true;
      } else {
        current = new ArrayList<>(nest);
      }
    }
    return any ? tree(fused, scop) : null;
  }

  /**
   * The bijection {@code t -> s} between the instances of {@code t} and {@code s} reading the same
   * element of an array of rank {@code depth >= 2} both read through one-to-one subscripts, or null.
   */
  static Relation correspondence(Statement s, Statement t) {
    if (s.depth() != t.depth() || s.depth() < 2) return null;
    for (Access rs : s.reads()) {
      if (!rs.isMust() || rs.relation().space().nOut() != s.depth()) continue;
      for (Access rt : t.reads()) {
        if (!rt.isMust() || !rt.array().equals(rs.array()) || rt.relation().space().nOut() != t.depth()) continue;
        Relation fs = rs.relation().intersectDomain(s.domain());
        Relation ft = rt.relation().intersectDomain(t.domain());
        Relation m = ft.apply(fs.reverse());
        if (m.isSingleValued() && m.reverse().isSingleValued()
            && m.domain().isEqual(t.domain()) && m.range().isEqual(s.domain())) {
          return m;
        }
      }
    }
    return null;
  }

  /** {@code [t_0, ..., t_{n-1}] -> [t_0, ..., t_{n-1}, value]}. */
  private static Relation append(int n, int value, List<String> params) {
    StringBuilder in = new StringBuilder();
    for (int k = 0; k < n; k++) in.append(k == 0 ? "" : ", ").append("t").append(k);
    String out = in + (n == 0 ? "" : ", ") + value;
    return Relation.parse("[" + String.join(", ", params) + "] -> { [" + in + "] -> [" + out + "] }")
        .alignParams(params);
  }

  private static ScheduleNode tree(Map<String, Relation> fused, Scop scop) {
    return ScheduleMaps.fromFlatMap(UnionRelation.of(new ArrayList<>(fused.values())), scop.domains());
  }

  private static boolean legal(Map<String, Relation> fused, Scop scop, UnionRelation deps) {
    try {
      TreeDependences.check(tree(fused, scop), deps);
      return true;
    } catch (TreeDependences.IllegalScheduleException violated) {
      return false;
    }
  }
}
