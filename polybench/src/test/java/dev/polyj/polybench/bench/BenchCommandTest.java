package dev.polyj.polybench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polybench.report.Reports;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandTest {

  private record Outcome(int exit, String out, String err) {}

  private static Outcome run(BenchCommand command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(command);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Outcome(exit, out.toString(), err.toString());
  }

  private static Outcome run(String... args) {
    return run(new BenchCommand(), args);
  }

  @Test
  void badOptionsExitWithTwoAndSayWhy(@TempDir Path dir) {
    String out = dir.resolve("out").toString();
    assertBad(run("--dataset", "HUGE", "--out", out), "'HUGE' is not one of MINI");
    assertBad(run("--reps", "0", "--out", out), "--reps must be at least 1");
    assertBad(run("--threads", "-2", "--out", out), "--threads must be at least 1");
    assertBad(run("--reps", "many", "--out", out), "--reps");
    assertBad(run("--compare", "polly,icc", "--out", out), "unknown tool 'icc'");
    assertBad(run("--tolerance", "2", "--out", out), "--tolerance must be in [0, 1)");
    assertBad(run("--optimizer", "magic", "--out", out), "unknown optimizer 'magic'");
    assertBad(run("--progress", "fancy", "--out", out), "'fancy' is not one of AUTO");
    assertBad(run("--suite", dir.resolve("missing").toString(), "--out", out), "does not exist");
    assertBad(run("--kernels", "gemm,nosuch", "--out", out), "unknown kernel nosuch");
    assertBad(run("--no-such-option"), "no-such-option");
  }

  @Test
  void helpDescribesTheOptions() {
    Outcome o = run("--help");
    assertEquals(0, o.exit());
    for (String option : List.of("--suite", "--dataset", "--kernels", "--threads", "--reps",
        "--compare", "--jobs", "--tolerance", "--out")) {
      assertTrue(o.out().contains(option), option);
    }
  }

  @Test
  void aRunWritesTheReportsAndExitsZeroWhenAllKernelsAreOk(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(TestSupport.gccAvailable(), "gcc is not on PATH");
    Path out = dir.resolve("out");
    Outcome o = run("--dataset", "mini", "--kernels", "jacobi-1d", "--reps", "1",
        "--threads", "1", "--progress", "plain", "--out", out.toString());
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains("jacobi-1d"), o.out());
    assertTrue(o.out().contains("1 kernels: 1 ok, 0 wrong, 0 failed"), o.out());
    assertTrue(o.err().contains("bench: prepare 1/1 jacobi-1d ok"), o.err());
    for (String f : List.of(Reports.TEXT, Reports.MARKDOWN, Reports.HTML, Reports.SVG,
        Reports.CSV)) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    assertEquals(o.out().substring(0, o.out().indexOf("\nreports: ")),
        Files.readString(out.resolve(Reports.TEXT)));
  }

  @Test
  void aWrongKernelExitsWithOne(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(TestSupport.gccAvailable(), "gcc is not on PATH");
    Optimizer broken = TestSupport.rewriting(Map.of("jacobi-1d.c",
        List.of("B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);",
            "B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]) + 1;")));
    Outcome o = run(new BenchCommand(broken), "--dataset", "MINI", "--kernels", "jacobi-1d",
        "--reps", "1", "--progress", "none", "--out", dir.resolve("out").toString());
    assertEquals(1, o.exit(), o.err());
    assertTrue(o.out().contains("jacobi-1d: wrong: "), o.out());
    assertFalse(o.err().contains("bench:"), o.err());
  }

  @Test
  void aMissingCompilerExitsWithTwo(@TempDir Path dir) {
    Outcome o = run("--dataset", "MINI", "--kernels", "gemm", "--cc", "no-such-cc-polyj",
        "--out", dir.resolve("out").toString(), "--progress", "none");
    assertBad(o, "cannot run the C compiler 'no-such-cc-polyj'");
  }

  private static void assertBad(Outcome o, String fragment) {
    assertEquals(2, o.exit(), o.err());
    assertTrue(o.err().contains(fragment), o.err() + " lacks " + fragment);
  }
}
