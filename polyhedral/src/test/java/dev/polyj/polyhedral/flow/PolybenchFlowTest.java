package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.set.UnionRelation;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Dataflow analysis of the PolyBench kernels of the polybench module's suite: every kernel is
 * extracted with the C front end (MINI dataset) and analysed with {@link Dataflow} the way the
 * optimizer does (flow, anti and output dependences of {@link Dependences}) and the way isl's flow
 * tool does (reads as sinks, must and may writes as sources).
 *
 * <p>By default a few kernels are analysed with both {@link Dataflow} and the reference
 * {@link SubtractionDataflow} and the results compared. With {@code -Dpolyj.flowbench=new} (or
 * {@code old}, or {@code both}) all 30 kernels are analysed with that implementation and the CPU time
 * of this thread for extraction (without the preprocessor) and analysis is printed per kernel and in
 * total; {@code both} also compares.
 * {@code -Dpolyj.flowbench.kernel=NAME} restricts the run to one kernel, {@code
 * -Dpolyj.flowbench.passes=N} repeats it (the per-kernel lines are those of the last pass).
 * {@code -Dpolyj.flowbench.dump=DIR} writes each problem's input ({@code K-P.yaml}, P = 0..3) and
 * the new implementation's result ({@code K-P.out.yaml}) in the flow command's YAML, so that another
 * implementation can be run on the same inputs and its results compared.
 */
class PolybenchFlowTest {
  static final Path SUITE = Path.of("../polybench/src/main/resources/dev/polyj/polybench/suite");
  private static final List<String> DEFAULT_KERNELS = List.of("jacobi-1d", "trisolv", "lu", "durbin");

  @Test
  void analysesAgreeWithTheReference() throws IOException {
    String mode = System.getProperty("polyj.flowbench", "");
    Assumptions.assumeTrue(Files.isDirectory(SUITE), "the suite sources");
    Assumptions.assumeTrue(gccAvailable(), "gcc for preprocessing");
    String only = System.getProperty("polyj.flowbench.kernel", "");
    boolean bench = !mode.isEmpty();
    boolean runNew = !bench || mode.equals("new") || mode.equals("both");
    boolean runOld = !bench || mode.equals("old") || mode.equals("both");
    List<String> kernels = new ArrayList<>();
    for (String line : Files.readAllLines(SUITE.resolve("suite.txt"))) {
      if (line.isBlank()) continue;
      String k = line.split("\\s+")[0];
      if (!only.isEmpty() ? only.equals(k) : bench || DEFAULT_KERNELS.contains(k)) kernels.add(k);
    }
    int passes = Integer.getInteger("polyj.flowbench.passes", 1);
    String dump = System.getProperty("polyj.flowbench.dump", "");
    List<String> failures = new ArrayList<>();
    for (int pass = 1; pass <= passes; pass++) {
      long extractNs = 0;
      long newNs = 0;
      long oldNs = 0;
      long wall = System.nanoTime();
      for (String k : kernels) {
        long t0 = cpu();
        List<Scop> scops = extract(k);
        long t1 = cpu();
        extractNs += t1 - t0;
        List<FlowResult> fresh = new ArrayList<>();
        List<FlowResult> reference = new ArrayList<>();
        long tn = 0;
        long to = 0;
        for (Scop scop : scops) {
          if (runNew) {
            long a = cpu();
            fresh.addAll(analyse(scop, Dataflow::compute));
            tn += cpu() - a;
            if (!dump.isEmpty() && pass == 1) dump(Path.of(dump), k, problems(scop), fresh);
          }
          if (runOld) {
            long a = cpu();
            reference.addAll(analyse(scop, SubtractionDataflow::compute));
            to += cpu() - a;
          }
        }
        newNs += tn;
        oldNs += to;
        if (runNew && runOld && pass == 1) {
          for (int i = 0; i < fresh.size(); i++) {
            String diff = difference(fresh.get(i), reference.get(i));
            if (diff != null) failures.add(k + " problem " + i + ": " + diff);
          }
        }
        if (bench && pass == passes) {
          System.out.printf(Locale.ROOT, "%-16s extract %8.1f ms  new %9.1f ms  old %9.1f ms%n", k, (t1 - t0) / 1e6,
              tn / 1e6, to / 1e6);
        }
      }
      if (bench) {
        System.out.printf(Locale.ROOT, "pass %d TOTAL     extract %8.1f ms  new %9.1f ms  old %9.1f ms  (wall %.1f ms)%n",
            pass, extractNs / 1e6, newNs / 1e6, oldNs / 1e6, (System.nanoTime() - wall) / 1e6);
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /** The four dataflow problems of a SCoP: flow, output and anti dependences, and isl's flow input. */
  static List<AccessInfo> problems(Scop scop) {
    UnionRelation reads = scop.reads();
    UnionRelation writes = scop.mustWrites();
    UnionRelation schedule = scop.scheduleMap();
    return List.of(new AccessInfo(reads, writes, null, null, schedule),
        new AccessInfo(writes, writes, null, null, schedule),
        new AccessInfo(writes, null, reads, writes, schedule),
        new AccessInfo(reads, writes, scop.mayWrites(), null, schedule));
  }

  static List<FlowResult> analyse(Scop scop, Function<AccessInfo, FlowResult> flow) {
    List<FlowResult> out = new ArrayList<>();
    for (AccessInfo p : problems(scop)) out.add(flow.apply(p));
    return out;
  }

  /** Writes the last {@code problems.size()} results with their inputs as K-P.yaml / K-P.out.yaml. */
  private static void dump(Path dir, String kernel, List<AccessInfo> problems, List<FlowResult> results)
      throws IOException {
    Files.createDirectories(dir);
    int first = results.size() - problems.size();
    for (int p = 0; p < problems.size(); p++) {
      String name = kernel + "-" + (first + p);
      Files.writeString(dir.resolve(name + ".yaml"), FlowYaml.write(problems.get(p)));
      Files.writeString(dir.resolve(name + ".out.yaml"), FlowYaml.write(results.get(first + p)));
    }
  }

  /** Null when both results are equal, else the first field that differs. */
  static String difference(FlowResult a, FlowResult b) {
    if (!a.mustDependence().isEqual(b.mustDependence())) {
      return "must_dependence " + a.mustDependence() + " vs " + b.mustDependence();
    }
    if (!a.mayDependence().isEqual(b.mayDependence())) {
      return "may_dependence " + a.mayDependence() + " vs " + b.mayDependence();
    }
    if (!a.mustNoSource().isEqual(b.mustNoSource())) {
      return "must_no_source " + a.mustNoSource() + " vs " + b.mustNoSource();
    }
    if (!a.mayNoSource().isEqual(b.mayNoSource())) {
      return "may_no_source " + a.mayNoSource() + " vs " + b.mayNoSource();
    }
    return null;
  }

  static List<Scop> extract(String k) throws IOException {
    Path src = SUITE.resolve(k).resolve(k + ".c");
    List<Scop> scops = new ArrayList<>();
    for (RegionResult r : CFrontEnd.extract(src, List.of("-DMINI_DATASET", "-I" + SUITE, "-I" + SUITE.resolve(k)))) {
      if (r.accepted()) scops.add(r.scop());
    }
    return scops;
  }

  /** CPU time of this thread (the preprocessor's own time is not counted), in nanoseconds. */
  private static long cpu() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  private static boolean gccAvailable() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
