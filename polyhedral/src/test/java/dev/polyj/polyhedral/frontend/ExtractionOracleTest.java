package dev.polyj.polyhedral.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Expr;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.testing.BruteForce;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Extracted domains, accesses and schedules against an interpreter of the parsed loop nest: for
 * small parameter values, the executed instances of each statement are exactly the points of its
 * domain (in a box around them), each access relation maps every instance to exactly the element
 * the interpreter computes, and the 2d+1 schedule orders the instances as they executed.
 */
class ExtractionOracleTest {
  static String resource(String name) throws IOException {
    try (InputStream in = ExtractionOracleTest.class.getResourceAsStream(name)) {
      if (in == null) throw new IOException("missing resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Parses a test program, preprocessing it with gcc -E when it needs it. */
  static TranslationUnit parseResource(String name) throws IOException {
    String text = resource(name);
    if (CFrontEnd.needsPreprocessing(text)) {
      Path tmp = Files.createTempDirectory("polyj-test");
      Path file = tmp.resolve(name);
      Files.writeString(file, text);
      text = CFrontEnd.preprocess(file, List.of());
      return CParser.parse(text, file.toString());
    }
    return CParser.parse(text, name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gemm.c", "jacobi1d.c", "lu.c", "seidel.c", "bounds.c", "pluto.c", "fragment.c"})
  void domainsAccessesAndScheduleMatchExecution(String program) throws IOException {
    TranslationUnit unit = parseResource(program);
    List<RegionResult> results = ScopExtractor.extract(unit);
    assertEquals(1, results.size());
    RegionResult r = results.get(0);
    assertTrue(r.accepted(), () -> "rejected: " + r.rejections());
    Scop scop = r.scop();
    FunctionDef f = unit.functions().stream().filter(x -> java.util.Objects.equals(x.name(), r.functionName())).findFirst().orElseThrow();
    IdentityHashMap<Expr, Boolean> bodies = new IdentityHashMap<>();
    IdentityHashMap<Expr, Statement> byBody = new IdentityHashMap<>();
    for (Statement s : scop.statements()) {
      bodies.put(s.body(), true);
      byBody.put(s.body(), s);
    }
    long[][] paramValues = {{0, 0, 0}, {1, 2, 3}, {4, 3, 2}, {5, 5, 5}, {7, 2, 6}, {9, 4, 1}};
    int checkedInstances = 0;
    for (long[] vals : paramValues) {
      Map<String, Long> params = new HashMap<>();
      for (int k = 0; k < scop.params().size(); k++) params.put(scop.params().get(k), vals[k % vals.length]);
      List<LoopNestInterpreter.Instance> trace = LoopNestInterpreter.run(f, bodies, params);
      checkedInstances += trace.size();
      Map<String, Set<List<Long>>> executed = new HashMap<>();
      for (Statement s : scop.statements()) executed.put(s.name(), new HashSet<>());
      long[] previousTime = null;
      for (LoopNestInterpreter.Instance inst : trace) {
        Statement s = byBody.get(inst.body());
        List<Long> it = new ArrayList<>();
        for (String x : s.iterators()) it.add(inst.env().get(x));
        assertTrue(executed.get(s.name()).add(it), () -> s.name() + it + " executed twice");
        long[] point = point(scop.params(), params, it);
        assertTrue(s.domain().contains(point), () -> s.name() + it + " executed but not in " + s.domain());
        for (Access a : s.accesses()) checkAccess(a, inst, point, scop, params);
        long[] time = image(scop.scheduleMap().relation(scheduleSpace(scop, s)), point);
        if (previousTime != null) {
          long[] prev = previousTime;
          assertTrue(lexLess(prev, time), () -> "schedule order differs from execution at " + s.name() + it);
        }
        previousTime = time;
      }
      // every domain point in a box around the parameter values was executed
      for (Statement s : scop.statements()) {
        Set<List<Long>> done = executed.get(s.name());
        BruteForce.forEachPoint(s.depth(), -2, 12, it -> {
          List<Long> itl = new ArrayList<>();
          for (long x : it) itl.add(x);
          boolean in = s.domain().contains(point(scop.params(), params, itl));
          assertEquals(done.contains(itl), in, () -> s.name() + itl + " with " + params);
        });
      }
    }
    assertTrue(checkedInstances > 0, "the test programs execute some statements");
  }

  private static dev.polyj.presburger.space.Space scheduleSpace(Scop scop, Statement s) {
    return scop.scheduleMap().relations().stream()
        .filter(m -> m.space().domainTuple().name().equals(s.name())).findFirst().orElseThrow().space();
  }

  private static long[] point(List<String> paramNames, Map<String, Long> params, List<Long> it) {
    long[] p = new long[paramNames.size() + it.size()];
    for (int k = 0; k < paramNames.size(); k++) p[k] = params.get(paramNames.get(k));
    for (int k = 0; k < it.size(); k++) p[paramNames.size() + k] = it.get(k);
    return p;
  }

  private static void checkAccess(Access a, LoopNestInterpreter.Instance inst, long[] point, Scop scop,
      Map<String, Long> params) {
    List<Long> subs = new ArrayList<>();
    Expr e = a.expr();
    while (e instanceof Expr.Index ix) {
      subs.add(0, evalIn(ix.index(), inst.env()));
      e = ix.base();
    }
    long[] full = new long[point.length + subs.size()];
    System.arraycopy(point, 0, full, 0, point.length);
    for (int k = 0; k < subs.size(); k++) full[point.length + k] = subs.get(k);
    assertTrue(a.relation().contains(full), () -> a.relation() + " misses " + subs + " at " + inst.env());
    for (int k = 0; k < subs.size(); k++) {
      for (int delta : new int[] {-1, 1}) {
        long[] other = full.clone();
        other[point.length + k] += delta;
        assertFalse(a.relation().contains(other), () -> "access is not single-valued: " + a.relation());
      }
    }
  }

  private static long evalIn(Expr e, Map<String, Long> env) {
    // evaluate a subscript with the interpreter's semantics
    return new Object() {
      long eval(Expr x) {
        if (x instanceof Expr.IntLit l) return l.value();
        if (x instanceof Expr.Ident id) return env.get(id.name());
        if (x instanceof Expr.Unary u && u.op().equals("-")) return -eval(u.operand());
        if (x instanceof Expr.Cond c) {
          Expr.Binary cmp = (Expr.Binary) c.cond();
          long l = eval(cmp.left());
          long r = eval(cmp.right());
          boolean t = switch (cmp.op()) {
            case "<" -> l < r;
            case "<=" -> l <= r;
            case ">" -> l > r;
            case ">=" -> l >= r;
            default -> l == r;
          };
          return t ? eval(c.then()) : eval(c.otherwise());
        }
        Expr.Binary b = (Expr.Binary) x;
        long l = eval(b.left());
        long r = eval(b.right());
        return switch (b.op()) {
          case "+" -> l + r;
          case "-" -> l - r;
          case "*" -> l * r;
          case "/" -> l / r;
          default -> l % r;
        };
      }
    }.eval(e);
  }

  /** The image of a point under a map whose outputs are fixed by equalities on one piece. */
  static long[] image(Relation map, long[] point) {
    for (BasicRelation b : map.basics()) {
      if (!b.contains(point.length == b.nVar() ? point : extend(point, b.nVar()))) {
        // contains needs the outputs too; solve the equalities instead
      }
      int nOut = b.nOut();
      long[] out = new long[nOut];
      boolean solved = true;
      for (int o = 0; o < nOut; o++) {
        int col = b.outCol(o);
        boolean found = false;
        for (long[] eq : b.equalities()) {
          if (Math.abs(eq[col]) != 1) continue;
          boolean onlyThis = true;
          for (int c = b.outCol(0); c < b.nCol(); c++) if (c != col && eq[c] != 0) onlyThis = false;
          if (!onlyThis) continue;
          long v = eq[0];
          for (int k = 0; k < point.length; k++) v += eq[1 + k] * point[k];
          out[o] = -v * eq[col];
          found = true;
          break;
        }
        solved &= found;
      }
      if (!solved) continue;
      long[] full = extend(point, b.nVar());
      System.arraycopy(out, 0, full, point.length, nOut);
      if (b.contains(full)) return out;
    }
    throw new AssertionError("no image of the point in " + map);
  }

  private static long[] extend(long[] p, int n) {
    return java.util.Arrays.copyOf(p, n);
  }

  static boolean lexLess(long[] a, long[] b) {
    for (int k = 0; k < Math.min(a.length, b.length); k++) {
      if (a[k] != b[k]) return a[k] < b[k];
    }
    return false;
  }
}
