package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.Expr;
import dev.polyj.codegen.ast.Exprs;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.c.CPrinter;
import dev.polyj.codegen.c.ScopCodegen;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Scheduled;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.tiling.ParametricTiling;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the passes of the optimizer's pipeline rewrite for one {@code #pragma scop} region: the
 * SCoP and its schedule ({@link ScheduleState}), then the loop ASTs printed as the region's C and
 * what the AST passes ask of them. A field no pass has set keeps the value that makes the later
 * passes behave as if that pass were off (sequential loops, one version).
 */
public final class RegionState extends ScheduleState {
  /** One loop AST to print, with the printer of its statements and the SCoP it runs. */
  public static final class Version {
    public Node ast;
    public Function<Node.User, List<String>> printer;
    public final Scop scop;
    /** The schedule it comes from, for the reduction clauses of vectorized loops; null for the program's order. */
    public final Scheduled scheduled;

    public Version(Node ast, Function<Node.User, List<String>> printer, Scop scop, Scheduled scheduled) {
      this.ast = ast;
      this.printer = printer;
      this.scop = scop;
      this.scheduled = scheduled;
    }
  }

  /** How the region's versions are printed. */
  public enum Layout {
    /** The one version. */
    SINGLE,
    /**
     * The one version with its parallel loops where the region's work is large, the same loops
     * without the OpenMP constructs otherwise: a construct whose {@code if} clause is false still
     * calls the OpenMP run time (about a microsecond each, which doitgen's 1500 parallel loops of
     * 30 iterations at SMALL pay three times over) and keeps the loop outlined from the function.
     */
    FLAGGED,
    /** The schedule's version when the work is large, the program's own order otherwise. */
    BOTH
  }

  // ---- AST level
  /** Whether parallel loops run with OpenMP. */
  public boolean parallel;
  /** The work from which parallel loops run in parallel, or null to run them always. */
  public Long parallelWork;
  /** The work per start of a parallel loop from which parallel loops run in parallel (with {@link #parallelWork}), or null. */
  public Long parallelForkWork;
  public BuildOptions buildOptions;
  public final List<Version> versions = new ArrayList<>();
  public Layout layout = Layout.SINGLE;
  /** Iterations of a loop around a scalar accumulation loop that share it ({@link UnrollAndJamPass}; 1: none). */
  public int accumulatorJam = 1;

  /**
   * Definitions the region's code needs at file scope (functions, typedefs), by name, in order;
   * the optimizer prints them before the function holding the region, each name once per file.
   */
  public final java.util.Map<String, String> fileScope = new java.util.LinkedHashMap<>();

  /**
   * The run-time estimate of the region's work (a C expression of type double over its
   * parameters) below which its original code runs instead of the optimized one ({@link
   * SmallWorkPass}), or null when the optimized code runs at every size.
   */
  public String smallWork;
  /** The default of the threshold compared with {@link #smallWork}. */
  public long smallWorkThreshold = SmallWorkPass.DEFAULT_THRESHOLD;
  /** The macro holding that threshold. */
  public String smallWorkMacro = SmallWorkPass.THRESHOLD_MACRO;

  /** The region's whole code when a pass generates it itself (a parallel CReHC loop), else null. */
  public String replacementCode;

  public RegionState(Scop scop, int level) {
    super(scop, level);
  }

  /** The state after a pass of {@code passLevel}: the SCoP, the schedule tree in YAML, or the C of the AST. */
  @Override
  public String dump(PassLevel passLevel) {
    if (passLevel != PassLevel.AST) return super.dump(passLevel);
    if (versions.isEmpty()) return "(no AST yet)\n";
    StringBuilder sb = new StringBuilder();
    for (Version v : versions) {
      if (versions.size() > 1) sb.append("/* ").append(v.scheduled == null ? "program order" : "schedule").append(" */\n");
      sb.append(CPrinter.standard().withUserPrinter(v.printer).printRegion(v.ast, 0, List.of()));
    }
    return sb.toString();
  }

  /** A fresh AST of the SCoP's own schedule, sequential, for the program-order version. */
  public Version programVersion(Scop program) {
    return new Version(ScopCodegen.ast(program, program.schedule(), buildOptions.withParallelLoops(false)
        .withAnnotator((d, statements) -> List.of())), ScopCodegen.bodyPrinter(program), program, null);
  }

  /** The region's C code: its versions printed as the layout says, the expanded scalars declared around them. */
  public String code() {
    if (replacementCode != null) return replacementCode;
    int inner = wrapped() ? level + 1 : level;
    return wrap(versionsCode(inner), level);
  }

  /** Whether the region's code is a block of its own (declarations of expanded scalars, locals or temporaries). */
  private boolean wrapped() {
    return storage.changed() || !blockDeclarations.isEmpty();
  }

