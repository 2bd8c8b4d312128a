package dev.polyj.reductions;

import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reduction and privatization dependences (Doerfert et al., IMPACT 2015, Section 3.2) of a SCoP.
 *
 * <p>The instances of a reduction-like statement {@code S} whose load and store reach the same
 * element (its <em>reduction instances</em>: all of them for {@code x = x + e}, only those with
 * {@code i = 0} for the paper's Figure 6, {@code A[j] = A[j - i] + ...}) update their element in
 * place. The reduction dependences {@code D_rho} are the dependences between two reduction
 * instances that update the same element, of one statement or of two statements reducing the
 * same array with the same operator (nussinov's five maxima into {@code table[i][j]}): they only
 * order the terms of a sum (product, minimum, maximum), which may be reassociated and reordered.
 *
 * <p>Dropping {@code D_rho} from the dependences {@code D} (value-based flow, the previous writer
 * for output and the reads since it for anti dependences) would also drop the orders they carried
 * between other accesses of the reduced element: an initialization before the first update, a use
 * after the last one. The privatization dependences {@code D_tau} restore them: every other access
 * of the array (another statement's, or an instance of {@code S} that is not a reduction instance)
 * is ordered with every reduction instance reaching the same element, in the program's order. They
 * are the memory-based form of the paper's Equation 5 (which extends the dependences ending or
 * starting at a reduction instance to all of its transitive reduction dependences), so no
 * transitive closure is needed, and they keep every other access of the element outside the span
 * of the reduction: a schedule respecting {@code (D \ D_rho) u D_tau} computes every reduced
 * element as a reassociated sum of the same terms, and everything else as the program does.
 *
 * @param reductions the reduction-like computations
 * @param reductionDomains statement name -> its reduction instances
 * @param reduction the reduction dependences {@code D_rho}
 * @param privatization the privatization dependences {@code D_tau}
 * @param relaxed {@code (D \ D_rho) u D_tau}, what a reduction-enabled scheduler must respect
 */
public record ReductionDependences(List<Reduction> reductions, Map<String, Relation> reductionDomains,
    UnionRelation reduction, UnionRelation privatization, UnionRelation relaxed) {
  public ReductionDependences {
    reductions = List.copyOf(reductions);
    reductionDomains = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(reductionDomains));
  }

  /** The reduction-like computations of {@code scop} and their dependences, given its dependences {@code deps}. */
  public static ReductionDependences compute(Scop scop, Dependences deps) {
    return compute(scop, deps.all(), ReductionDetection.detect(scop));
  }

  /** The dependences of {@code reductions} (reduction-like computations of {@code scop}) within {@code all}. */
  public static ReductionDependences compute(Scop scop, UnionRelation all, List<Reduction> reductions) {
    UnionRelation rho = UnionRelation.empty(all.paramNames());
    UnionRelation tau = UnionRelation.empty(all.paramNames());
    Map<String, Relation> domains = new LinkedHashMap<>();
    Map<String, List<Reduction>> groups = new LinkedHashMap<>();
    for (Reduction r : reductions) {
      Statement s = scop.statement(r.statement());
      Relation inPlace = r.load().relation().intersect(r.store().relation()).intersectDomain(s.domain()).domain();
      domains.put(s.name(), inPlace);
      if (!inPlace.isEmpty()) groups.computeIfAbsent(r.array() + " " + r.operator(), k -> new ArrayList<>()).add(r);
    }
    for (List<Reduction> group : groups.values()) {
      // two in-place updates of the same element (not a term of one reading another's element)
      UnionRelation updates = UnionRelation.empty(all.paramNames());
      for (Reduction r : group) {
        updates = updates.union(UnionRelation.of(r.store().relation().intersectDomain(domains.get(r.statement()))));
      }
      rho = rho.union(all.intersect(updates.apply(updates.reverse())));
      for (Reduction r : group) tau = tau.union(privatization(scop, r, group, domains));
    }
    UnionRelation relaxed = rho.isEmpty() ? all : all.subtract(rho).union(tau).coalesce();
    return new ReductionDependences(reductions, domains, rho.coalesce(), tau.coalesce(), relaxed);
  }

  /** Whether some reduction has reduction dependences (reassociating it changes the order of its terms). */
  public boolean any() {
    return !reduction.isEmpty();
  }

  /**
   * Every other access of the reduced array ordered with every reduction instance of {@code r}
   * reaching the same element, in the program's order. The in-place updates of the element by
   * the statements of {@code group} (the reductions of the same array with the same operator,
   * whose terms all combine into one result) are not other accesses.
   */
  private static UnionRelation privatization(Scop scop, Reduction r, List<Reduction> group,
      Map<String, Relation> inPlaceDomains) {
    Relation updates = r.store().relation().intersectDomain(inPlaceDomains.get(r.statement()));
    List<Relation> others = new ArrayList<>();
    for (Statement t : scop.statements()) {
      Reduction own = null;
      for (Reduction g : group) if (g.statement().equals(t.name())) own = g;
      for (Access a : t.accesses()) {
        if (!a.array().equals(r.array())) continue;
        Relation rel = a.relation().intersectDomain(t.domain());
        if (own != null && (own.reads(a) || a == own.store())) rel = rel.subtractDomain(inPlaceDomains.get(t.name()));
        if (!rel.isEmpty()) others.add(rel);
      }
    }
    UnionRelation out = UnionRelation.empty(scop.params());
    Relation sched = scheduleOf(scop, r.statement());
    for (Relation other : others) {
      Relation pairs = other.apply(updates.reverse()); // other instance -> reduction instance, same element
      if (pairs.isEmpty()) continue;
      Relation otherSched = scheduleOf(scop, other.space().domainTuple().name());
      Relation before = otherSched.apply(Relation.lexLt(otherSched.space().range(), sched.space().range()))
          .apply(sched.reverse());
      Relation after = sched.apply(Relation.lexLt(sched.space().range(), otherSched.space().range()))
          .apply(otherSched.reverse());
      out = out.union(UnionRelation.of(pairs.intersect(before)))
          .union(UnionRelation.of(pairs.reverse().intersect(after)));
    }
    return out;
  }

  /** The original schedule of statement {@code name}: instance -> time. */
  private static Relation scheduleOf(Scop scop, String name) {
    for (Relation m : scop.scheduleMap().relations()) {
      if (m.space().domainTuple().name().equals(name)) return m;
    }
    throw new IllegalArgumentException("no schedule for statement " + name);
  }
}
