package dev.polyj.polybench.cli;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.AstBuilder;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.ScanProblem;
import dev.polyj.codegen.ast.ScheduleTreeProblem;
import dev.polyj.codegen.c.CPrinter;
import dev.polyj.codegen.c.CodegenCommand;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.presburger.calc.CodeGeneration;
import dev.polyj.presburger.calc.ScheduleValue;
import dev.polyj.presburger.calc.Scheduling;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The calculator's {@code codegen} (the codegen module's AST generator and C printer, as
 * {@code polyj codegen}) and {@code schedule ... respecting ... minimizing ...} (the Pluto
 * scheduler of the polyhedral module), installed by {@code polyj calc}.
 */
final class CalcHooks implements CodeGeneration, Scheduling {
  /** Bound on the scheduler's integer program variables, as the optimizer uses. */
  private static final long ILP_BOUND = 1 << 12;

  private final CPrinter printer = CPrinter.standard();

  @Override
  public String fromScheduleMap(UnionRelation schedule, UnionRelation options) {
    ScanProblem problem = ScanProblem.fromScheduleMap(schedule, null);
    BuildOptions opts = options == null ? BuildOptions.defaults() : CodegenCommand.options(options, problem.nSchedule());
    return print(problem, opts);
  }

  @Override
  public String fromDomain(UnionRelation domain) {
    return fromScheduleMap(identitySchedule(domain), null);
  }

  @Override
  public String fromSchedule(ScheduleValue schedule) {
    checkArgument(schedule.tree() instanceof ScheduleNode, "not a schedule tree: %s", schedule.text());
    return print(ScheduleTreeProblem.of((ScheduleNode) schedule.tree()), BuildOptions.defaults());
  }

  private String print(ScanProblem problem, BuildOptions options) {
    Node ast = AstBuilder.build(problem, options);
    return printer.printWithMacros(ast);
  }

  /**
   * {@code S[i0, ..., ik] -> [i0, ..., ik, 0, ..., 0]} for every set of the union, padded to the
   * largest dimension: the points of each set in lexicographic order.
   */
  static UnionRelation identitySchedule(UnionRelation domain) {
    int n = 0;
    for (Relation r : domain.relations()) n = Math.max(n, r.space().nOut());
    List<String> params = domain.paramNames();
    List<Relation> out = new ArrayList<>();
    for (Relation r : domain.relations()) {
      checkArgument(r.space().isSet(), "codegen expects a set, found %s", r.space());
      Relation set = r.alignParams(params);
      int m = set.space().nOut();
      Space space = Space.map(params, set.space().tuple(), Tuple.anonymous(null, n));
      BasicRelation.Builder b = BasicRelation.builder(space);
      for (int k = 0; k < n; k++) {
        long[] row = new long[1 + space.nVar()];
        row[1 + params.size() + m + k] = 1;
        if (k < m) row[1 + params.size() + k] = -1;
        b.addEq(row);
      }
      out.add(Relation.of(b.build()).intersectDomain(set));
    }
    return out.isEmpty() ? UnionRelation.empty(params) : UnionRelation.of(out);
  }

  /**
   * The Pluto schedule of the domain under the validity dependences. When the scheduler finds no
   * hyperplane and no cut, it is run again with the lexicographic order of the instances (then the
   * order of the statements) as the last resort for the instances its levels leave tied; the
   * result is kept only when every dependence goes forward under it.
   */
  @Override
  public ScheduleValue schedule(UnionRelation domain, UnionRelation validity, UnionRelation proximity) {
    List<Relation> domains = new ArrayList<>();
    for (Relation r : domain.relations()) {
      checkArgument(r.space().isSet() && r.space().tuple().name() != null,
          "schedule expects sets with named tuples, found %s", r.space());
      domains.add(r);
    }
    if (domains.isEmpty()) return value(new ScheduleNode.Domain(domain, ScheduleNode.LEAF));
    UnionRelation deps = validity.intersectDomain(domain).intersectRange(domain);
    AffineSchedule schedule;
    try {
      schedule = PlutoScheduler.schedule(domains, deps, new BisectionLexmin(ILP_BOUND));
    } catch (IllegalStateException e) {
      schedule = PlutoScheduler.schedule(domains, deps, new BisectionLexmin(ILP_BOUND), textualOrder(domain));
    }
    if (!respects(schedule.toMap(), deps)) {
      throw new UnsupportedOperationException("schedule: no schedule found that respects these dependences");
    }
    return value(schedule.toTree());
  }

  /** The instances in lexicographic order, statements ordered as the domain lists them: S[i] -> [i, 0, k]. */
  static UnionRelation textualOrder(UnionRelation domain) {
    UnionRelation identity = identitySchedule(domain);
    List<Relation> out = new ArrayList<>();
    int k = 0;
    for (Relation r : identity.relations()) {
      Space s = r.space();
      Space target = Space.map(s.params(), s.domainTuple(), Tuple.anonymous(null, s.nOut() + 1));
      int[] varMap = new int[s.nVar()];
      for (int v = 0; v < varMap.length; v++) varMap[v] = v;
      List<BasicRelation> basics = new ArrayList<>();
      for (BasicRelation b : r.basics()) {
        BasicRelation moved = b.mapVariables(target, varMap);
        long[] row = new long[1 + target.nVar()];
        row[1 + s.nParam() + s.nIn() + s.nOut()] = 1;
        row[0] = -k;
        basics.add(moved.intersect(BasicRelation.builder(target).addEq(row).build()));
      }
      out.add(Relation.ofBasics(target, basics));
      k++;
    }
    return out.isEmpty() ? identity : UnionRelation.of(out);
  }

  /** True when every pair of {@code deps} goes strictly forward in the lexicographic order of the schedule. */
  static boolean respects(UnionRelation schedule, UnionRelation deps) {
    if (schedule.size() == 0 || deps.isEmpty()) return true;
    Space time = schedule.relations().iterator().next().space().range();
    UnionRelation notBefore = UnionRelation.of(Relation.lexGe(time, time));
    return schedule.apply(notBefore).apply(schedule.reverse()).intersect(deps).isEmpty();
  }

  @Override
  public ScheduleValue read(String yaml) {
    return value(ScheduleYaml.read(yaml));
  }

  @Override
  public UnionRelation domain(ScheduleValue schedule) {
    return root(schedule).domain();
  }

  @Override
  public UnionRelation map(ScheduleValue schedule) {
    return dev.polyj.polyhedral.schedule.ScheduleMaps.toFlatMap(root(schedule));
  }

  private static ScheduleNode.Domain root(ScheduleValue schedule) {
    checkArgument(schedule.tree() instanceof ScheduleNode.Domain, "not a schedule tree: %s", schedule.text());
    return (ScheduleNode.Domain) schedule.tree();
  }

  private static ScheduleValue value(ScheduleNode tree) {
    return new ScheduleValue(tree, ScheduleFlowYaml.write(tree));
  }
}
