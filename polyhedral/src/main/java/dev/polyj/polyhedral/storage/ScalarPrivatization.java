package dev.polyj.polyhedral.storage;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.flow.ArrayDependences;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Privatization of scalars (the scalar case of Maydan, Amarasinghe and Lam, "Array data-flow
 * analysis and its use in array privatization", POPL 1993; Tu and Padua, LCPC 1993): a sequential
 * loop whose iterations conflict only through scalars that each iteration writes before it reads
 * them runs in parallel, each thread with its own copy of those scalars ({@code lastprivate}: the
 * copy of the sequentially last iteration is the value after the loop).
 *
 * <p>For every band member of the schedule tree that is not coincident, has no parallel loop
 * around it and a loop inside it (an innermost loop would be vectorized, not forked), the
 * dependences between the instances of one execution of its loop are computed per array, exactly
 * ({@link Dependences}: value-based flow, anti and output dependences). The member becomes
 * coincident when the dependences it carries are
 *
 * <ul>
 *   <li>no flow dependence (no value passes from one iteration to another), and
 *   <li>only anti and output dependences on scalars of the region (arrays of rank zero whose
 *       writes are all definite), the privatized scalars,
 * </ul>
 *
 * <p>and for each privatized scalar, every read in the loop takes its value from a write of the
 * same iteration (a private copy starts undefined), and every iteration writes it (the last
 * iteration's copy is the value the program has after the loop; compared on the iterations, the
 * values of the loop and the loops around it). The tests are exact. Loops of tiled statements are
 * not considered: on the tiled instances (tile coordinates as divisions) the exact tests took
 * minutes for a histogram loop nest. The statements of the loop are recorded with the scalars, for the
 * clauses of the parallel loop code generation makes of the member; the member is not an
 * independent loop for other transformations (its iterations share the scalars in one thread).
 *
 * <p>This is what a loop that restarts a recurrence per row needs: deriche's horizontal sweeps
 * initialize their scalars at the start of each row, and only the reuse of those scalars orders
 * the rows.
 */
public final class ScalarPrivatization {
  /**
   * The tree with the privatized members coincident, and for each statement of their loops the
   * scalars privatized there (sorted).
   */
  public record Result(ScheduleNode tree, Map<String, List<String>> privatized, int loops) {
    public Result {
      privatized = Map.copyOf(privatized);
    }
  }

  private final Scop scop;
  private final Tiling.Result tiling;
  /** The region's dependences with their arrays (given, or computed when first needed). */
  private ArrayDependences known;
  /** Scalars whose every write is definite. */
  private final Set<String> candidates = new TreeSet<>();
  /** Per statement: the arrays it accesses that some statement writes, and the candidates it writes. */
  private final Map<String, Set<String>> accessed = new HashMap<>();
  private final Map<String, Set<String>> writtenScalars = new HashMap<>();
  private final Map<String, Dependences> lifted = new HashMap<>();
  private final Map<String, List<String>> privatized = new TreeMap<>();
  /** The instances the tree schedules. */
  private UnionRelation domain;
  private int loops;

  private ScalarPrivatization(Scop scop, Tiling.Result tiling, ArrayDependences known) {
    this.scop = scop;
    this.tiling = tiling;
    this.known = known;
    Set<String> written = new TreeSet<>();
    Set<String> mayWritten = new TreeSet<>();
    for (Statement st : scop.statements()) {
      for (Access a : st.accesses()) {
        if (!a.isWrite()) continue;
        written.add(a.array());
        if (!a.isMust()) mayWritten.add(a.array());
      }
    }
    for (ArrayInfo a : scop.arrays()) {
      if (a.isScalar() && written.contains(a.name()) && !mayWritten.contains(a.name())) candidates.add(a.name());
    }
    for (Statement st : scop.statements()) {
      Set<String> arrays = new TreeSet<>();
      Set<String> scalars = new TreeSet<>();
      for (Access a : st.accesses()) {
        if (written.contains(a.array())) arrays.add(a.array());
        if (a.isWrite() && candidates.contains(a.array())) scalars.add(a.array());
      }
      accessed.put(st.name(), arrays);
      writtenScalars.put(st.name(), scalars);
    }
  }

  /**
   * @param scop the SCoP the tree schedules, before tiling (its instances are the original ones)
   * @param tree the schedule tree with exact coincident flags (tiled when {@code tiling} is not null)
   * @param tiling the tiling of the tree, or null
   * @param known the dependences of {@code scop} with their arrays when already computed, or null
   */
  public static Result apply(Scop scop, ScheduleNode tree, Tiling.Result tiling, ArrayDependences known) {
    ScalarPrivatization p = new ScalarPrivatization(scop, tiling, known);
    if (p.candidates.isEmpty()) return new Result(tree, Map.of(), 0);
    ScheduleNode out = p.walk(tree, List.of(), List.of(), null);
    return new Result(out, p.privatized, p.loops);
  }

  /**
   * @param path narrows relations between instances to pairs in one execution of the current node
   * @param outer the band members around the current node (outermost first)
   * @param reach the instances that run in the current node
   */
  private ScheduleNode walk(ScheduleNode node, List<UnaryOperator<UnionRelation>> path, List<UnionRelation> outer,
      UnionRelation reach) {
    if (node instanceof ScheduleNode.Domain d) {
      domain = d.domain();
      return new ScheduleNode.Domain(d.domain(), walk(d.child(), with(path, within(d.domain())), outer, d.domain()));
    }
    if (node instanceof ScheduleNode.Filter f) {
      return filter(f, path, outer, reach);
    }
    if (node instanceof ScheduleNode.Sequence s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) out.add(filter(f, path, outer, reach));
      return new ScheduleNode.Sequence(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Set s) {
      List<ScheduleNode.Filter> out = new ArrayList<>();
      for (ScheduleNode.Filter f : s.filters()) out.add(filter(f, path, outer, reach));
      return new ScheduleNode.Set(ImmutableList.copyOf(out));
    }
    if (node instanceof ScheduleNode.Context c) {
      return new ScheduleNode.Context(c.context(), walk(c.child(), path, outer, reach));
    }
    if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), walk(m.child(), path, outer, reach));
    if (node instanceof ScheduleNode.Guard g) return new ScheduleNode.Guard(g.guard(), walk(g.child(), path, outer, reach));
    if (node instanceof ScheduleNode.Band b && reach != null) return band(b, path, outer, reach);
    return node;
  }

  private ScheduleNode.Filter filter(ScheduleNode.Filter f, List<UnaryOperator<UnionRelation>> path,
      List<UnionRelation> outer, UnionRelation reach) {
    UnionRelation inside = reach == null ? f.filter() : reach.intersect(f.filter());
    return new ScheduleNode.Filter(f.filter(), walk(f.child(), with(path, within(f.filter())), outer, inside));
  }

  private ScheduleNode band(ScheduleNode.Band b, List<UnaryOperator<UnionRelation>> path, List<UnionRelation> outer,
      UnionRelation reach) {
    List<UnaryOperator<UnionRelation>> p = new ArrayList<>(path);
    List<UnionRelation> around = new ArrayList<>(outer);
    for (int k = 0; k < b.nMember(); k++) {
      // a parallel loop: the loops inside it stay as they are
      if (b.coincident().get(k)) return b;
      UnionRelation m = b.members().get(k);
      boolean loopInside = k + 1 < b.nMember() || ScheduleNode.containsBand(b.child());
      List<String> scalars = loopInside ? privatizable(p, around, reach, m) : null;
      if (scalars != null) {
        List<Boolean> coincident = new ArrayList<>(b.coincident());
        coincident.set(k, true);
        for (String st : statements(reach)) privatized.put(st, scalars);
        loops++;
        return new ScheduleNode.Band(b.members(), b.permutable(), ImmutableList.copyOf(coincident), b.loopTypes(),
            b.otherOptions(), b.child());
      }
      p.add(r -> TreeDependences.tied(r, m));
      around.add(m);
    }
    return new ScheduleNode.Band(b.members(), b.permutable(), b.coincident(), b.loopTypes(), b.otherOptions(),
        walk(b.child(), p, around, reach));
  }

  /**
   * The scalars whose private copies make {@code member} parallel, or null when it cannot be: the
   * instances {@code reach} run in the loop, {@code path} narrows relations between instances to
   * pairs within one execution of the loop, {@code outer} are the members around it.
   */
  private List<String> privatizable(List<UnaryOperator<UnionRelation>> path, List<UnionRelation> outer,
      UnionRelation reach, UnionRelation member) {
    Set<String> statements = statements(reach);
    // loops of tiled statements are left: the exact tests on their instances (tile coordinates as
    // divisions) can take minutes, and the loops this is for sweep rows untiled
    if (tiling != null) for (String st : statements) if (tiling.addedDims(st) > 0) return null;
    // the clauses go by statement: every instance of the loop's statements runs in it
    if (domain == null || !onStatements(domain, statements).isSubset(reach)) return null;
    Set<String> arrays = new TreeSet<>();
    boolean writesScalar = false;
    for (String st : statements) {
      arrays.addAll(accessed.getOrDefault(st, Set.of()));
      writesScalar |= !writtenScalars.getOrDefault(st, Set.of()).isEmpty();
    }
    if (!writesScalar) return null;
    List<String> need = new ArrayList<>();
    for (String a : arrays) {
      Dependences d = dependences(a);
      if (!TreeDependences.carried(narrow(d.flow(), path), member).isEmpty()) return null;
      if (TreeDependences.carried(narrow(d.anti().union(d.output()), path), member).isEmpty()) continue;
      if (!candidates.contains(a)) return null;
      need.add(a);
    }
    if (need.isEmpty()) return null;
    // an iteration of the loop: the values of the members around it and of its own
    UnionRelation iteration = member;
    for (int i = outer.size() - 1; i >= 0; i--) iteration = outer.get(i).rangeProduct(iteration);
    UnionRelation iterations = reach.apply(iteration);
    for (String x : need) {
      // every read of x in the loop reads a value written in the same iteration
      UnionRelation sources = TreeDependences.tied(narrow(dependences(x).flow(), path), member);
      UnionRelation readers = instances(scop.reads(), x).intersect(reach);
      if (!readers.isSubset(sources.range())) return null;
      // every iteration writes x (compared on the iterations: the pairs of instances of one
      // iteration are a product of two instance spaces, whose tiled forms take the exact tests long)
      UnionRelation writers = instances(scop.mustWrites(), x).intersect(reach);
      if (!iterations.isSubset(writers.apply(iteration))) return null;
    }
    return List.copyOf(need);
  }

  /** The exact dependences through array {@code a} (on the tree's instances). */
  private Dependences dependences(String a) {
    return lifted.computeIfAbsent(a, name -> {
      if (known == null) known = ArrayDependences.compute(scop.reads(), scop.mayWrites(), scop.scheduleMap());
      Dependences d = known.onArray(name);
      return new Dependences(lift(d.flow()), lift(d.anti()), lift(d.output()));
    });
  }

  /** The instances (on the tree's) that access {@code array} in {@code accesses}. */
  private UnionRelation instances(UnionRelation accesses, String array) {
    return lift(Scop.onArray(accesses, array).domain().identity()).domain();
  }

  private UnionRelation lift(UnionRelation r) {
    return tiling == null ? r : tiling.liftDependences(r);
  }

  private static UnionRelation narrow(UnionRelation r, List<UnaryOperator<UnionRelation>> path) {
    for (UnaryOperator<UnionRelation> op : path) r = op.apply(r);
    return r;
  }

  private static UnaryOperator<UnionRelation> within(UnionRelation filter) {
    return r -> TreeDependences.within(r, filter);
  }

  private static List<UnaryOperator<UnionRelation>> with(List<UnaryOperator<UnionRelation>> path,
      UnaryOperator<UnionRelation> op) {
    List<UnaryOperator<UnionRelation>> out = new ArrayList<>(path);
    out.add(op);
    return out;
  }

  private static UnionRelation onStatements(UnionRelation instances, Set<String> names) {
    List<Relation> out = new ArrayList<>();
    for (Relation r : instances.relations()) if (names.contains(r.space().tuple().name())) out.add(r);
    return out.isEmpty() ? UnionRelation.empty(instances.paramNames()) : UnionRelation.of(out);
  }

  private static Set<String> statements(UnionRelation instances) {
    Set<String> out = new LinkedHashSet<>();
    for (Relation r : instances.relations()) if (!r.isEmpty()) out.add(r.space().tuple().name());
    return out;
  }
}
