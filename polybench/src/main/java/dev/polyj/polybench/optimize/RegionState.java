package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.c.CPrinter;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polybench.optimize.PolyhedralOptimizer.Scheduled;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.polyhedral.scheduling.AffineSchedule;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.tiling.ParametricTiling;
import dev.polyj.polyhedral.tiling.Tiling;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.reductions.ReductionLoops;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the passes of the optimizer's pipeline rewrite for one {@code #pragma scop} region: the
 * SCoP (after scalar expansion), its dependences, its schedule (the Pluto hyperplanes, then the
 * annotated and tiled schedule tree), and the loop ASTs printed as the region's C. The fields a
 * pass does not produce keep the values that make the later passes behave as the pass was off
 * (no expansion, the program's own schedule, no tiling, sequential loops).
 */
public final class RegionState {
  /** One loop AST to print, with the printer of its statements and the SCoP it runs. */
  public static final class Version {
    Node ast;
    Function<Node.User, List<String>> printer;
    final Scop scop;
    /** The schedule it comes from, for the reduction clauses of vectorized loops. */
    final Scheduled scheduled;

    Version(Node ast, Function<Node.User, List<String>> printer, Scop scop, Scheduled scheduled) {
      this.ast = ast;
      this.printer = printer;
      this.scop = scop;
      this.scheduled = scheduled;
    }
  }

  /** How the region's versions are printed. */
  enum Layout {
    /** The one version. */
    SINGLE,
    /** The one version, its parallel loops run in parallel only when the region's work is large. */
    FLAGGED,
    /** The schedule's version when the work is large, the program's own order otherwise. */
    BOTH
  }

  /** The indentation level of the region (two spaces per level). */
  final int level;
  /** The SCoP the region was extracted as. */
  final Scop input;

  // ---- SCoP level
  ScalarStorage storage;
  /** The SCoP the scheduler sees (scalars expanded). */
  Scop scop;
  private Dependences dependences;
  private UnionRelation deps;

  // ---- schedule level
  /** The scheduler's hyperplanes, or null for the program's own schedule. */
  AffineSchedule schedule;
  private ScheduleNode tree;
  /** Whether the tile sizes are the defaults (neither explicit, nor from a policy, nor run-time values). */
  boolean defaultTileSizes = true;
  /** The program's own order, to run where the region's work is too small for threads, or null. */
  Scop programOrder;
  /** When the program's order replaces the schedule's parallel code too ({@link StreamingOrder#withThreads}). */
  String programOrderMode = "auto";
  /** The sizes (parallel, stride-one, accumulation) of matrix-product bands, or null for the tiling's sizes. */
  long[] productTileSizes;
  /** Whether tiling puts the stride-one point loop innermost. */
  boolean strideOrder;
  /** Whether tiling runs tile bands without outer parallelism as wavefronts. */
  boolean wavefront;
  /** Whether a wavefront is also kept for two-member bands with no loop below them. */
  boolean smallWavefronts;
  Tiling.Result tiling;
  /** Whether the tile sizes are run-time values ({@code POLYJ_Tk}), and their defaults. */
  boolean parametricTiles;
  long[] parametricDefaults = new long[0];
  ReductionLoops.Result reductions;
  /** Runs the schedule passes before reductions again against other dependences (set by the pipeline). */
  Function<UnionRelation, Scheduled> rescheduler;

  // ---- AST level
  /** Whether parallel loops run with OpenMP. */
  boolean parallel;
  /** The work from which parallel loops run in parallel, or null to run them always. */
  Long parallelWork;
  BuildOptions buildOptions;
  final List<Version> versions = new ArrayList<>();
  Layout layout = Layout.SINGLE;

  RegionState(Scop scop, int level) {
    this.input = scop;
    this.level = level;
    this.scop = scop;
    this.storage = ScalarStorage.none(scop);
  }

  /** The dependences of the SCoP's current schedule-free form (computed once, when first needed). */
  Dependences dependences() {
    if (dependences == null) {
      dependences = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
      if (deps == null) deps = dependences.all();
    }
    return dependences;
  }

  /** The dependences (source to sink instances) the schedule must respect. */
  UnionRelation deps() {
    if (deps == null) deps = dependences().all();
    return deps;
  }

  /** Schedules against {@code d} instead of the exact dependences. */
  void useDependences(UnionRelation d) {
    this.deps = d;
  }

  /** The schedule tree, annotated with the loops' parallelism (the program's own when no scheduler ran). */
  ScheduleNode tree() {
    if (tree == null) {
      ScheduleNode t = schedule == null ? scop.schedule() : schedule.toTree();
      tree = TreeDependences.annotate(t, deps());
    }
    return tree;
  }

  void tree(ScheduleNode t) {
    this.tree = t;
  }

  /** The schedule as the record the helpers take. */
  Scheduled scheduled() {
    return new Scheduled(scop, tree(), tiling, programOrder, reductions);
  }

  void scheduled(Scheduled s) {
    scop = s.scop();
    tree = s.tree();
    tiling = s.tiling();
    programOrder = s.programOrder();
    reductions = s.reductions();
  }

  /** The state after {@code pass} as {@code --print-after} shows it: the SCoP, the schedule tree in YAML, or C. */
  public String dump(dev.polyj.polyhedral.pass.PassLevel passLevel) {
    switch (passLevel) {
      case SCOP:
        return dev.polyj.polyhedral.frontend.ScopPrinter.print(List.of(new dev.polyj.polyhedral.frontend.RegionResult(
            scop.functionName(), scop.pos(), scop, List.of())));
      case SCHEDULE:
        return ScheduleYaml.write(tree());
      default:
        StringBuilder sb = new StringBuilder();
        if (versions.isEmpty()) return "(no AST yet)\n";
        for (Version v : versions) {
          if (versions.size() > 1) sb.append("/* ").append(v.scheduled == null ? "program order" : "schedule")
              .append(" */\n");
          sb.append(CPrinter.standard().withUserPrinter(v.printer).printRegion(v.ast, 0, List.of()));
        }
        return sb.toString();
    }
  }

  /** A fresh AST of the SCoP's own schedule, sequential, for the program-order version. */
  Version programVersion(Scop program) {
    return new Version(ScopCodegen.ast(program, program.schedule(), buildOptions.withParallelLoops(false)),
        ScopCodegen.bodyPrinter(program), program, null);
  }

  /** The region's C code: its versions printed as the layout says, the expanded scalars declared around them. */
  String code() {
    int inner = storage.innerLevel(level);
    return storage.wrap(versionsCode(inner), level);
  }

  private String versionsCode(int inner) {
    if (versions.isEmpty()) throw new IllegalStateException("no AST: the pipeline has no ast-build pass");
    Version v = versions.get(0);
    switch (layout) {
      case FLAGGED:
        return ParallelWork.prelude(parallelWork) + print(v, inner, List.of(ParallelWork.declaration(v.scop)));
      case BOTH: {
        // the schedule where the threads run, the program's own order where the work is too small for them
        StringBuilder macros = new StringBuilder(ParallelWork.prelude(parallelWork));
        String scheduledCode = withoutMacros(print(v, inner + 2, List.of()), macros);
        String own = withoutMacros(print(versions.get(1), inner + 2, List.of()), macros);
        String unit = "  ";
        StringBuilder sb = new StringBuilder(macros);
        sb.append(unit.repeat(inner)).append("{\n");
        sb.append(unit.repeat(inner + 1)).append(ParallelWork.declaration(v.scop)).append('\n');
        sb.append(unit.repeat(inner + 1)).append("if (").append(ParallelWork.FLAG).append(")\n");
        sb.append(scheduledCode);
        sb.append(unit.repeat(inner + 1)).append("else\n");
        sb.append(own);
        sb.append(unit.repeat(inner)).append("}\n");
        return sb.toString();
      }
      default:
        return parametricTiles ? parametric(v, inner) : print(v, inner, List.of());
    }
  }

  private static String print(Version v, int level, List<String> declarations) {
    return CPrinter.standard().withUserPrinter(v.printer).printRegion(v.ast, level, declarations);
  }

  /** The code of a version whose tile sizes are run-time values, which it declares first. */
  private String parametric(Version v, int inner) {
    List<String> sizes = new ArrayList<>();
    java.util.Set<String> used = new java.util.HashSet<>();
    names(v.ast, used);
    for (String p : v.scop.params()) if (ParametricTiling.sizeIndex(p) >= 0 && used.contains(p)) sizes.add(p);
    StringBuilder prelude = new StringBuilder();
    List<String> declarations = new ArrayList<>();
    if (!sizes.isEmpty()) {
      prelude.append("#ifndef polyj_tile_size\n")
          .append("#define polyj_tile_size(name, fallback) (getenv(name) != 0 && atoi(getenv(name)) >= 1 ")
          .append("? atoi(getenv(name)) : (fallback))\n#endif\n");
      declarations.add("extern char *getenv(const char *);");
      declarations.add("extern int atoi(const char *);");
    }
    for (String p : sizes) {
      int k = ParametricTiling.sizeIndex(p);
      long[] d = parametricDefaults.length == 0 ? new long[] {TilingPass.DEFAULT_TILE} : parametricDefaults;
      String macro = p.toUpperCase(java.util.Locale.ROOT);
      prelude.append("#ifndef ").append(macro).append("\n#define ").append(macro).append(' ')
          .append(d[Math.min(k, d.length - 1)]).append("\n#endif\n");
      declarations.add("const int " + p + " = polyj_tile_size(\"" + macro + "\", " + macro + ");");
    }
    return prelude + print(v, inner, declarations);
  }

  /** {@code code} without its leading preprocessor lines, which are added to {@code macros} unless already there. */
  private static String withoutMacros(String code, StringBuilder macros) {
    int pos = 0;
    StringBuilder block = new StringBuilder();
    while (pos < code.length() && code.charAt(pos) == '#') {
      int end = code.indexOf('\n', pos) + 1;
      if (end == 0) break;
      block.append(code, pos, end);
      pos = end;
    }
    // the helper macros come in #ifndef ... #endif groups
    for (String group : block.toString().split("(?<=#endif\n)")) {
      if (!group.isEmpty() && macros.indexOf(group) < 0) macros.append(group);
    }
    return code.substring(pos);
  }

  /** The identifiers and run-time steps the AST uses. */
  private static void names(Node n, java.util.Set<String> out) {
    if (n instanceof Node.For f) {
      if (f.sizeParam() != null) out.add(f.sizeParam());
      names(f.init(), out);
      names(f.upper(), out);
      names(f.body(), out);
    } else if (n instanceof Node.If i) {
      names(i.cond(), out);
      names(i.then(), out);
      if (i.otherwise() != null) names(i.otherwise(), out);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) names(c, out);
    } else if (n instanceof Node.Mark m) {
      names(m.body(), out);
    } else if (n instanceof Node.User u) {
      for (Expr e : u.args()) names(e, out);
    }
  }

  private static void names(Expr e, java.util.Set<String> out) {
    if (e instanceof Expr.Id id) {
      out.add(id.name());
    } else if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) names(t.expr(), out);
    } else if (e instanceof Expr.Op op) {
      for (Expr a : op.args()) names(a, out);
    }
  }
}
