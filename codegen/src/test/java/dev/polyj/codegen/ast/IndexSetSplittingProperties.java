package dev.polyj.codegen.ast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.Expr.Kind;
import dev.polyj.codegen.c.CPrinter;
import dev.polyj.polyhedral.schedule.ScheduleMaps;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Index-set splitting keeps the execution order: the same statement instances in the same order
 * (oracle: the interpreter's trace of the AST before splitting), on loop nests with random affine
 * inequality guards and on the ASTs of random scheduled programs.
 */
class IndexSetSplittingProperties {

  @Provide
  Arbitrary<RandomPrograms.Program> programs() {
    return RandomPrograms.programs();
  }

  @Property(tries = 40)
  void scheduledProgramsKeepTheirOrder(@ForAll("programs") RandomPrograms.Program program) {
    ScheduleNode tree = ScheduleMaps.fromFlatMap(program.scheduleMap(), program.domain());
    Node ast = GuardPeeling.peel(AstBuilder.build(ScheduleTreeProblem.of(tree)));
    Node split = IndexSetSplitting.split(ast);
    for (long n : new long[] {-1, 0, 1, 2, 4}) {
      assertEquals(AstInterpreter.trace(ast, RandomPrograms.params(n)), AstInterpreter.trace(split, RandomPrograms.params(n)),
          () -> "N = " + n + "\n" + CPrinter.standard().print(split));
    }
  }

  @Provide
  Arbitrary<Node> guardedNests() {
    Arbitrary<Expr> affine = Combinators.combine(Arbitraries.longs().between(-2, 2), Arbitraries.longs().between(-1, 1),
        Arbitraries.longs().between(-1, 1), Arbitraries.longs().between(-4, 4))
        .as((ci, cj, cn, k) -> Exprs.linear().add(ci, Exprs.id("i")).add(cj, Exprs.id("j")).add(cn, Exprs.id("N"))
            .addConstant(k).build());
    Arbitrary<Kind> cmp = Arbitraries.of(Kind.LE, Kind.LT, Kind.GE, Kind.GT);
    Arbitrary<Expr> comparison = Combinators.combine(cmp, affine, affine).as((k, a, b) -> Exprs.compare(k, a, b));
    Arbitrary<Expr> guard = comparison.list().ofMinSize(1).ofMaxSize(3).map(Exprs::and);
    Arbitrary<Node> statement = Combinators.combine(Arbitraries.integers().between(0, 3), guard,
        Arbitraries.integers().between(0, 3)).as((kind, g, name) -> {
          Node call = new Node.User("S" + name, List.of(Exprs.id("j"), Exprs.id("i")));
          Node other = new Node.User("T" + name, List.of(Exprs.id("i")));
          return switch (kind) {
            case 0 -> call;
            case 1 -> new Node.If(g, call, other);
            default -> new Node.If(g, call, null);
          };
        });
    Arbitrary<Expr> bound = Combinators.combine(affine, affine, Arbitraries.integers().between(0, 2)).as((a, b, how) -> {
      Expr a1 = Exprs.sub(a, Exprs.scale(Exprs.id("i"), coefOf(a)));
      Expr b1 = Exprs.sub(b, Exprs.scale(Exprs.id("i"), coefOf(b)));
      return how == 0 ? a1 : how == 1 ? Exprs.min(List.of(a1, b1)) : Exprs.max(List.of(a1, b1));
    });
    return Combinators.combine(statement.list().ofMinSize(1).ofMaxSize(4), bound, bound).as((body, lo, hi) -> {
      Node.For inner = new Node.For("i", lo, Exprs.plus(hi, 4), 1, Node.seq(new ArrayList<>(body)), List.of());
      return new Node.For("j", Exprs.constant(-2), Exprs.id("N"), 1, inner, List.of());
    });
  }

  private static long coefOf(Expr e) {
    if (e instanceof Expr.Id id && id.name().equals("i")) return 1;
    if (e instanceof Expr.Linear l) {
      for (Expr.Term t : l.terms()) if (t.expr().equals(Exprs.id("i"))) return t.coef();
    }
    return 0;
  }

  @Property(tries = 200)
  void guardedNestsKeepTheirOrder(@ForAll("guardedNests") Node nest) {
    Node split = IndexSetSplitting.split(nest);
    for (long n = -2; n <= 6; n++) {
      Map<String, Long> params = Map.of("N", n);
      long fn = n;
      assertEquals(AstInterpreter.trace(nest, params), AstInterpreter.trace(split, params),
          () -> "N = " + fn + "\n" + CPrinter.standard().print(nest) + "\n=>\n" + CPrinter.standard().print(split));
    }
  }

  /** The boundary guards of a skewed, time-tiled stencil: the main range runs both statements unguarded. */
  @Test
  void skewedStencilBoundaries() {
    Expr i = Exprs.id("i");
    Expr t = Exprs.id("t");
    Expr n = Exprs.id("N");
    Expr upperEdge = Exprs.linear().add(2, t).add(n).addConstant(-2).build();
    Expr lowerEdge = Exprs.linear().add(2, t).addConstant(2).build();
    Node body = Node.seq(List.of(
        new Node.If(Exprs.and(List.of(Exprs.compare(Kind.LE, i, upperEdge), Exprs.compare(Kind.LE, Exprs.id("j"), upperEdge))),
            new Node.User("S1", List.of(t, Exprs.id("j"), i)), null),
        new Node.If(Exprs.and(List.of(Exprs.compare(Kind.GE, i, lowerEdge), Exprs.compare(Kind.GE, Exprs.id("j"), lowerEdge))),
            new Node.User("S2", List.of(t, Exprs.id("j"), i)), null)));
    Node.For loop = new Node.For("i", Exprs.max(List.of(Exprs.plus(Exprs.scale(t, 2), 1), Exprs.constant(0))),
        Exprs.min(List.of(Exprs.linear().add(2, t).add(n).addConstant(-1).build(), Exprs.constant(40))), 1, body, List.of());
    Node nest = new Node.For("t", Exprs.constant(0), Exprs.constant(5), 1,
        new Node.For("j", Exprs.constant(0), Exprs.constant(30), 1, loop, List.of()), List.of());
    Node split = IndexSetSplitting.split(nest);
    String code = CPrinter.standard().print(split);
    // three ranges: the main one tests only the loop-invariant conditions on j
    assertEquals(3, count(code, "for (int i ="), code);
    assertTrue(code.contains("if (j <= 2 * t + N - 2)"), code);
    assertEquals(2, count(code, "if (i <= 2 * t + N - 2 && j"), code);
    for (long nv = 0; nv <= 12; nv++) {
      Map<String, Long> params = Map.of("N", nv);
      assertEquals(AstInterpreter.trace(nest, params), AstInterpreter.trace(split, params), code);
    }
  }

  private static int count(String text, String what) {
    int k = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) k++;
    return k;
  }
}
