package dev.polyj.polyhedral.storage.quov;

import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * UOV-guided index-set splitting (Yuki and Rajopadhye, IMPACT 2013, Section 6, Algorithm 1): the
 * boundaries of a statement's domain whose values live longer than the main body's get storage
 * of their own. The uses whose producer instances satisfy an equality the domain does not (the
 * boundary uses) are candidates; a candidate is dropped when a use of the main body has the same
 * data-flow vector (step 1), or when its vector lies below the element-wise maxima of the main
 * body's vectors, which then already decide the shortest QUOV (step 2a, Theorem 1). The remaining
 * candidates are grouped by overlapping producer domains (step 3); each group's union is a part,
 * and the rest of the domain another (steps 4-5).
 */
public final class UovSplit {
  private UovSplit() {}

  /**
   * The parts of {@code domain}: the main body first, then the boundary parts; the domain alone
   * when no split helps. {@code producers.get(k)} are the instances whose values use {@code
   * uses.get(k)} reads.
   */
  public static List<Relation> parts(Relation domain, List<DataflowUse> uses, List<Relation> producers) {
    List<Integer> boundary = new ArrayList<>();
    List<Integer> main = new ArrayList<>();
    for (int k = 0; k < uses.size(); k++) {
      Relation hull = Relation.of(producers.get(k).affineHull());
      if (domain.isSubset(hull)) {
        main.add(k);
      } else {
        boundary.add(k);
      }
    }
    if (boundary.isEmpty() || main.isEmpty()) return List.of(domain);
    // step 1: the same dependence in the main body
    boundary.removeIf(b -> main.stream().anyMatch(m -> sameUse(uses.get(b), uses.get(m))));
    // step 2a: below the element-wise maxima of the main body's vectors
    boundary.removeIf(b -> dominated(uses.get(b), main.stream().map(uses::get).toList()));
    if (boundary.isEmpty()) return List.of(domain);
    // step 3: groups of overlapping producer domains
    List<Relation> groups = new ArrayList<>();
    for (int b : boundary) {
      Relation g = producers.get(b).intersect(domain);
      for (int i = groups.size() - 1; i >= 0; i--) {
        if (!groups.get(i).intersect(g).isEmpty()) g = g.union(groups.remove(i));
      }
      groups.add(g);
    }
    Relation rest = domain;
    for (Relation g : groups) rest = rest.subtract(g);
    if (rest.isEmpty()) return List.of(domain);
    List<Relation> out = new ArrayList<>();
    out.add(rest.coalesce());
    for (Relation g : groups) out.add(g.coalesce());
    return out;
  }

  private static boolean sameUse(DataflowUse a, DataflowUse b) {
    return a.later() == b.later() && Arrays.equals(a.vector(), b.vector());
  }

  /**
   * Whether {@code b} lies below the element-wise maxima of {@code main} (on every dimension it
   * has), so that it cannot lengthen the QUOV; a use ordered after the statement at the maxima
   * themselves counts only when a main use is.
   */
  static boolean dominated(DataflowUse b, List<DataflowUse> main) {
    long[] v = b.vector();
    boolean equal = true;
    for (int k = 0; k < v.length; k++) {
      long m = Long.MIN_VALUE;
      for (DataflowUse u : main) if (u.vector().length > k) m = Math.max(m, u.vector()[k]);
      if (m == Long.MIN_VALUE || v[k] > m) return false;
      equal &= v[k] == m;
    }
    if (!equal || !b.later()) return true;
    return main.stream().anyMatch(u -> u.later() && Arrays.equals(u.vector(), v));
  }
}