  /** The region's {@code code} inside a block that declares the contracted arrays first and releases them last. */
  private String wrap(String code, int level) {
    if (!wrapped()) return code;
    int pos = 0;
    while (pos < code.length() && code.charAt(pos) == '#') {
      int end = code.indexOf('\n', pos);
      if (end < 0) break;
      pos = end + 1;
    }
    String unit = "  ";
    StringBuilder sb = new StringBuilder(code.substring(0, pos));
    sb.append(unit.repeat(level)).append("{\n");
    for (String d : blockDeclarations) sb.append(unit.repeat(level + 1)).append(d).append('\n');
    for (String d : storage.localDeclarations()) sb.append(unit.repeat(level + 1)).append(d).append('\n');
    for (String d : storage.declarations()) sb.append(unit.repeat(level + 1)).append(d).append('\n');
    sb.append(code.substring(pos));
    Scop copies = storage.copies();
    if (copies != null) {
      sb.append(ScopCodegen.region(copies, copies.schedule(), BuildOptions.defaults()
          .withReservedNames(ScopCodegen.identifiers(copies)).withParallelLoops(false), level + 1));
    }
    for (String r : storage.releases()) sb.append(unit.repeat(level + 1)).append(r).append('\n');
    for (String r : blockReleases) sb.append(unit.repeat(level + 1)).append(r).append('\n');
    sb.append(unit.repeat(level)).append("}\n");
    return sb.toString();
  }

  private String versionsCode(int inner) {
    if (versions.isEmpty()) throw new IllegalStateException("no AST: the pipeline has no ast-build pass");
    Version v = versions.get(0);
    switch (layout) {
      case FLAGGED:
        return flagged(v, new Version(sequential(v.ast), v.printer, v.scop, v.scheduled), inner);
      case BOTH:
        // the schedule where the threads run, the program's own order where the work is too small for them
        return flagged(v, versions.get(1), inner);
      default:
        return parametricTiles ? parametric(v, inner) : print(v, inner, List.of());
    }
  }

  /** {@code large} where the parallel-work flag is set, {@code small} otherwise. */
  private String flagged(Version large, Version small, int inner) {
    StringBuilder macros = new StringBuilder(parallelForkWork == null ? ParallelWork.prelude(parallelWork)
        : ParallelWork.prelude(parallelWork, parallelForkWork));
    String largeCode = withoutMacros(print(large, inner + 2, List.of()), macros);
    String smallCode = withoutMacros(print(small, inner + 2, List.of()), macros);
    String unit = "  ";
    StringBuilder sb = new StringBuilder(macros);
    sb.append(unit.repeat(inner)).append("{\n");
    // the program's order runs the small sizes: its recurrences make its instances dearer, except
    // the sums its loops vectorize with reduction clauses
    java.util.Map<String, Integer> weights = layout != Layout.BOTH ? java.util.Map.of()
        : ParallelWork.recurrenceWeights(small.scop, deps(),
            programOrderReductions == null ? java.util.Set.of() : programOrderReductions.vectorizedStatements());
    sb.append(unit.repeat(inner + 1)).append(parallelForkWork == null ? ParallelWork.declaration(large.scop, weights)
        : ParallelWork.declaration(large.scop, large.ast, weights)).append('\n');
    sb.append(unit.repeat(inner + 1)).append("if (").append(ParallelWork.FLAG).append(")\n");
    sb.append(largeCode);
    sb.append(unit.repeat(inner + 1)).append("else\n");
    sb.append(smallCode);
    sb.append(unit.repeat(inner)).append("}\n");
    return sb.toString();
  }

  /** {@code n} without its {@code omp parallel} constructs (the loops run in the calling thread). */
  static Node sequential(Node n) {
    return Node.rewriteLoops(n, f -> {
      if (f.pragmas().stream().noneMatch(p -> p.startsWith("omp parallel"))) return null;
      List<String> kept = new ArrayList<>();
      for (String p : f.pragmas()) if (!p.startsWith("omp parallel")) kept.add(p);
      return f.withPragmas(kept).withBody(sequential(f.body()));
    });
  }

  private String print(Version v, int level, List<String> declarations) {
    return CPrinter.standard().withUserPrinter(v.printer).withPrivates(privateScalars).printRegion(v.ast, level,
        declarations);
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
      long[] d = parametricDefaults.length == 0 ? new long[] {dev.polyj.polyhedral.tiling.pass.TilingPass.DEFAULT_TILE} : parametricDefaults;
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
      Exprs.names(f.init(), out);
      Exprs.names(f.upper(), out);
      names(f.body(), out);
    } else if (n instanceof Node.If i) {
      Exprs.names(i.cond(), out);
      names(i.then(), out);
      if (i.otherwise() != null) names(i.otherwise(), out);
    } else if (n instanceof Node.Block b) {
      for (Node c : b.children()) names(c, out);
    } else if (n instanceof Node.Mark m) {
      names(m.body(), out);
    } else if (n instanceof Node.User u) {
      for (Expr e : u.args()) Exprs.names(e, out);
    }
  }
}
