package dev.polyj.codegen.c;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.codegen.ast.BuildOptions;
import dev.polyj.polyhedral.flow.Dependences;
import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.BisectionLexmin;
import dev.polyj.polyhedral.scheduling.PlutoScheduler;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.Relation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Opt-in end-to-end check on the PolyBench-style suite of the polybench module (run with {@code
 * -Dpolyj.polybench=true}; add {@code -Dpolyj.polybench.pluto=true} to use the scheduler's
 * schedules instead of the original ones): every SCoP is replaced by the code generated for its
 * schedule, compiled with -fopenmp, run on four threads, and its dumped arrays compared with the
 * original program's.
 */
class PolybenchRegenerationTest {
  private static final Path SUITE = Path.of("../polybench/src/main/resources/dev/polyj/polybench/suite");

  @Test
  void regeneratedKernelsComputeTheSameArrays() throws Exception {
    Assumptions.assumeTrue(Boolean.getBoolean("polyj.polybench"), "opt-in: -Dpolyj.polybench=true");
    Assumptions.assumeTrue(GccDriver.available() && Files.isDirectory(SUITE), "gcc and the suite sources");
    boolean pluto = Boolean.getBoolean("polyj.polybench.pluto");
    String only = System.getProperty("polyj.polybench.kernel", "");
    List<String> failures = new ArrayList<>();
    for (String line : Files.readAllLines(SUITE.resolve("suite.txt"))) {
      if (line.isBlank()) continue;
      String k = line.split("\\s+")[0];
      if (!only.isEmpty() && !only.equals(k)) continue;
      String outcome = check(k, pluto);
      System.out.printf("%-14s %s%n", k, outcome);
      if (!outcome.startsWith("same") && !outcome.startsWith("no schedule")) failures.add(k + ": " + outcome);
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  private static String check(String k, boolean pluto) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("polyj-pb-" + k);
    try {
      for (Path f : List.of(SUITE.resolve(k).resolve(k + ".c"), SUITE.resolve(k).resolve(k + ".h"),
          SUITE.resolve("polyj_bench.h"), SUITE.resolve("polyj_bench.c"))) {
        Files.copy(f, dir.resolve(f.getFileName()));
      }
      Path src = dir.resolve(k + ".c");
      String text = Files.readString(src);
      List<RegionResult> regions = CFrontEnd.extract(src, List.of("-DMINI_DATASET", "-I" + dir));
      StringBuilder out = new StringBuilder();
      int pos = 0;
      long codegenMs = 0;
      for (RegionResult r : regions) {
        int from = text.indexOf("#pragma scop", pos);
        int to = text.indexOf("#pragma endscop", from) + "#pragma endscop".length();
        out.append(text, pos, from);
        if (!r.accepted()) {
          out.append(text, from, to);
        } else {
          Scop scop = r.scop();
          ScheduleNode tree = scop.schedule();
          if (pluto) {
            try {
              Dependences deps = Dependences.compute(scop.reads(), scop.mustWrites(), scop.scheduleMap());
              List<Relation> domains = new ArrayList<>();
              for (Statement st : scop.statements()) domains.add(st.domain());
              tree = PlutoScheduler.schedule(domains, deps.all(), new BisectionLexmin(1 << 10)).toTree();
            } catch (RuntimeException e) {
              return "no schedule: " + e.getMessage();
            }
          }
          long t0 = System.nanoTime();
          out.append(ScopCodegen.region(scop, tree, BuildOptions.defaults(), 1));
          codegenMs += (System.nanoTime() - t0) / 1_000_000;
        }
        pos = to;
      }
      out.append(text.substring(pos));
      Files.writeString(dir.resolve("gen.c"), out.toString());
      String flags = "-O1 -DMINI_DATASET -DPOLYJ_DUMP -I" + dir;
      ProcessBuilder pb = new ProcessBuilder("bash", "-c", "cd " + dir + " && gcc " + flags + " -o orig " + k
          + ".c polyj_bench.c -lm && gcc " + flags + " -fopenmp -o gen gen.c polyj_bench.c -lm && ./orig 2> o.txt"
          + " && OMP_NUM_THREADS=4 ./gen 2> g.txt && cmp -s o.txt g.txt && echo same || echo different");
      pb.redirectErrorStream(true);
      Process p = pb.start();
      String res = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor();
      return res.replace('\n', ' ') + " (codegen " + codegenMs + " ms)";
    } finally {
      try (var s = Files.walk(dir)) {
        for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
      }
    }
  }
}
