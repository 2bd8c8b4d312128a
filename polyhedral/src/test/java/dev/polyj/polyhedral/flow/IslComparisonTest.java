package dev.polyj.polyhedral.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * isl itself as the oracle, when its library is installed (libisl-dev; the tests are skipped
 * otherwise): the dataflow problems of the 30 PolyBench kernels analysed by isl's
 * {@code isl_union_access_info_compute_flow} must give the same dependences (also the full ones,
 * with the array elements) and no-source accesses as {@link Dataflow}, and whatever the engine prints (dependences, random relations, their
 * complements, projections and lexicographic optima) must read back in isl as the same set.
 * The small C programs are in {@code bench/isl}.
 */
class IslComparisonTest {
  private static final Path BENCH = Path.of("../bench/isl");
  private static final Path SUITE = Path.of("../polybench/src/main/resources/dev/polyj/polybench/suite");
  private static final List<String> FIELDS = List.of("must_dependence", "may_dependence", "must_no_source", "may_no_source",
      "full_must_dependence", "full_may_dependence");

  @TempDir
  static Path tools;

  private static Path flowTool;
  private static Path roundTripTool;

  @BeforeAll
  static void compileTools() throws IOException, InterruptedException {
    Assumptions.assumeTrue(Files.isRegularFile(BENCH.resolve("flow_ops.c")), "the isl programs");
    flowTool = tools.resolve("flow_ops");
    roundTripTool = tools.resolve("isl_roundtrip");
    boolean ok = run(tools, "gcc", "-O1", "-o", flowTool.toString(), BENCH.resolve("flow_ops.c").toAbsolutePath().toString(), "-lisl") == 0
        && run(tools, "gcc", "-O1", "-o", roundTripTool.toString(), BENCH.resolve("isl_roundtrip.c").toAbsolutePath().toString(), "-lisl") == 0;
    Assumptions.assumeTrue(ok, "gcc and the isl library (libisl-dev)");
  }

  @Test
  void dataflowOfPolybenchEqualsIsl(@TempDir Path dir) throws IOException, InterruptedException {
    List<String> inputs = new ArrayList<>();
    List<FlowResult> ours = new ArrayList<>();
    for (String kernel : kernels()) {
      for (Scop scop : PolybenchFlowTest.extract(kernel)) {
        for (AccessInfo problem : PolybenchFlowTest.problems(scop)) {
          Path in = dir.resolve(kernel + "-" + inputs.size() + ".yaml");
          Files.writeString(in, FlowYaml.write(problem));
          inputs.add(in.toString());
          ours.add(Dataflow.compute(problem));
        }
      }
    }
    List<String> command = new ArrayList<>(List.of(flowTool.toString(), "1"));
    command.addAll(inputs);
    assertEquals(0, run(dir, command.toArray(new String[0])), "isl's dataflow analysis");
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Map<?, ?> isl = new Yaml(new SafeConstructor(new LoaderOptions()))
          .load(Files.readString(Path.of(inputs.get(i).replace(".yaml", ".isl.yaml"))));
      FlowResult r = ours.get(i);
      List<UnionRelation> mine = List.of(r.mustDependence(), r.mayDependence(), r.mustNoSource(), r.mayNoSource(),
          r.fullMustDependence(), r.fullMayDependence());
      for (int f = 0; f < FIELDS.size(); f++) {
        UnionRelation theirs = UnionRelation.parse(String.valueOf(isl.get(FIELDS.get(f))));
        if (!mine.get(f).isEqual(theirs)) differences.add(inputs.get(i) + " " + FIELDS.get(f) + ": " + mine.get(f) + " vs " + theirs);
      }
    }
    assertTrue(inputs.size() >= 100, "problems analysed: " + inputs.size());
    assertTrue(differences.isEmpty(), String.join("\n", differences));
  }

  @Test
  void printedRelationsReadBackInIsl(@TempDir Path dir) throws IOException, InterruptedException {
    List<Relation> objects = new ArrayList<>();
    Space set = Space.set(List.of("N"), 2);
    Space map = Space.map(List.of("N", "M"), 2, 2);
    for (Space s : List.of(set, map)) {
      for (Relation r : sample(PresburgerArbitraries.relations(s, 3, 4, 1, 3), 30)) {
        objects.add(r);
        objects.add(r.coalesce());
        objects.add(r.projectOut(dev.polyj.presburger.set.DimKind.OUT, 0, 1));
      }
    }
    for (Relation r : sample(PresburgerArbitraries.relations(set, 2, 3, 1, 2), 30)) objects.add(r.complement());
    sample(PresburgerArbitraries.relations(map, 3, 4, 1, 2), 30).forEach(r -> {
      try {
        objects.add(Lexopt.lexminRelation(r));
      } catch (RuntimeException e) {
        // unbounded optimum: nothing to print
      }
    });
    List<String> printed = objects.stream().map(Relation::toString).collect(Collectors.toList());
    Path in = dir.resolve("objects.txt");
    Path out = dir.resolve("isl.txt");
    Files.write(in, printed, StandardCharsets.UTF_8);
    ProcessBuilder pb = new ProcessBuilder(roundTripTool.toString()).redirectInput(in.toFile())
        .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "isl round trip");
    List<String> back = Files.readAllLines(out, StandardCharsets.UTF_8);
    assertEquals(printed.size(), back.size());
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < printed.size(); i++) {
      if (back.get(i).equals("ERROR")) {
        problems.add("isl cannot read: " + printed.get(i));
      } else if (!sameSet(objects.get(i), UnionRelation.parse(back.get(i)))) {
        problems.add("isl reads " + printed.get(i) + " as " + back.get(i));
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** n values of the arbitrary from a fixed seed (the same inputs on every run). */
  private static List<Relation> sample(net.jqwik.api.Arbitrary<Relation> arbitrary, int n) {
    net.jqwik.engine.SourceOfRandomness.create("20261122");
    return arbitrary.sampleStream().limit(n).collect(Collectors.toList());
  }

  /** isl prints an empty set without its space, as an empty union. */
  private static boolean sameSet(Relation ours, UnionRelation isl) {
    if (isl.relations().isEmpty()) return ours.isEmpty();
    return isl.relations().size() == 1 && isl.relations().get(0).withSpace(ours.space()).isEqual(ours);
  }

  private static List<String> kernels() throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(SUITE.resolve("suite.txt"))) {
      if (!line.isBlank()) out.add(line.split("\\s+")[0]);
    }
    return out;
  }

  private static int run(Path dir, String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }
}
