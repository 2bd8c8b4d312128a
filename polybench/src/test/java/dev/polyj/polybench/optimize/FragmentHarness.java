package dev.polyj.polybench.optimize;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The oracle of SCoP regions (bare fragments, or a region in a function whose declarations are
 * ignored): from the SCoP extracted from a file with one region, a C program that
 * declares the fragment's parameters (fixed small values), arrays (extents covering the box of
 * accessed elements at those values, negative subscripts offset) and scalars, fills them with
 * pseudo-random values, runs the original region and the optimized one from the same values, and
 * compares every array and scalar bit for bit. The program is compiled with gcc -O1, sequential
 * and with OpenMP (parallel loops forced on, two threads).
 */
final class FragmentHarness {
  private static final Pattern SCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+scop\\b.*$\\R?");
  private static final Pattern ENDSCOP = Pattern.compile("(?m)^[ \\t]*#[ \\t]*pragma[ \\t]+endscop\\b.*$");
  private static final long LIMIT = 1L << 20;

  /** What happened to one fragment. */
  enum Status {
    /** The front end rejected the file or its region. */
    REJECTED,
    /** Accepted, but no harness: several regions, arrays too large, or too long to run at the file's sizes. */
    NO_HARNESS,
    /** The optimizer left the region unchanged or failed. */
    NOT_OPTIMIZED,
    /** The harness did not compile or run. */
    HARNESS_FAILED,
    /** Original and optimized regions differ on some array. */
    MISMATCH,
    /** Identical results for every parameter setting, sequential and parallel. */
    MATCH
  }

  record Outcome(Status status, String detail) {}

  private FragmentHarness() {}

