package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.ExprPrinter;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The front end on whole programs: preprocessing, harness code, printing, the scops command. */
class FrontEndTest {
  private static Path write(String name) throws IOException {
    Path dir = Files.createTempDirectory("polyj-fe");
    Path file = dir.resolve(name);
    Files.writeString(file, ExtractionOracleTest.resource(name));
    return file;
  }

  @Test
  void polybenchStyleProgramWithSystemHeaders() throws IOException {
    Path file = write("harness.c");
    List<RegionResult> rs = CFrontEnd.extract(file, List.of("-DN=32"));
    assertEquals(1, rs.size());
    RegionResult r = rs.get(0);
    assertTrue(r.accepted(), () -> r.rejections().toString());
    Scop s = r.scop();
    assertEquals("kernel_cholesky", s.functionName());
    assertEquals(List.of("n"), s.params());
    assertEquals(4, s.statements().size());
    ArrayInfo a = s.array("A");
    assertEquals("double", a.elementType());
    assertEquals(List.of("32", "32"), a.sizeStrings());
    // positions refer to the user's file
    assertEquals(file.toString(), s.statements().get(0).pos().file());
    assertEquals(32, s.statements().get(0).pos().line());
    assertEquals("A[i][i] = sqrt(A[i][i]) + 0.0", ExprPrinter.print(s.statements().get(3).body()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "jacobi1d.c", "lu.c", "seidel.c", "bounds.c", "harness.c"})
  void printedBodiesParseBackToTheSameTree(String program) throws IOException {
    for (RegionResult r : ScopExtractor.extract(ExtractionOracleTest.parseResource(program))) {
      for (Statement st : r.scop().statements()) {
        String printed = ExprPrinter.print(st.body());
        Expr again = parseExpr(printed);
        assertEquals(printed, ExprPrinter.print(again));
        assertEquals(stripPositions(st.body()), stripPositions(again), printed);
      }
    }
  }

  private static Expr parseExpr(String text) {
    TranslationUnit u = CParser.parse("void f(void) { " + text + "; }", "e.c");
    return ((CStmt.ExprStmt) u.functions().get(0).body().items().get(0)).expr();
  }

  private static Expr stripPositions(Expr e) {
    return Expr.transform(e, x -> {
      if (x instanceof Expr.IntLit l) return new Expr.IntLit(l.value(), l.text(), null);
      if (x instanceof Expr.FloatLit l) return new Expr.FloatLit(l.text(), null);
      if (x instanceof Expr.Ident l) return new Expr.Ident(l.name(), null);
      if (x instanceof Expr.Binary b) return new Expr.Binary(b.op(), b.left(), b.right(), null);
      if (x instanceof Expr.Assign b) return new Expr.Assign(b.op(), b.target(), b.value(), null);
      if (x instanceof Expr.Index b) return new Expr.Index(b.base(), b.index(), null);
      if (x instanceof Expr.Call b) return new Expr.Call(b.callee(), b.args(), null);
      if (x instanceof Expr.Unary b) return new Expr.Unary(b.op(), b.operand(), null);
      if (x instanceof Expr.Cast b) return new Expr.Cast(b.type(), b.operand(), null);
      if (x instanceof Expr.Cond b) return new Expr.Cond(b.cond(), b.then(), b.otherwise(), null);
      return x;
    });
  }

  @Test
  void scopsCommandPrintsRegionsAndReportsErrors() throws IOException {
    Path good = write("gemm.c");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = ScopsTool.run(new String[] {good.toString()}, new PrintStream(out), new PrintStream(err));
    assertEquals(0, rc, err::toString);
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("status: scop") && text.contains("- name: S1") && text.contains("schedule:"), text);
    Object doc = new org.yaml.snakeyaml.Yaml().load(text);
    assertTrue(doc instanceof java.util.Map);

    Path bad = Files.createTempDirectory("polyj-fe").resolve("bad.c");
    Files.writeString(bad, "void f(int n) {\n  int i\n}\n");
    out.reset();
    rc = ScopsTool.run(new String[] {bad.toString()}, new PrintStream(out), new PrintStream(err));
    assertEquals(2, rc);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains(bad + ":3:1: error:"), err::toString);
  }
}
