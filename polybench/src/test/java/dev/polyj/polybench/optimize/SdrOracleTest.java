package dev.polyj.polybench.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.reductions.sdr.Sdr;
import dev.polyj.reductions.sdr.SdrResult;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The oracle of SDR: each program (the paper's examples in src/test/resources/sdr, its benchmark
 * programs as the kernels of the suite bench/sdr) runs as written and as simplified
 * (the C {@link SdrRegion} prints, in the order SDR derived, and for two programs after Pluto
 * rescheduled it) from the same pseudo-random inputs, at two parameter settings,
 * and every array must end bit for bit equal (the programs compute on integers, so reassociating
 * the sums changes nothing). The user functions the programs declare pure get fixed definitions.
 */
class SdrOracleTest {
  private static final Pattern SCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+scop\\b.*$\\R?");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$");

  /** Definitions of the pure functions the programs call: arbitrary, deterministic. */
  static final String PURE_FUNCTIONS = """
      static long g(long x) { return (x * 7 + 3) % 1001 - 500; }
      static double h(double x) { return x * 0.5 - 1.25; }
      static unsigned long u(unsigned long x) { return x * 2654435761UL + 7; }
      static long score(long count, long sum, long x) { return (count * 13 + sum * 5 - x * count) % 997; }
      static long choose(long total) { return (long) (((unsigned long) total * 2654435761UL >> 7) % 5); }
      static long weight(long eta) { return (eta % 11 + 11) % 11 + 1; }
      static long step(long beta, long g, long h) { return (beta + g - h) % 7; }
      static long update(long incoming, long cost) { return (incoming * 3 + cost) % 101; }
      static long lik(long x, long z) { return (x * 5 + z * 3) % 17; }
      static long accept(long rest, long norm, long old, long proposal, long x) {
        return ((unsigned long) (rest * 7 + norm + x) * 2654435761UL >> 9) % 2 ? proposal : old;
      }
      static long draw(long evidence, long norm, long x) { return (long) (((unsigned long) (evidence + norm * x)) % 5); }
      static long lda_score(long ndk, long nwk, long nk) { return ((ndk + 1) * (nwk + 2) * 7 + nk * 3) % 1009; }
      static long lda_choose(long total, long nk) { return (long) (((unsigned long) total * 2654435761UL >> 7) % nk); }
      static long lda_accept(long cur, long next, long old, long proposal) { return next * 3 >= cur * 2 ? proposal : old; }
      static long lda_prior(long ndk) { return ndk * 2 + 1; }
      static long lda_lik(long nwk, long nk) { return ((nwk + 1) * 1000) / (nk + 8); }
      static long lda_draw(long mass, long nk) { return (long) (((unsigned long) mass * 2654435761UL >> 7) % nk); }
      static long dmm_fit(long own, long rest) { return (own * (rest + 1) * 5) % 211; }
      static long dmm_score(long docs, long fitness, long size) { return ((docs + 1) * 13 + fitness * 7 + size) % 1009; }
      static long dmm_choose(long total, long nk) { return (long) (((unsigned long) total * 2654435761UL >> 7) % nk); }
      static long dmm_lphi(long k, long a) { return (k * 7 + a * 3) % 11 + 1; }
      static long dmm_prior(long docs, long all) { return ((docs + 1) * 1000) / (all + 4); }
      static long dmm_accept(long cur, long next, long old, long proposal) { return next * 3 >= cur * 2 ? proposal : old; }
      static long dmm_crp(long docs) { return docs * 2 + 1; }
      static long dmm_draw(long mass, long nk) { return (long) (((unsigned long) mass * 2654435761UL >> 7) % nk); }
      """;

  @TempDir Path work;

  @ParameterizedTest
  @ValueSource(strings = {"prefix_sum.c", "prefix_sum_dependent.c", "suffix_sum_dependent.c", "gmm_gibbs.c",
      "gibbs_one_array.c", "gmm_mh.c", "gmm_lw.c", "coxph_newton.c", "lbp_stereo.c", "prefix_max.c",
      "running_min_dependent.c", "prefix_product.c", "lda_gibbs.c", "lda_mh.c", "lda_lw.c", "dmm_gibbs.c",
      "dmm_mh.c", "dmm_lw.c"})
  void simplifiedProgramComputesTheSame(String name) throws Exception {
    assumeTrue(FragmentHarness.gccAvailable(), "gcc is not available");
    Path file = resource(name);
    SdrResult r = simplify(file);
    assertTrue(r.changed(), name + " not simplified:\n" + r.report());
    assertTrue(r.after().lowerThan(r.before()), r.report());
    assertEquals("same", run(file, r, false), name);
  }

  /**
   * The programs simplified by the exact search of Section 5.3 compute the same; for suffix_max.c
   * only the search simplifies (the heuristic's schedule goes against the one valid direction).
   */
  @ParameterizedTest
  @ValueSource(strings = {"suffix_max.c", "prefix_sum_dependent.c", "suffix_sum_dependent.c", "prefix_max.c"})
  void optimalProgramComputesTheSame(String name) throws Exception {
    assumeTrue(FragmentHarness.gccAvailable(), "gcc is not available");
    Path file = resource(name);
    SdrResult r = simplifyOptimal(file);
    assertTrue(r.changed(), name + " not simplified:\n" + r.report());
    assertTrue(r.after().lowerThan(r.before()), r.report());
    assertEquals("same", run(file, r, false), name);
  }

  /** The C printed after Pluto rescheduled the simplified program computes the same too. */
  @ParameterizedTest
  @ValueSource(strings = {"prefix_sum_dependent.c", "gmm_gibbs.c"})
  void rescheduledProgramComputesTheSame(String name) throws Exception {
    assumeTrue(FragmentHarness.gccAvailable(), "gcc is not available");
    Path file = resource(name);
    assertEquals("same", run(file, simplify(file), true), name);
  }

  /** The benchmark suite whose kernels are the paper's benchmark programs. */
  static final Path BENCH = Path.of("..", "bench", "sdr").toAbsolutePath().normalize();

  /**
   * The program {@code name}: a kernel of the benchmark suite ({@code bench/sdr/<name>/<name>.c},
   * the paper's benchmark programs, kept in one copy there) or else a program of
   * src/test/resources/sdr (the paper's examples).
   */
  static Path resource(String name) throws URISyntaxException {
    String stem = name.endsWith(".c") ? name.substring(0, name.length() - 2) : name;
    Path kernel = BENCH.resolve(stem).resolve(stem + ".c");
    if (Files.isRegularFile(kernel) && !stem.equals("prefix_sum_dependent")) return kernel;
    return Path.of(SdrOracleTest.class.getResource("/sdr/" + name).toURI());
  }

  private static Path harness;

  /** The preprocessor options of {@code file}: a suite kernel includes its header and the harness's. */
  static synchronized List<String> includes(Path file) throws IOException {
    if (!file.startsWith(BENCH)) return List.of();
    if (harness == null) {
      Path dir = Files.createTempDirectory("polyj-sdr-harness");
      dir.toFile().deleteOnExit();
      harness = dev.polyj.polybench.suite.EmbeddedSuite.extractHarnessTo(dir);
    }
    return List.of("-I" + harness, "-I" + file.getParent());
  }

  private static final Map<Path, SdrResult> RESULTS = new java.util.concurrent.ConcurrentHashMap<>();

  /** SDR on the single region of {@code file} (computed once for the tests of this package). */
  static SdrResult simplify(Path file) throws IOException {
    SdrResult known = RESULTS.get(file);
    if (known != null) return known;
    List<RegionResult> regions = CFrontEnd.extract(file, includes(file));
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    SdrResult r = Sdr.simplify(regions.get(0).scop());
    RESULTS.put(file, r);
    return r;
  }

  private static final Map<Path, SdrResult> OPTIMAL = new java.util.concurrent.ConcurrentHashMap<>();

  /** The exact search of SDR on the single region of {@code file} (computed once). */
  static SdrResult simplifyOptimal(Path file) throws IOException {
    SdrResult known = OPTIMAL.get(file);
    if (known != null) return known;
    List<RegionResult> regions = CFrontEnd.extract(file, includes(file));
    assertEquals(1, regions.size());
    assertTrue(regions.get(0).accepted(), () -> regions.get(0).rejections().toString());
    SdrResult r = Sdr.simplifyOptimal(regions.get(0).scop());
    OPTIMAL.put(file, r);
    return r;
  }

  /**
   * Two settings of a suite kernel's sizes within the extents of its arrays (the header's default
   * dataset: K = 4 clusters for CoxPH, T = 3 iterations), which the temporaries take as theirs.
   */
  private static List<Map<String, Long>> kernelSettings(List<String> params) {
    Map<String, Long> first = new java.util.LinkedHashMap<>();
    Map<String, Long> second = new java.util.LinkedHashMap<>();
    for (String p : params) {
      first.put(p, switch (p) { case "n" -> 17L; case "nk" -> 3L; case "nt" -> 2L; default -> 5L; });
      second.put(p, switch (p) { case "n" -> 9L; case "nk" -> 2L; case "nt" -> 3L; default -> 3L; });
    }
    return List.of(first, second);
  }

  /** "same" when original and simplified regions agree on every setting, else what differs. */
  String run(Path file, SdrResult r, boolean reschedule) throws IOException, InterruptedException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    assertTrue(start.find() && end.find(start.end()));
    String original = text.substring(start.end(), end.start());
    String simplified = SdrRegion.code(r, 1, reschedule);
    Scop scop = r.original();
    List<Map<String, Long>> settings =
        file.startsWith(BENCH) ? kernelSettings(scop.params()) : FragmentHarness.settings(scop.params());
    for (int k = 0; k < settings.size(); k++) {
      String program = FragmentHarness.program(scop, "", original, simplified, settings.get(k))
          .replace("#include <math.h>\n", "#include <math.h>\n" + PURE_FUNCTIONS);
      Path src = work.resolve("sdr" + k + ".c");
      Files.writeString(src, program);
      Path exe = work.resolve("sdr" + k);
      String[] c = exec(List.of("gcc", "-O1", "-w", "-o", exe.toString(), src.toString(), "-lm"));
      if (!c[0].equals("0")) return "gcc: " + c[2] + "\n" + program;
      String[] x = exec(List.of(exe.toString()));
      if (!x[0].equals("0") || !x[1].strip().equals("same")) return settings.get(k) + ": " + x[1] + x[2] + "\n" + simplified;
    }
    return "same";
  }

  private String[] exec(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(new ArrayList<>(cmd)).directory(work.toFile()).start();
    byte[] out = p.getInputStream().readAllBytes();
    byte[] err = p.getErrorStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new String[] {"timeout", "", ""};
    }
    return new String[] {String.valueOf(p.exitValue()), new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8)};
  }
}
