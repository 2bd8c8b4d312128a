package dev.polyj.polybench.fuzz;

import dev.polyj.polybench.fuzz.Differential.Failure;
import dev.polyj.polybench.fuzz.Differential.Variant;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Runs a batch of random programs ({@link ProgramGenerator}) through {@link Differential}: program
 * {@code k} of a batch comes from seed {@code seed + k}, so any program is reproduced by its seed.
 * A failing program is reduced ({@link Shrinker}) against the variant that failed and written to
 * {@code work/reduced/} with a comment saying how it fails; the report counts programs, checks
 * and failures by kind.
 */
public final class FuzzRunner {
  /** What a batch found. */
  public record Report(int programs, int checks, int unusable, int leftUnchanged, int specialized,
      int vectorizerDisagreements, Map<Failure.Kind, Integer> failures, List<String> reproducers, long millis) {
    public boolean clean() {
      return failures.isEmpty();
    }

    @Override
    public String toString() {
      return programs + " programs, " + checks + " optimize+compile+run checks, " + failures + " failures, "
          + unusable + " programs unusable, " + leftUnchanged + " regions left unchanged, " + specialized
          + " specialized regions refused other sizes, " + vectorizerDisagreements
          + " outputs differing only under gcc's SLP vectorizer, " + (millis / 1000) + " s";
    }
  }

  private FuzzRunner() {}

  /**
   * Checks programs {@code seed .. seed + count - 1} under {@code variants.apply(k)}, each built as
   * {@code builds} says (see {@link Differential#Differential(Path, boolean[])}); failing programs
   * are reduced with at most {@code shrinkBudget} checks each (0: not reduced).
   */
  public static Report run(long seed, int count, IntFunction<List<Variant>> variants, Path work, boolean[] builds,
      int shrinkBudget, PrintStream log) throws IOException {
    return run(seed, count, ProgramGenerator.MAX_STATEMENTS, variants, work, builds, shrinkBudget, log);
  }

  /** {@link #run(long, int, IntFunction, Path, boolean[], int, PrintStream)} with programs of at most {@code maxStatements}. */
  public static Report run(long seed, int count, int maxStatements, IntFunction<List<Variant>> variants, Path work,
      boolean[] builds, int shrinkBudget, PrintStream log) throws IOException {
    long start = System.currentTimeMillis();
    Differential d = new Differential(work.resolve("run"), builds);
    Map<Failure.Kind, Integer> failures = new EnumMap<>(Failure.Kind.class);
    List<String> reproducers = new ArrayList<>();
    int checks = 0;
    int unusable = 0;
    int unchanged = 0;
    int specialized = 0;
    int vectorizer = 0;
    for (int k = 0; k < count; k++) {
      long s = seed + k;
      Program p = ProgramGenerator.generate(s, maxStatements);
      List<Variant> vs = variants.apply(k);
      Differential.Outcome o = d.check(p.c(), "fuzz.c", vs);
      checks += vs.size();
      if (!o.originalUsable()) {
        unusable++;
        log.println("seed " + s + ": original unusable: " + o.note());
        continue;
      }
      unchanged += o.regionsLeftUnchanged();
      if (o.regionsLeftUnchanged() > 0) {
        log.println("seed " + s + ": " + o.regionsLeftUnchanged() + " region(s) left unchanged under "
            + vs.stream().map(Variant::name).toList());
      }
      specialized += o.specializedRefusals();
      vectorizer += o.vectorizerDisagreements();
      for (String note : d.vectorizerNotes.subList(d.vectorizerNotes.size() - o.vectorizerDisagreements(),
          d.vectorizerNotes.size())) {
        log.println("seed " + s + ": output differs only under gcc's SLP vectorizer (both agree with "
            + Differential.NO_SLP + "): " + note);
      }
      if ((k + 1) % 10 == 0) {
        log.println((k + 1) + " programs, " + (System.currentTimeMillis() - start) / 1000 + " s, failures " + failures);
        log.flush();
      }
      if (o.passed()) continue;
      Failure f = o.failures().get(0);
      for (Failure x : o.failures()) failures.merge(x.kind(), 1, Integer::sum);
      log.println("seed " + s + ": " + o.failures());
      Program reduced = p;
      // a timeout costs a minute per check: such programs are kept as they are
      if (shrinkBudget > 0 && f.kind() != Failure.Kind.OPTIMIZE_TIMEOUT && f.kind() != Failure.Kind.RUN_TIMEOUT) {
        reduced = Shrinker.shrink(p, q -> {
          try {
            Differential.Outcome r = d.check(q.c(), "shrink.c", List.of(f.variant()));
            return r.originalUsable() && r.failures().stream().anyMatch(x -> x.kind() == f.kind());
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }, shrinkBudget);
      }
      Path dir = work.resolve("reduced");
      Files.createDirectories(dir);
      Path file = dir.resolve("fuzz-" + s + ".c");
      String header = "/* Random program of seed " + s + " (reduced from " + p.size() + " to " + reduced.size()
          + " statements): " + f.kind() + " under `polyj optimize " + String.join(" ", f.variant().optimizeArgs())
          + "`" + (f.variant().compileDefines().isEmpty() ? "" : " compiled with " + String.join(" ",
              f.variant().compileDefines())) + ": " + f.detail().replace("*/", "* /") + " */\n";
      Files.writeString(file, header + reduced.c());
      reproducers.add(file.toString());
      log.println("  reduced to " + reduced.size() + " statements: " + file);
      log.flush();
    }
    java.util.Map<String, Integer> reasons = new java.util.TreeMap<>();
    for (String n : d.unchangedNotes) reasons.merge(n.replaceAll("region \\d+ \\([^)]*\\): ", ""), 1, Integer::sum);
    for (var e : reasons.entrySet()) log.println("left unchanged " + e.getValue() + "x: " + e.getKey());
    return new Report(count, checks, unusable, unchanged, specialized, vectorizer, failures, reproducers,
        System.currentTimeMillis() - start);
  }
}