  /** Extracts, optimizes, compiles and compares one fragment file; work files go to {@code work}. */
  /** Whether gcc can be run (the fragment tests are skipped without it). */
  static boolean gccAvailable() {
    try {
      return new ProcessBuilder("gcc", "--version").start().waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  static Outcome check(Path file, Path work, PolyhedralOptimizer.Config config) throws IOException {
    return check(file, work, scop -> PolyhedralOptimizer.regionCode(scop, 1, config));
  }

  /** As {@link #check(Path, Path, PolyhedralOptimizer.Config)} with the region's new code made by {@code optimizer}. */
  static Outcome check(Path file, Path work, java.util.function.Function<Scop, String> optimizer) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<RegionResult> regions;
    try {
      regions = CFrontEnd.extract(file, List.of());
    } catch (RuntimeException e) {
      return new Outcome(Status.REJECTED, firstLine(e.getMessage()));
    }
    if (regions.isEmpty()) return new Outcome(Status.REJECTED, "no candidate region");
    for (RegionResult r : regions) {
      if (!r.accepted()) {
        return new Outcome(Status.REJECTED, r.rejections().get(0).pos() + ": " + r.rejections().get(0).message());
      }
    }
    if (regions.size() != 1) return new Outcome(Status.NO_HARNESS, regions.size() + " regions");
    Scop scop = regions.get(0).scop();
    Matcher start = SCOP.matcher(text);
    Matcher end = ENDSCOP.matcher(text);
    if (!start.find() || !end.find(start.end())) return new Outcome(Status.NO_HARNESS, "no pragmas");
    String prefix = text.substring(0, start.start());
    String original = text.substring(start.end(), end.start());
    String optimized;
    try {
      optimized = optimizer.apply(scop);
    } catch (RuntimeException e) {
      return new Outcome(Status.NOT_OPTIMIZED, firstLine(String.valueOf(e.getMessage())));
    }
    List<Map<String, Long>> settings = settings(scop.params());
    for (int k = 0; k < settings.size(); k++) {
      String program;
      try {
        program = program(scop, prefix, original, optimized, settings.get(k));
      } catch (IllegalStateException e) {
        return new Outcome(Status.NO_HARNESS, e.getMessage());
      }
      Path src = work.resolve("harness" + k + ".c");
      Files.writeString(src, program);
      for (boolean omp : new boolean[] {false, true}) {
        Path exe = work.resolve("harness" + k + (omp ? "-omp" : ""));
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O1", "-w", "-DPOLYJ_PARALLEL_WORK=0", "-DPOLYJ_PARALLEL_FORK_WORK=0"));
        if (omp) cmd.add("-fopenmp");
        cmd.addAll(List.of("-o", exe.toString(), src.toString(), "-lm"));
        String[] r = run(cmd, work);
        if (!r[0].equals("0")) return new Outcome(Status.HARNESS_FAILED, "gcc: " + firstLine(r[2]));
        r = run(List.of(exe.toString()), work);
        if (r[0].equals("timeout")) return new Outcome(Status.NO_HARNESS, "no result after 30 s at the chosen sizes");
        if (!r[0].equals("0")) return new Outcome(Status.HARNESS_FAILED, "run: exit " + r[0] + " " + firstLine(r[2]));
        if (!r[1].trim().equals("same")) {
          return new Outcome(Status.MISMATCH, settings.get(k) + (omp ? " openmp" : "") + ": " + firstLine(r[1]));
        }
      }
    }
    return new Outcome(Status.MATCH, settings.size() + " parameter settings");
  }

  private static String firstLine(String s) {
    if (s == null) return "";
    String t = s.strip();
    int n = t.indexOf('\n');
    return n < 0 ? t : t.substring(0, n);
  }

  /** Two settings of the parameters: distinct small values, and all equal. */
  static List<Map<String, Long>> settings(List<String> params) {
    Map<String, Long> distinct = new LinkedHashMap<>();
    Map<String, Long> equal = new LinkedHashMap<>();
    for (int k = 0; k < params.size(); k++) {
      distinct.put(params.get(k), 7L + 3L * k);
      equal.put(params.get(k), 13L);
    }
    return params.isEmpty() ? List.of(distinct) : List.of(distinct, equal);
  }

  /** The C program comparing the two regions at parameter values {@code values}. */
  static String program(Scop scop, String prefix, String original, String optimized, Map<String, Long> values) {
    StringBuilder sb = new StringBuilder();
    sb.append("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n");
    boolean continued = false;
    for (String line : prefix.split("\\R")) {
      String l = line.strip();
      if (continued || l.startsWith("#define") || l.startsWith("#include <")) {
        sb.append(line).append('\n');
        continued = l.endsWith("\\");
      }
    }
    sb.append("#ifndef min\n#define min(x, y) ((x) < (y) ? (x) : (y))\n#endif\n");
    sb.append("#ifndef max\n#define max(x, y) ((x) > (y) ? (x) : (y))\n#endif\n");
    sb.append("#ifndef floord\n#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))\n#endif\n");
    sb.append("#ifndef ceild\n#define ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))\n#endif\n");
    for (String p : scop.params()) sb.append("static int ").append(p).append(" = ").append(values.get(p)).append(";\n");
    Map<String, long[][]> boxes = boxes(scop, values);
    StringBuilder fill = new StringBuilder();
    StringBuilder save = new StringBuilder();
    StringBuilder compare = new StringBuilder();
    for (ArrayInfo a : scop.arrays()) {
      // a parameter read as a value (passed to a call) is also listed as a scalar: it keeps its value
      if (a.rank() == 0 && scop.params().contains(a.name())) continue;
      String t = a.elementType();
      boolean integer = !(t.equals("double") || t.equals("float") || t.equals("long double"));
      String name = a.name();
      if (a.rank() == 0) {
        sb.append("static ").append(t).append(' ').append(name).append(";\n");
        fill.append("  ").append(name).append(" = (").append(t).append(")").append(integer ? "rndi()" : "rnd()")
            .append(";\n");
        save.append("  memcpy(&polyj_save_").append(name).append(", &").append(name).append(", sizeof ").append(name)
            .append(");\n");
        sb.append("static ").append(t).append(" polyj_save_").append(name).append(";\n");
        compare.append("  if (memcmp(&polyj_save_").append(name).append(", &").append(name).append(", sizeof ")
            .append(name).append(")) { printf(\"differs: ").append(name).append("\\n\"); return 0; }\n");
        continue;
      }
      long[][] box = boxes.get(name);
      if (box == null) box = new long[a.rank()][];
      for (int d = 0; d < a.rank(); d++) if (box[d] == null) box[d] = new long[] {0, 0};
      long total = 1;
      long offset = 0;
      StringBuilder inner = new StringBuilder();
      for (int d = 0; d < a.rank(); d++) {
        long extent = box[d][1] - box[d][0] + 1;
        if (d > 0) inner.append('[').append(extent).append(']');
        offset = offset * extent + box[d][0];
        total *= extent;
        if (total > 50_000_000L) throw new IllegalStateException("array '" + name + "' too large");
      }
      sb.append("static ").append(t).append(" *polyj_mem_").append(name).append(", *polyj_save_").append(name)
          .append(";\n");
      if (a.rank() == 1) sb.append("static ").append(t).append(" *").append(name).append(";\n");
      else sb.append("static ").append(t).append(" (*").append(name).append(')').append(inner).append(";\n");
      String decl = a.rank() == 1 ? "(" + t + " *)" : "(" + t + " (*)" + inner + ")";
      fill.append("  if (!polyj_mem_").append(name).append(") { polyj_mem_").append(name).append(" = malloc(")
          .append(total).append(" * sizeof(").append(t).append(")); polyj_save_").append(name).append(" = malloc(")
          .append(total).append(" * sizeof(").append(t).append(")); ").append(name).append(" = ").append(decl)
          .append("(polyj_mem_").append(name).append(" - (").append(offset).append(")); }\n");
      fill.append("  for (long k = 0; k < ").append(total).append("; k++) polyj_mem_").append(name).append("[k] = (")
          .append(t).append(")").append(integer ? "rndi()" : "rnd()").append(";\n");
      save.append("  memcpy(polyj_save_").append(name).append(", polyj_mem_").append(name).append(", ").append(total)
          .append(" * sizeof(").append(t).append("));\n");
      compare.append("  if (memcmp(polyj_save_").append(name).append(", polyj_mem_").append(name).append(", ")
          .append(total).append(" * sizeof(").append(t).append("))) { printf(\"differs: ").append(name)
          .append("\\n\"); return 0; }\n");
    }
    Set<String> iterators = new LinkedHashSet<>();
    for (Statement s : scop.statements()) iterators.addAll(s.iterators());
    String its = iterators.isEmpty() ? "" : "  int " + String.join(", ", iterators) + ";\n";
    sb.append("static unsigned long long polyj_seed;\n");
    sb.append("static double rnd(void) { polyj_seed = polyj_seed * 6364136223846793005ULL + 1442695040888963407ULL;"
        + " return (double)((polyj_seed >> 33) % 2048) / 64.0 - 8.0; }\n");
    sb.append("static long rndi(void) { polyj_seed = polyj_seed * 6364136223846793005ULL + 1442695040888963407ULL;"
        + " return (long)((polyj_seed >> 33) % 17) - 8; }\n");
    sb.append("static void polyj_fill(void) {\n  polyj_seed = 12345;\n").append(fill).append("}\n");
    sb.append("static void polyj_original(void) {\n").append(its).append(original).append("\n}\n");
    sb.append("static void polyj_optimized(void) {\n").append(its).append(optimized).append("\n}\n");
    sb.append("int main(void) {\n  polyj_fill();\n  polyj_original();\n").append(save)
        .append("  polyj_fill();\n  polyj_optimized();\n").append(compare).append("  printf(\"same\\n\");\n  return 0;\n}\n");
    return sb.toString();
  }

  /** Per accessed array, the smallest and largest subscript of each dimension at {@code values}. */
  static Map<String, long[][]> boxes(Scop scop, Map<String, Long> values) {
    Map<String, long[][]> out = new LinkedHashMap<>();
    for (Statement s : scop.statements()) {
      for (Access a : s.accesses()) {
        Relation r = a.relation();
        for (int k = 0; k < r.space().nParam(); k++) {
          r = r.fix(DimKind.PARAM, k, values.get(r.space().params().get(k)));
        }
        Relation range = r.range();
        int rank = range.space().nOut();
        if (rank == 0 || range.isEmpty()) continue;
        long[][] box = out.computeIfAbsent(a.array(), x -> {
          long[][] b = new long[rank][];
          return b;
        });
        for (int d = 0; d < rank; d++) {
          Relation one = range.projectOut(DimKind.OUT, d + 1, rank - d - 1).projectOut(DimKind.OUT, 0, d);
          long lo = bound(one, true);
          long hi = bound(one, false);
          if (box[d] == null) box[d] = new long[] {lo, hi};
          else box[d] = new long[] {Math.min(lo, box[d][0]), Math.max(hi, box[d][1])};
        }
      }
    }
    return out;
  }

  /** The least (or greatest) value of a non-empty one-dimensional set, by bisection. */
  private static long bound(Relation one, boolean least) {
    long lo = -LIMIT;
    long hi = LIMIT;
    if (!cut(one, least ? lo - 1 : hi + 1, least).isEmpty()) {
      throw new IllegalStateException("subscripts beyond 2^20 in absolute value at the chosen sizes");
    }
    // least: the smallest c with {x <= c} non-empty; greatest: the largest c with {x >= c} non-empty
    while (lo < hi) {
      long mid = Math.floorDiv(lo + hi + (least ? 0 : 1), 2);
      boolean nonEmpty = !cut(one, mid, least).isEmpty();
      if (least) {
        if (nonEmpty) hi = mid;
        else lo = mid + 1;
      } else {
        if (nonEmpty) lo = mid;
        else hi = mid - 1;
      }
    }
    return lo;
  }

  /** {@code one} intersected with x <= c (least) or x >= c. */
  private static Relation cut(Relation one, long c, boolean least) {
    long[] row = new long[1 + one.space().nVar()];
    int col = 1 + one.space().nParam();
    row[0] = least ? c : -c;
    row[col] = least ? -1 : 1;
    return one.intersect(Relation.of(BasicRelation.builder(one.space()).addIneq(row).build()));
  }

  /** Runs a command: exit code, standard output, standard error. */
  private static String[] run(List<String> cmd, Path dir) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().put("OMP_NUM_THREADS", "2");
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new String[] {"timeout", "", "no result after 30 s"};
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted", e);
    }
    String[] r = {String.valueOf(p.exitValue()), Files.readString(out), Files.readString(err)};
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    return r;
  }
}
