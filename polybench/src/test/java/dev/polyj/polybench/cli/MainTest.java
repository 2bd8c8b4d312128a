package dev.polyj.polybench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.flow.AccessInfo;
import dev.polyj.polyhedral.flow.Dataflow;
import dev.polyj.polyhedral.flow.FlowResult;
import dev.polyj.presburger.set.UnionRelation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line run in-process: output, error messages and exit codes. */
class MainTest {
  @TempDir Path dir;

  /** Exit code, standard output and standard error of one run. */
  record Run(int code, String out, String err) {}

  static Run run(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path script(String text) throws IOException {
    Path p = dir.resolve("script.iscc");
    Files.writeString(p, text);
    return p;
  }

  /** Every subcommand's help renders without picocli's format warnings (an unescaped % in a description). */
  @Test
  void everyHelpTextRendersCleanly() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      picocli.CommandLine cl = Main.commandLine(new java.io.ByteArrayInputStream(new byte[0]));
      for (picocli.CommandLine sub : cl.getSubcommands().values()) {
        assertTrue(sub.getUsageMessage().contains("Usage: polyj " + sub.getCommandName()), sub.getCommandName());
      }
    } finally {
      System.setErr(saved);
    }
    assertEquals("", captured.toString(java.nio.charset.StandardCharsets.UTF_8));
  }

  /**
   * The command line built for one named subcommand (as {@code main} builds it) holds only that one,
   * with the same help text as the full command line's; any other first argument gets them all.
   */
  @Test
  void oneSubcommandCommandLineMatchesTheFullOne() {
    picocli.CommandLine full = Main.commandLine(new java.io.ByteArrayInputStream(new byte[0]));
    for (String name : full.getSubcommands().keySet()) {
      picocli.CommandLine one = Main.commandLine(new java.io.ByteArrayInputStream(new byte[0]), name);
      assertEquals(java.util.Set.of(name), one.getSubcommands().keySet());
      assertEquals(full.getSubcommands().get(name).getUsageMessage(), one.getSubcommands().get(name).getUsageMessage());
    }
    for (String first : new String[] {"--help", "optimise", "--debug"}) {
      picocli.CommandLine all = Main.commandLine(new java.io.ByteArrayInputStream(new byte[0]), first);
      assertEquals(full.getSubcommands().keySet(), all.getSubcommands().keySet());
    }
  }

  @Test
  void calcRunsAScriptFile() throws IOException {
    Path p = script("x := 6;\nx * 7;\nprint typeof x;\n");
    Run r = run("", "calc", p.toString());
    assertEquals("42\nvalue\n", r.out());
    assertEquals("", r.err());
    assertEquals(0, r.code());
  }

  @Test
  void calcStopsAtAFalseAssertionAndExitsWith1() {
    Run r = run("assert sum { [x] -> 1 } == { NaN };\nprint 1;\nassert(card { [x] : 0 <= x < 3 } == { 4 });\nprint 2;\n", "calc");
    assertEquals("1\n", r.out());
    assertEquals("<stdin>:3:1: assertion failed\n", r.err());
    assertEquals(1, r.code());
  }

  @Test
  void calcReadsStandardInput() {
    Run r = run("print 1 + 1;", "calc");
    assertEquals("2\n", r.out());
    assertEquals(0, r.code());
    assertEquals(0, run("print 3;", "calc", "-").code());
  }

  @Test
  void calcReportsBadStatementsWithFileLineColumnAndExitsWith2() throws IOException {
    Path p = script("x := 1;\ny := x +;\nprint x;\n");
    Run r = run("", "calc", p.toString());
    assertEquals("1\n", r.out());
    assertEquals(p + ":2:9: expected an expression, found ';'\n", r.err());
    assertEquals(2, r.code());
  }

  @Test
  void calcOnStandardInputNamesIt() {
    Run r = run("nope;", "calc");
    assertEquals("<stdin>:1:1: unknown identifier 'nope'\n", r.err());
    assertEquals(2, r.code());
  }

  @Test
  void calcWithAMissingFileIsBadInput() {
    Run r = run("", "calc", dir.resolve("absent.iscc").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("cannot read") && r.err().contains("absent.iscc"), r.err());
  }

  @Test
  void calcComputesWithSets() throws IOException {
    String a = "{ [i] : 0 <= i < 10 }";
    String b = "{ [5] }";
    UnionRelation expected;
    try {
      expected = UnionRelation.parse(a).subtract(UnionRelation.parse(b));
    } catch (UnsupportedOperationException e) {
      Run r = run(a + " - " + b + ";", "calc");
      assertEquals(2, r.code());
      assertTrue(r.err().contains("not supported yet"), r.err());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      return;
    }
    Run r = run(a + " - " + b + ";", "calc");
    assertEquals(expected + "\n", r.out());
    assertEquals(0, r.code());
  }

  @Test
  void calcComputesDataflowWithTheAnalysisOfThePolyhedralModule() {
    String w = "[N] -> { S[i] -> A[i] : 0 <= i < N }";
    String rd = "[N] -> { T[i] -> A[i - 1] : 0 <= i < N }";
    String sched = "{ S[i] -> [i, 0]; T[i] -> [i, 1] }";
    String script = "W := " + w + ";\nR := " + rd + ";\nSch := " + sched + ";\nlast W before R under Sch;\n"
        + "any W before R under Sch;\n";
    FlowResult expected;
    try {
      expected = Dataflow.compute(new AccessInfo(UnionRelation.parse(rd), UnionRelation.parse(w), null, null,
          UnionRelation.parse(sched)));
    } catch (UnsupportedOperationException e) {
      Run r = run(script, "calc");
      assertEquals(2, r.code());
      assertTrue(r.err().contains("not supported yet"), r.err());
      Assumptions.abort("not in the engine yet: " + e.getMessage());
      return;
    }
    FlowResult may = Dataflow.compute(new AccessInfo(UnionRelation.parse(rd), null, UnionRelation.parse(w), null,
        UnionRelation.parse(sched)));
    Run r = run(script, "calc");
    assertEquals("", r.err());
    assertEquals("(" + expected.mustDependence() + ", " + expected.mustNoSource() + ")\n" + may.mayDependence() + "\n",
        r.out());
    assertEquals(0, r.code());
  }

  @Test
  void codegenPrintsLoopsThatCallTheStatements() {
    Run r = run("[N] -> { S[i] -> [i] : 0 <= i < N }\n[N] -> { : N > 0 }\n{ }\n", "codegen");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("S(c0)"), r.out());
    Run bad = run("{ S[i] -> [i] : \n", "codegen");
    assertEquals(2, bad.code());
  }

  @Test
  void flowAnswersLikeTheDataflowAnalysis() {
    String yaml = "sink: \"{ R[i] -> a[i] : 0 <= i < 4 }\"\n"
        + "must_source: \"{ W[i] -> a[i] : 0 <= i < 2 }\"\n"
        + "schedule_map: \"{ W[i] -> [0, i]; R[i] -> [1, i] }\"\n";
    Run r = run(yaml, "flow");
    assertEquals(0, r.code(), r.err());
    dev.polyj.presburger.set.UnionRelation must = dev.polyj.presburger.set.UnionRelation.parse(
        r.out().lines().filter(l -> l.startsWith("must_dependence:")).findFirst().orElseThrow()
            .replaceFirst("must_dependence: \"(.*)\"", "$1"));
    // isl_flow's full dependences: source -> [sink -> element]
    assertTrue(must.isEqual(dev.polyj.presburger.set.UnionRelation.parse("{ W[i] -> [R[i] -> a[i]] : 0 <= i < 2 }")),
        r.out());
    assertTrue(r.out().contains("must_no_source: \"{ R[i] -> a[i] : 2 <= i <= 3 }\""), r.out());
    Run bad = run("sink: \"{ R[i] -> a[i] \"\nschedule_map: \"{ R[i] -> [i] }\"\n", "flow");
    assertEquals(2, bad.code());
    assertTrue(bad.err().startsWith("<stdin>:1:"), bad.err());
    Run unsupported = run("sink: { R[i] -> a[i] }\nschedule:\n  domain: { R[i] }\n  child:\n    expansion: { G[] -> R[i] }\n"
        + "    contraction: { R[i] -> G[] }\n", "flow");
    assertEquals(2, unsupported.code());
    assertTrue(unsupported.err().startsWith("<stdin>:5:5: "), unsupported.err());
  }

  @Test
  void scopsOfAMissingFileIsBadInput() {
    Run r = run("", "scops", "no-such-file.c");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("no-such-file.c"), r.err());
  }

  @Test
  void helpAndVersion() {
    Run help = run("", "--help");
    assertEquals(0, help.code());
    assertTrue(help.out().contains("calc") && help.out().contains("Usage: polyj"), help.out());
    Run version = run("", "--version");
    assertEquals(0, version.code());
    assertTrue(version.out().startsWith("polyj "), version.out());
    Run calcHelp = run("", "calc", "--help");
    assertEquals(0, calcHelp.code());
    assertTrue(calcHelp.out().contains("FILE"), calcHelp.out());
  }

  /** Standard input that fails the way a bug would. */
  static Run runWithBrokenInput(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    java.io.InputStream broken = new java.io.InputStream() {
      @Override
      public int read() {
        throw new IllegalStateException("broken stream");
      }
    };
    CommandLine cl = Main.commandLine(broken);
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return new Run(cl.execute(args), out.toString(), err.toString());
  }

  @Test
  void internalErrorsExitWith3AndShowTheStackTraceOnlyWithDebug() {
    Run r = runWithBrokenInput("calc");
    assertEquals(3, r.code());
    assertEquals("polyj: internal error: java.lang.IllegalStateException: broken stream;"
        + " please report it at the project's issue tracker\n", r.err());
    Run d = runWithBrokenInput("--debug", "calc");
    assertEquals(3, d.code());
    assertTrue(d.err().contains("\tat "), d.err());
    Run d2 = runWithBrokenInput("calc", "--debug");
    assertEquals(3, d2.code());
    assertTrue(d2.err().contains("\tat "), d2.err());
  }

  @Test
  void usageErrorsExitWith2() {
    assertEquals(2, run("", "nosuchcommand").code());
    assertEquals(2, run("", "calc", "a", "b").code());
    assertEquals(2, run("").code());
  }

  private static final String GEMM_LIKE = """
      void k(int n, double A[100][100], double B[100][100], double C[100][100]) {
      #pragma scop
        for (int i = 0; i < n; i++)
          for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
              C[i][j] += A[i][k] * B[k][j];
      #pragma endscop
      }
      """;

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
    return n;
  }

  /** Options on by default are turned off by their --no- form and left on by the positive form. */
  @Test
  void optimizeSwitchesParallelLoopsOnAndOff() throws IOException {
    Path c = dir.resolve("k.c");
    Files.writeString(c, GEMM_LIKE);
    Run byDefault = run("", "optimize", c.toString());
    Run on = run("", "optimize", "--parallel", c.toString());
    Run off = run("", "optimize", "--no-parallel", c.toString());
    assertEquals(0, byDefault.code(), byDefault.err());
    assertTrue(count(byDefault.out(), "omp parallel") > 0, byDefault.out());
    assertEquals(byDefault.out(), on.out());
    assertEquals(0, count(off.out(), "omp parallel"), off.out());
  }
}
