package dev.polyj.codegen.c;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.codegen.ast.AstBuilder;
import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.codegen.ast.ExprFormat;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.ast.ScanProblem;
import dev.polyj.codegen.ast.ScheduleTreeProblem;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Code generation for a SCoP (the {@code optimize} path): the AST of a schedule tree over the
 * SCoP's statements, printed as a C region in which each statement instance is the statement's
 * body with its iterators replaced by the instance's coordinates.
 */
public final class ScopCodegen {
  private ScopCodegen() {}

  /** The AST executing the SCoP's statements in the order of {@code schedule} (a tree over its domains). */
  public static Node ast(Scop scop, ScheduleNode schedule, BuildOptions options) {
    ScanProblem problem = ScheduleTreeProblem.of(schedule, scop.context());
    return AstBuilder.build(problem, options);
  }

  /** The C region (helper macros, then a block with the iterators declared) replacing the SCoP. */
  public static String region(Scop scop, ScheduleNode schedule, BuildOptions options, int level) {
    Node ast = ast(scop, schedule, options);
    return CPrinter.standard().withUserPrinter(bodyPrinter(scop)).printRegion(ast, level);
  }

  /** Prints a statement instance as the statement's body with the coordinates substituted. */
  public static Function<Node.User, List<String>> bodyPrinter(Scop scop) {
    return call -> {
      Statement st = scop.statement(call.name());
      checkArgument(call.args().size() == st.iterators().size(), "%s called with %s coordinates, has %s iterators",
          call.name(), call.args().size(), st.iterators().size());
      Map<String, String> values = new HashMap<>();
      for (int i = 0; i < st.iterators().size(); i++) {
        dev.polyj.codegen.ast.Expr a = call.args().get(i);
        String text = ExprFormat.format(a);
        boolean simple = a instanceof dev.polyj.codegen.ast.Expr.Id || (a instanceof dev.polyj.codegen.ast.Expr.Int k
            && k.value() >= 0);
        values.put(st.iterators().get(i), simple ? text : "(" + text + ")");
      }
      return List.of(ExprPrinter.print(substitute(st.body(), values)) + ";");
    };
  }

  private static Expr substitute(Expr e, Map<String, String> values) {
    if (e instanceof Expr.Ident id && values.containsKey(id.name())) {
      return new Expr.Ident(values.get(id.name()), id.pos());
    }
    return e.mapChildren(c -> substitute(c, values));
  }
}
