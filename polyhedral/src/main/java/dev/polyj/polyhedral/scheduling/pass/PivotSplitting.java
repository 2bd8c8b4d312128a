package dev.polyj.polyhedral.scheduling.pass;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.List;

/**
 * Index-set splitting at a pivot (Griebl, Feautrier and Lengauer, "Index set splitting", IJPP
 * 28(6), 2000): a loop that carries dependences only to or from one of its iterations, the pivot,
 * which the loops outside it fix, is split into the iterations before the pivot, the pivot, and the
 * iterations after it. Neither side then carries a dependence: each runs in parallel (an outer
 * loop) or vectorizes (an innermost one), and the sequence of the three keeps the program's order
 * between them. Floyd-Warshall is the example: in step {@code k}, rows {@code i != k} read row
 * {@code k} and depend on each other only through it, and in each row the columns {@code j != k}
 * read column {@code k}; split at {@code i = k} and {@code j = k}, the rows before the pivot run in
 * parallel, then the pivot row, then the rows after it.
 *
 * <p>What is split: a band member that maps the instances of a single statement to one of its
 * dimensions {@code x_p} and carries dependences, when every dependence it carries has its source
 * or its sink on a plane {@code x_p = x_q} where {@code x_q} is another dimension of the statement.
 * {@code x_q} must be fixed by the loops outside the member, so that the three pieces run in the
 * member's order; then no dependence joins two instances on the same side of the pivot within an
 * iteration of the outer loops, and the member runs in parallel on both sides. The split tree is
 * checked against all dependences ({@link TreeDependences}) and kept only when it respects them.
 */
public final class PivotSplitting {
  private PivotSplitting() {}

  /** The tree with the loops that qualify split at their pivots (flags annotated), or {@code root} when none does. */
  public static ScheduleNode split(ScheduleNode root, UnionRelation deps) {
    int[] count = {0};
    ScheduleNode out = walk(root, deps, null, List.of(), count);
    if (count[0] == 0) return root;
    try {
      return TreeDependences.annotate(out, deps);
    } catch (TreeDependences.IllegalScheduleException e) {
      return root;
    }
  }

  /**
   * @param open the dependences the loops outside {@code node} leave unordered
   * @param instances the instances that reach {@code node}, or null above the domain
   * @param outer the band members outside {@code node}
   */
  private static ScheduleNode walk(ScheduleNode node, UnionRelation open, UnionRelation instances,
      List<UnionRelation> outer, int[] count) {
    if (node instanceof ScheduleNode.Domain d) {
      return new ScheduleNode.Domain(d.domain(),
          walk(d.child(), TreeDependences.within(open, d.domain()), d.domain(), outer, count));
    }
    if (node instanceof ScheduleNode.Filter f) {
      UnionRelation inside = instances == null ? f.filter() : instances.intersect(f.filter());
      return new ScheduleNode.Filter(f.filter(),
          walk(f.child(), TreeDependences.within(open, f.filter()), inside, outer, count));
    }
    if (node instanceof ScheduleNode.Sequence s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) out.add((ScheduleNode.Filter) walk(f, open, instances, outer, count));
      return new ScheduleNode.Sequence(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Set s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) out.add((ScheduleNode.Filter) walk(f, open, instances, outer, count));
      return new ScheduleNode.Set(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Band b) return band(b, open, instances, outer, count);
    if (node instanceof ScheduleNode.Mark m) {
      return new ScheduleNode.Mark(m.mark(), walk(m.child(), open, instances, outer, count));
    }
    return node;
  }

