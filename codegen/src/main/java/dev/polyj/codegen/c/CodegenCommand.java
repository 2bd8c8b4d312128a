package dev.polyj.codegen.c;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.AstBuilder;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.ScanProblem;
import dev.polyj.codegen.ast.ScheduleTreeProblem;
import dev.polyj.polyhedral.schedule.ScheduleYaml;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code codegen} command: reads isl_codegen's input — a schedule tree in YAML, or a schedule
 * map, a context set and an options map, three isl objects one after the other — and returns C
 * code scanning the schedule's domain in schedule order, with statement calls {@code S(e1, ..., en)}.
 *
 * <p>Options (the range names of the options map, as in isl): {@code separate[x]}, {@code
 * atomic[x]} and {@code unroll[x]} for schedule dimension x, and {@code separation_class[[x] ->
 * [k]]} for instances (the domain of the option) put in class k at dimension x.
 */
public final class CodegenCommand {
  private final CPrinter printer;
  private final long budget;

  public CodegenCommand() {
    this(CPrinter.standard());
  }

  public CodegenCommand(CPrinter printer) {
    this(printer, BuildOptions.DEFAULT_BUDGET);
  }

  /** A command printing with {@code printer} whose code generation may spend {@code budget} set operations. */
  public CodegenCommand(CPrinter printer, long budget) {
    this.printer = printer;
    this.budget = budget;
  }

  /** The scan problem, the AST and the C code (helper macros, then the loops) of an input. */
  public record Result(ScanProblem problem, BuildOptions options, Node ast, String code) {}

  /** The C code for the input text (macros used, then the code). */
  public String run(String input) {
    return generate(input).code();
  }

  public Result generate(String input) {
    String text = stripComments(input).strip();
    checkArgument(!text.isEmpty(), "empty input: expected a schedule map, a context and options");
    if (!text.startsWith("{") && !text.startsWith("[")) {
      ScheduleYaml.Located tree = ScheduleYaml.readLocated(input);
      ScanProblem problem;
      try {
        problem = ScheduleTreeProblem.of(tree.root());
      } catch (ScheduleTreeProblem.UnsupportedNodeException e) {
        throw new IllegalArgumentException(tree.positionOf(e.node()) + ": " + e.getMessage(), e);
      }
      BuildOptions opts = BuildOptions.defaults().withBudget(budget);
      Node ast = AstBuilder.build(problem, opts);
      return new Result(problem, opts, ast, printer.printWithMacros(ast));
    }
    List<String> objects = splitObjects(text);
    checkArgument(objects.size() >= 1 && objects.size() <= 3,
        "expected a schedule map, a context and options, found %s objects", objects.size());
    UnionRelation schedule = UnionRelation.parse(objects.get(0));
    Relation context = objects.size() > 1 ? contextOf(objects.get(1)) : null;
    UnionRelation options = objects.size() > 2 ? UnionRelation.parse(objects.get(2)) : null;
    ScanProblem problem = ScanProblem.fromScheduleMap(schedule, context);
    BuildOptions opts = (options == null ? BuildOptions.defaults() : options(options, problem.nSchedule()))
        .withBudget(budget);
    Node ast = AstBuilder.build(problem, opts);
    return new Result(problem, opts, ast, printer.printWithMacros(ast));
  }

  /** Removes {@code #} comments (to the end of the line). */
  static String stripComments(String text) {
    StringBuilder sb = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      int h = line.indexOf('#');
      sb.append(h < 0 ? line : line.substring(0, h)).append('\n');
    }
    return sb.toString();
  }

  private static Relation contextOf(String text) {
    UnionRelation u = UnionRelation.parse(text);
    if (u.size() == 0) return null;
    Relation r = u.single();
    checkArgument(r.space().isParams() || r.space().nDim() == 0, "the context must be a parameter set: %s", text);
    return r;
  }

  /** Splits the text into top-level isl objects {@code [params] -> { ... }} or {@code { ... }}. */
  static List<String> splitObjects(String text) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = -1;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (start < 0 && !Character.isWhitespace(ch)) start = i;
      if (ch == '{') depth++;
      if (ch == '}') {
        depth--;
        checkArgument(depth >= 0, "unbalanced '}' at offset %s", i);
        if (depth == 0) {
          out.add(text.substring(start, i + 1));
          start = -1;
        }
      }
    }
    checkArgument(depth == 0, "unbalanced '{' in input");
    checkArgument(start < 0 || text.substring(start).isBlank(), "trailing text: %s",
        start < 0 ? "" : text.substring(start));
    return out;
  }

  /** Build options from isl's options map over the schedule space. */
  public static BuildOptions options(UnionRelation options, int nSchedule) {
    BuildOptions out = BuildOptions.defaults();
    for (Relation r : options.relations()) {
      if (!r.space().isMap()) continue;
      String name = r.space().rangeTuple().name();
      if (name == null) continue;
      switch (name) {
        case "separate", "atomic", "unroll" -> {
          BuildOptions.LoopKind kind = switch (name) {
            case "separate" -> BuildOptions.LoopKind.SEPARATE;
            case "atomic" -> BuildOptions.LoopKind.ATOMIC;
            default -> BuildOptions.LoopKind.UNROLL;
          };
          checkArgument(r.space().nOut() == 1, "option %s takes one dimension", name);
          for (int x = 0; x < nSchedule; x++) {
            if (!fixRange(r, new long[] {x}).isEmpty()) out = out.with(x, kind);
          }
        }
        case "separation_class" -> {
          checkArgument(r.space().nOut() == 2, "separation_class takes [[dim] -> [class]]");
          for (int x = 0; x < nSchedule; x++) {
            for (int k = 0; k < 64; k++) {
              Relation c = fixRange(r, new long[] {x, k});
              if (c.isEmpty()) continue;
              out = out.withSeparationClass(x, domainOf(c));
            }
          }
        }
        default -> throw new IllegalArgumentException("unknown AST build option " + name);
      }
    }
    return out;
  }

  /** The relation with its range fixed to the given point. */
  private static Relation fixRange(Relation r, long[] point) {
    Space s = r.space();
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) {
      BasicRelation.Builder fix = BasicRelation.builder(s);
      for (int k = 0; k < point.length; k++) {
        long[] row = new long[1 + s.nVar()];
        row[1 + s.nParam() + s.nIn() + k] = 1;
        row[0] = -point[k];
        fix.addEq(row);
      }
      BasicRelation x = b.intersect(fix.build());
      if (!x.isEmpty()) out.add(x);
    }
    return Relation.ofBasics(s, out);
  }

  /** The domain of a map as a set (its range projected out). */
  private static Relation domainOf(Relation r) {
    Space s = r.space();
    Space target = s.domain();
    int[] map = new int[s.nVar()];
    for (int v = 0; v < map.length; v++) map[v] = v < s.nParam() + s.nIn() ? v : -1;
    List<BasicRelation> out = new ArrayList<>();
    for (BasicRelation b : r.basics()) out.addAll(b.mapVariables(target, map).computeDivs().basics());
    return Relation.ofBasics(target, out);
  }
}
