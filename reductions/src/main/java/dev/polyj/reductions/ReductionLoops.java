package dev.polyj.reductions;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Parallel loops of a reduction-enabled schedule (Doerfert et al., IMPACT 2015, Sections 4 and
 * 5.2): the tree was scheduled and annotated against the relaxed dependences {@code (D \ D_rho) u
 * D_tau}, so a band member is coincident there when it carries no dependence but reduction
 * dependences. Such a member runs in parallel only where the privatization pays and is simple:
 *
 * <ul>
 *   <li>it is the outermost loop of its statements (one fork and join for the whole reduction,
 *       never one per inner dot product);
 *   <li>every array whose reduction dependences it carries is a scalar or a one-dimensional array
 *       of known size, privatized by an OpenMP {@code reduction(op: x)} or {@code reduction(op:
 *       y[0:n])} clause (each thread accumulates into its own copy, initialized with the
 *       operator's identity, and the copies are combined into the original at the end);
 *   <li>inside the loop, the array is accessed by reduction statements of the same operator only,
 *       each updating in place in all of its instances (any other access would see a private
 *       copy).
 * </ul>
 * Every other band member that carries reduction dependences loses its coincident flag: the code
 * runs it sequentially, in whatever order the schedule gives (the reassociation the caller asked
 * for), and never vectorizes it without a reduction clause. When such a member is an innermost
 * loop (the last member of a band with no band below it), it is recorded as a {@link SimdLoop}:
 * once the reduced elements are held in local accumulators, it may be vectorized with an {@code
 * omp simd reduction(op: acc)} clause (the paper's Figure 1b).
 */
public final class ReductionLoops {
  private ReductionLoops() {}

  /**
   * The tree with its flags fixed as above, and the reduction clauses of each statement's outermost
   * loop when it runs in parallel.
   */
  public record Result(ScheduleNode tree, Map<String, List<String>> clauses, List<SimdLoop> simdLoops,
      boolean exact) implements dev.polyj.polyhedral.pass.ReductionClauses {
    public Result {
      clauses = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(clauses));
      simdLoops = List.copyOf(simdLoops);
    }

    /**
     * The reduction clause of an innermost loop running {@code statements} whose reduced elements
     * are held in the local variables {@code locals} (array name -> variable), when the loop carries
     * only reduction dependences and every one of them is through one of these variables; else
     * null (the loop stays sequential).
     */
    @Override
    public String simdClause(Set<String> statements, Map<String, String> locals) {
      for (SimdLoop loop : simdLoops) {
        if (!loop.statements().containsAll(statements)) continue;
        Map<String, ReductionOperator> carried = new LinkedHashMap<>();
        for (String st : statements) {
          Reduction r = loop.carried().get(st);
          if (r == null) continue;
          if (!locals.containsKey(r.array())) return null;
          ReductionOperator prior = carried.putIfAbsent(r.array(), r.operator());
          if (prior != null && prior != r.operator()) return null;
        }
        // every local is the accumulator of a carried reduction
        if (carried.isEmpty() || !carried.keySet().equals(locals.keySet())) return null;
        Map<String, Set<String>> byOp = new TreeMap<>();
        carried.forEach((array, op) ->
            byOp.computeIfAbsent(op.clauseName(), k -> new TreeSet<>()).add(locals.get(array)));
        List<String> out = new ArrayList<>();
        byOp.forEach((op, vars) -> out.add("reduction(" + op + ": " + String.join(", ", vars) + ")"));
        return String.join(" ", out);
      }
      return null;
    }

    @Override
    public Set<String> vectorizedStatements() {
      Set<String> out = new TreeSet<>();
      for (SimdLoop loop : simdLoops) out.addAll(loop.carried().keySet());
      return out;
    }

    /** The clauses of a parallel loop running {@code statements}, for an OpenMP pragma. */
    @Override
    public List<String> clauses(Set<String> statements) {
      Map<String, Set<String>> byOp = new TreeMap<>();
      for (String s : statements) {
        for (String c : clauses.getOrDefault(s, List.of())) {
          int colon = c.indexOf(':');
          byOp.computeIfAbsent(c.substring(0, colon), k -> new TreeSet<>()).add(c.substring(colon + 1).trim());
        }
      }
      List<String> out = new ArrayList<>();
      byOp.forEach((op, items) -> out.add("reduction(" + op + ": " + String.join(", ", items) + ")"));
      return out;
    }
  }

  /**
   * An innermost loop (band member) that carries only reduction dependences: {@code statements}
   * are those of its band, {@code carried} the reductions whose dependences it carries, by
   * statement name.
   */
  public record SimdLoop(Set<String> statements, Map<String, Reduction> carried) {
    public SimdLoop {
      statements = Set.copyOf(statements);
      carried = Map.copyOf(carried);
    }
  }

  /**
   * @param tree the final schedule tree, annotated against the relaxed dependences
   * @param scop the SCoP (before tiling: statement names, arrays, domains)
   * @param deps the reductions and their dependences
   * @param rho the reduction dependences over the instances {@code tree} schedules (lifted to the
   *     tile coordinates when the tree is tiled)
   */
  public static Result apply(ScheduleNode tree, Scop scop, ReductionDependences deps, UnionRelation rho) {
    Walk w = new Walk(scop, deps);
    ScheduleNode out = w.walk(tree, rho, false);
    boolean exact = deps.reductions().stream().allMatch(r -> r.exactIn(scop));
    return new Result(out, w.clauses, w.simdLoops, exact);
  }

  private static final class Walk {
    final Scop scop;
    final ReductionDependences deps;
    final Map<String, List<String>> clauses = new LinkedHashMap<>();
    final List<SimdLoop> simdLoops = new ArrayList<>();

    Walk(Scop scop, ReductionDependences deps) {
      this.scop = scop;
      this.deps = deps;
    }

    ScheduleNode walk(ScheduleNode node, UnionRelation open, boolean loopAbove) {
      if (node instanceof ScheduleNode.Domain d) {
        return new ScheduleNode.Domain(d.domain(), walk(d.child(), within(open, d.domain()), loopAbove));
      }
      if (node instanceof ScheduleNode.Band b) {
        List<Boolean> coincident = new ArrayList<>(b.coincident());
        UnionRelation rest = open;
        for (int k = 0; k < b.nMember(); k++) {
          if (rest.isEmpty()) break;
          UnionRelation m = b.members().get(k);
          UnionRelation moved = rest.intersect(compare(m, ">")).union(rest.intersect(compare(m, "<")));
          if (!moved.isEmpty() && coincident.get(k)) {
            boolean outermost = !loopAbove && k == 0;
            Map<String, List<String>> chosen = outermost ? privatization(m, moved) : null;
            if (chosen == null) {
              coincident.set(k, false);
              if (k == b.nMember() - 1 && !ScheduleNode.containsBand(b.child())) simdLoops.add(simdLoop(m, moved));
            } else {
              clauses.putAll(chosen);
            }
          }
          rest = rest.intersect(compare(m, "="));
        }
        return new ScheduleNode.Band(b.members(), b.permutable(), ImmutableList.copyOf(coincident), b.loopTypes(),
            b.otherOptions(), walk(b.child(), rest, loopAbove || b.nMember() > 0));
      }
      if (node instanceof ScheduleNode.Sequence s) {
        List<ScheduleNode.Filter> out = new ArrayList<>();
        for (ScheduleNode.Filter f : s.filters()) out.add(filter(f, open, loopAbove));
        return new ScheduleNode.Sequence(ImmutableList.copyOf(out));
      }
      if (node instanceof ScheduleNode.Set s) {
        List<ScheduleNode.Filter> out = new ArrayList<>();
        for (ScheduleNode.Filter f : s.filters()) out.add(filter(f, open, loopAbove));
        return new ScheduleNode.Set(ImmutableList.copyOf(out));
      }
      if (node instanceof ScheduleNode.Filter f) return filter(f, open, loopAbove);
      if (node instanceof ScheduleNode.Context c) {
        return new ScheduleNode.Context(c.context(), walk(c.child(), open, loopAbove));
      }
      if (node instanceof ScheduleNode.Mark m) return new ScheduleNode.Mark(m.mark(), walk(m.child(), open, loopAbove));
      if (node instanceof ScheduleNode.Guard g) {
        return new ScheduleNode.Guard(g.guard(), walk(g.child(), open, loopAbove));
      }
      return node;
    }

    private ScheduleNode.Filter filter(ScheduleNode.Filter f, UnionRelation open, boolean loopAbove) {
      return new ScheduleNode.Filter(f.filter(), walk(f.child(), within(open, f.filter()), loopAbove));
    }

    /**
     * The reduction clauses of the statements of the outermost band member {@code member} whose
     * carried reduction dependences are {@code carried}, or null when the loop must stay sequential.
     */
    private Map<String, List<String>> privatization(UnionRelation member, UnionRelation carried) {
      Set<String> inLoop = new TreeSet<>();
      for (Relation r : member.relations()) inLoop.add(r.space().domainTuple().name());
      Set<String> reducing = new TreeSet<>();
      for (Relation r : carried.relations()) reducing.add(r.space().domainTuple().name());
      Map<String, Reduction> byArray = new LinkedHashMap<>();
      for (Reduction r : deps.reductions()) {
        if (!reducing.contains(r.statement())) continue;
        Reduction prior = byArray.putIfAbsent(r.array(), r);
        if (prior != null && prior.operator() != r.operator()) return null;
      }
      if (byArray.isEmpty()) return null;
      Map<String, String> items = new LinkedHashMap<>();
      for (Reduction r : byArray.values()) {
        String item = sectionOf(scop.array(r.array()));
        if (item == null) return null;
        items.put(r.array(), r.operator().clauseName() + ": " + item);
      }
      // inside the loop, the privatized arrays are only updated in place by reductions of their operator
      for (String name : inLoop) {
        Statement t = scop.statement(name);
        for (Access a : t.accesses()) {
          Reduction owner = byArray.get(a.array());
          if (owner == null) continue;
          Reduction own = reductionOf(name);
          if (own == null || !own.array().equals(owner.array()) || own.operator() != owner.operator()) return null;
          if (a != own.load() && a != own.store()) return null; // another element of the array: the private copy
          if (!deps.reductionDomains().get(name).isEqual(t.domain())) return null;
        }
      }
      Map<String, List<String>> out = new LinkedHashMap<>();
      for (String name : inLoop) {
        Reduction own = reductionOf(name);
        if (own != null && items.containsKey(own.array())) out.put(name, List.of(items.get(own.array())));
      }
      return out;
    }

    private SimdLoop simdLoop(UnionRelation member, UnionRelation carried) {
      Set<String> inLoop = new TreeSet<>();
      for (Relation r : member.relations()) inLoop.add(r.space().domainTuple().name());
      Map<String, Reduction> byStatement = new LinkedHashMap<>();
      for (Relation r : carried.relations()) {
        String name = r.space().domainTuple().name();
        if (!r.isEmpty() && reductionOf(name) != null) byStatement.put(name, reductionOf(name));
      }
      return new SimdLoop(inLoop, byStatement);
    }

    private Reduction reductionOf(String statement) {
      for (Reduction r : deps.reductions()) if (r.statement().equals(statement)) return r;
      return null;
    }
  }

  /**
   * Whether each outermost loop of {@code tree} (the first member of each band with no band above
   * it) is coincident, in order.
   */
  public static List<Boolean> outermostLoops(ScheduleNode tree) {
    List<Boolean> out = new ArrayList<>();
    outermost(tree, out);
    return out;
  }

  private static void outermost(ScheduleNode n, List<Boolean> out) {
    if (n instanceof ScheduleNode.Band b) {
      if (b.nMember() > 0) {
        out.add(b.coincident().get(0));
        return;
      }
    }
    for (ScheduleNode c : n.children()) outermost(c, out);
  }


  /** {@code x} for a scalar, {@code y[0:n]} for a one-dimensional array of size {@code n}; null otherwise. */
  static String sectionOf(ArrayInfo array) {
    if (array == null) return null;
    if (array.isScalar()) return array.name();
    if (array.rank() != 1 || array.sizeStrings().isEmpty() || array.sizeStrings().get(0).isBlank()
        || array.sizeStrings().get(0).equals("?")) {
      return null;
    }
    return array.name() + "[0:" + array.sizeStrings().get(0) + "]";
  }

  private static UnionRelation within(UnionRelation open, UnionRelation filter) {
    return open.intersectDomain(filter).intersectRange(filter);
  }

  private static final Map<String, UnionRelation> ORDERS = Map.of(
      "<", UnionRelation.parse("{ [a] -> [b] : b < a }"),
      "=", UnionRelation.parse("{ [a] -> [b] : b = a }"),
      ">", UnionRelation.parse("{ [a] -> [b] : b > a }"));

  /** {@code { s -> t : M(t) op M(s) }} for a one-dimensional member {@code M}. */
  private static UnionRelation compare(UnionRelation member, String op) {
    return member.apply(ORDERS.get(op)).apply(member.reverse());
  }
}