  private static ScheduleNode band(ScheduleNode.Band b, UnionRelation open, UnionRelation instances,
      List<UnionRelation> outer, int[] count) {
    UnionRelation rest = open;
    List<UnionRelation> around = new ArrayList<>(outer);
    for (int k = 0; k < b.nMember(); k++) {
      UnionRelation m = b.members().get(k);
      UnionRelation carried = TreeDependences.carried(rest, m);
      if (!carried.isEmpty() && instances != null && !around.isEmpty()) {
        UnionRelation[] pieces = pieces(m, carried, instances, around);
        if (pieces != null) {
          count[0]++;
          ScheduleNode.Band inner = slice(b, k, b.nMember(), b.child());
          List<ScheduleNode.Filter> filters = new ArrayList<>();
          for (UnionRelation piece : pieces) {
            if (piece.isEmpty()) continue;
            filters.add(new ScheduleNode.Filter(piece,
                walk(inner, TreeDependences.within(rest, piece), instances.intersect(piece), around, count)));
          }
          ScheduleNode sequence = new ScheduleNode.Sequence(ImmutableList.copyOf(filters));
          return k == 0 ? sequence : slice(b, 0, k, sequence);
        }
      }
      rest = TreeDependences.tied(rest, m);
      around.add(m);
    }
    return new ScheduleNode.Band(b.members(), b.permutable(), b.coincident(), b.loopTypes(), b.otherOptions(),
        walk(b.child(), rest, instances, around, count));
  }

  /** Members {@code [from, to)} of {@code b} as a band above {@code child}. */
  private static ScheduleNode.Band slice(ScheduleNode.Band b, int from, int to, ScheduleNode child) {
    return new ScheduleNode.Band(b.members().subList(from, to), b.permutable(), b.coincident().subList(from, to),
        b.loopTypes().subList(from, to), b.otherOptions(), child);
  }

  /**
   * The instances before, at and after the pivot, or null when {@code member} (of the single
   * statement of {@code instances}) has no pivot for the dependences it carries.
   */
  private static UnionRelation[] pieces(UnionRelation member, UnionRelation carried, UnionRelation instances,
      List<UnionRelation> outer) {
    if (instances.relations().size() != 1 || member.relations().size() != 1) return null;
    Relation domain = instances.relations().get(0);
    String name = domain.space().rangeTuple().name();
    int n = domain.space().nOut();
    for (Relation r : carried.relations()) {
      if (!r.space().domainTuple().name().equals(name) || !r.space().rangeTuple().name().equals(name)) return null;
    }
    String params = "[" + String.join(", ", instances.paramNames()) + "] -> ";
    List<String> dims = new ArrayList<>();
    for (int i = 0; i < n; i++) dims.add("polyj_d" + i);
    String tuple = name + "[" + String.join(", ", dims) + "]";
    int p = -1;
    for (int i = 0; i < n && p < 0; i++) {
      UnionRelation projection = UnionRelation.parse(params + "{ " + tuple + " -> [" + dims.get(i) + "] }");
      if (member.intersectDomain(instances).isSubset(projection)) p = i;
    }
    if (p < 0) return null;
    // pairs of instances the outer loops run in the same iteration
    UnionRelation together = null;
    for (UnionRelation o : outer) {
      UnionRelation same = o.intersectDomain(instances).apply(o.intersectDomain(instances).reverse());
      together = together == null ? same : together.intersect(same);
    }
    List<String> others = new ArrayList<>();
    for (String d : dims) others.add(d.replace("polyj_d", "polyj_e"));
    for (int q = 0; q < n; q++) {
      if (q == p) continue;
      // the pivot x_q is fixed by the outer loops
      UnionRelation fixed = UnionRelation.parse(params + "{ " + tuple + " -> " + name + "[" + String.join(", ", others)
          + "] : " + others.get(q) + " = " + dims.get(q) + " }");
      if (!together.isSubset(fixed)) continue;
      UnionRelation plane = UnionRelation.parse(params + "{ " + tuple + " : " + dims.get(p) + " = " + dims.get(q) + " }");
      // every carried dependence starts or ends on the plane
      if (!carried.subtractDomain(plane).subtractRange(plane).isEmpty()) continue;
      UnionRelation before = UnionRelation.parse(params + "{ " + tuple + " : " + dims.get(p) + " < " + dims.get(q) + " }");
      UnionRelation after = UnionRelation.parse(params + "{ " + tuple + " : " + dims.get(p) + " > " + dims.get(q) + " }");
      UnionRelation[] out = {instances.intersect(before), instances.intersect(plane), instances.intersect(after)};
      // the pivot must split the loop, not bound it
      if (out[0].isEmpty() && out[2].isEmpty()) continue;
      return out;
    }
    return null;
  }
}
