package dev.polyj.polybench.optimize;

import dev.polyj.codegen.ast.AstInterpreter;
import dev.polyj.codegen.ast.CollapsedNest;
import dev.polyj.codegen.ast.Node;
import dev.polyj.codegen.transform.CyclicSchedulePass;
import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polybench.suite.EmbeddedSuite;
import dev.polyj.polybench.suite.Kernel;
import dev.polyj.polyhedral.pass.PassManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load balance of the parallel loops of an optimized kernel, by counting: for each start of a
 * parallel loop, the statement instances each thread runs, with OpenMP's static schedule of the
 * loop's iterations (contiguous blocks whose sizes differ by at most one, the first threads taking
 * the larger ones, as libgomp does; one iteration at a time round-robin under {@code schedule(static, 1)};
 * under {@code schedule(dynamic, 1)} each iteration in turn to the thread that is free first)
 * or, for a collapsed nest, with its balanced chunks of ranks
 * (or of whole outer iterations cut at those ranks);
 * the figure is the sum over the starts of the busiest thread's instances divided by the sum of
 * the average (1.00 is perfect balance; the time of a parallel loop is its busiest thread's).
 * Statement instances are counted by running the region's final loop AST on the dataset's sizes
 * (loops whose body is a sequence of statements counted by their trip counts).
 *
 * <p>The same counts give the region's scaling curve on a machine with any number of cores: with
 * every instance taking the same time and threads costing nothing to start, {@code P} threads run
 * the region in the instances outside parallel loops plus, per start, the busiest thread's
 * instances; the simulated speedup is all instances over that. It bounds what the parallel loops
 * can give (memory bandwidth and the starts' cost only lower it), and the starts and their trip
 * counts (the wavefronts' widths) say why a curve flattens.
 *
 * <pre>java -cp polybench/target/polyj.jar dev.polyj.polybench.optimize.ParallelBalance LARGE syrk syr2k ...
 * java -cp polybench/target/polyj.jar dev.polyj.polybench.optimize.ParallelBalance --scaling [--without PASS] LARGE all</pre>
 */
public final class ParallelBalance {
  /** Thread counts of the table. */
  static final int[] THREADS = {2, 4, 8, 16};

  private final int[] threads;
  private final double[] busiest;
  private long sequential;
  private long starts;
  private long instances;
  private long iterations;
  private long minTrip = Long.MAX_VALUE;

  /**
   * The parallel loops of a region and its simulated scaling: {@code total} statement instances,
   * {@code parallel} of them in parallel loops started {@code starts} times with {@code iterations}
   * iterations in all (at least {@code minTrip} per start), and per thread count the busiest
   * thread's instances summed over the starts.
   */
  public record Scaling(long total, long parallel, long starts, long iterations, long minTrip,
      double[] busiest) {
    /** All instances over the instances outside parallel loops plus the busiest threads' (1 without parallel loops). */
    public double speedup(int k) {
      return total == 0 ? 1 : total / (total - parallel + busiest[k]);
    }

    /** The mean trip count of a start of a parallel loop (0 without parallel loops). */
    public double meanTrip() {
      return starts == 0 ? 0 : (double) iterations / starts;
    }
  }

  private ParallelBalance(int[] threads) {
    this.threads = threads;
    this.busiest = new double[threads.length];
  }

  /** The parallel loops of {@code ast} and its simulated speedup on each of {@code threads}. */
  static Scaling scaling(Node ast, Map<String, Long> params, int[] threads) {
    ParallelBalance b = new ParallelBalance(threads);
    b.walk(ast, new HashMap<>(params));
    return new Scaling(b.sequential + b.instances, b.instances, b.starts, b.iterations, b.starts == 0 ? 0 : b.minTrip,
        b.busiest.clone());
  }

  /** Busiest thread's instances over the average, per thread count, of the parallel loops of {@code ast}. */
  static double[] of(Node ast, Map<String, Long> params, int[] threads) {
    Scaling c = scaling(ast, params, threads);
    double[] out = new double[threads.length];
    for (int i = 0; i < threads.length; i++) {
      out[i] = c.parallel() == 0 ? Double.NaN : c.busiest()[i] * threads[i] / c.parallel();
    }
    return out;
  }

  /** Counts the instances of {@code n}: those of parallel loops per start and thread, the others as sequential. */
  private void walk(Node n, Map<String, Long> env) {
    if (!Node.anyMatch(n, ParallelBalance::parallel)) {
      sequential += count(n, env);
      return;
    }
    if (n instanceof Node.Block b) {
      for (Node c : b.children()) walk(c, env);
    } else if (n instanceof Node.If i) {
      if (AstInterpreter.eval(i.cond(), env) != 0) walk(i.then(), env);
      else if (i.otherwise() != null) walk(i.otherwise(), env);
    } else if (n instanceof Node.Mark m) {
      int depth = CollapsedNest.depthOf(m.name());
      CollapsedNest nest = depth > 0 && m.body() instanceof Node.For f && parallel(f) ? CollapsedNest.of(f, depth) : null;
      if (nest != null) split(nest.loops(), env, nest.outerOnly() ? Split.WEIGHTED : Split.RANKS);
      else walk(m.body(), env);
    } else if (n instanceof Node.For f) {
      if (parallel(f)) {
        boolean cyclic = f.pragmas().stream().anyMatch(p -> p.contains(CyclicSchedulePass.CLAUSE));
        boolean dynamic = f.pragmas().stream().anyMatch(p -> p.contains("schedule(dynamic"));
        split(List.of(f), env, cyclic ? Split.CYCLIC : dynamic ? Split.DYNAMIC : Split.STATIC);
        return;
      }
      long lo = AstInterpreter.eval(f.init(), env);
      long hi = AstInterpreter.eval(f.upper(), env);
      for (long v = lo; v <= hi; v += f.step()) {
        env.put(f.iterator(), v);
        walk(f.body(), env);
      }
      env.remove(f.iterator());
    }
  }

  private static boolean parallel(Node n) {
    return n instanceof Node.For f && f.pragmas().stream().anyMatch(p -> p.startsWith("omp parallel for"));
  }

  /** How the iterations of a parallel loop are cut among the threads. */
  enum Split {
    /** OpenMP's static schedule of the loop's iterations. */
    STATIC,
    /** OpenMP's static schedule with chunks of one iteration: iteration {@code i} to thread {@code i mod t}. */
    CYCLIC,
    /** One iteration at a time, in order, to the thread that is free first (the lowest-numbered of those). */
    DYNAMIC,
    /** Balanced chunks of the ranks of the collapsed chain. */
    RANKS,
    /** Chunks of whole iterations of the outer loop, cut after the iterations holding the ranks {@code n k / c - 1}. */
    WEIGHTED
  }

  /** One start of a parallel loop (cut as {@code split} says over {@code chain}): each thread's instances. */
  private void split(List<Node.For> chain, Map<String, Long> env, Split split) {
    List<Long> work = new ArrayList<>();
    List<Long> outer = new ArrayList<>();
    points(chain, 0, env, work, outer);
    int n = work.size();
    long[] prefix = new long[n + 1];
    for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + work.get(i);
    starts++;
    instances += prefix[n];
    iterations += n;
    minTrip = Math.min(minTrip, n);
    for (int i = 0; i < threads.length; i++) {
      int t = threads[i];
      long max = 0;
      if (split == Split.RANKS) {
        long chunks = Math.min(t, n);
        for (long k = 0; k < chunks; k++) {
          int from = (int) ((long) n * k / chunks);
          int to = (int) ((long) n * (k + 1) / chunks);
          max = Math.max(max, prefix[to] - prefix[from]);
        }
      } else if (split == Split.WEIGHTED) {
        // chunk k starts after the outer iteration of rank n k / c - 1: at the first point of the next one
        long chunks = Math.min(t, n);
        int[] start = new int[(int) chunks + 1];
        for (int k = 1; k <= chunks; k++) {
          int r = (int) ((long) n * k / chunks);
          int at = r;
          while (at < n && outer.get(at).equals(outer.get(r - 1))) at++;
          start[k] = at;
        }
        for (int k = 0; k < chunks; k++) max = Math.max(max, prefix[Math.max(start[k + 1], start[k])] - prefix[start[k]]);
      } else if (split == Split.DYNAMIC) {
        long[] busy = new long[t];
        for (int j = 0; j < n; j++) {
          int free = 0;
          for (int k = 1; k < t; k++) if (busy[k] < busy[free]) free = k;
          busy[free] += work.get(j);
        }
        for (long b : busy) max = Math.max(max, b);
      } else if (split == Split.CYCLIC) {
        for (int k = 0; k < Math.min(t, n); k++) {
          long sum = 0;
          for (int j = k; j < n; j += t) sum += work.get(j);
          max = Math.max(max, sum);
        }
      } else {
        int q = n / t;
        int r = n % t;
        for (int k = 0; k < t; k++) {
          int from = k * q + Math.min(k, r);
          int to = from + q + (k < r ? 1 : 0);
          max = Math.max(max, prefix[to] - prefix[from]);
        }
      }
      busiest[i] += max;
    }
  }

  /** The instances under each point of the loops {@code chain[k..]}, in lexicographic order. */
  private void points(List<Node.For> chain, int k, Map<String, Long> env, List<Long> out, List<Long> outer) {
    Node.For f = chain.get(k);
    long lo = AstInterpreter.eval(f.init(), env);
    long hi = AstInterpreter.eval(f.upper(), env);
    for (long v = lo; v <= hi; v += f.step()) {
      env.put(f.iterator(), v);
      if (k + 1 < chain.size()) {
        points(chain, k + 1, env, out, outer);
      } else {
        out.add(count(f.body(), env));
        outer.add(env.get(chain.get(0).iterator()));
      }
    }
    env.remove(f.iterator());
  }

  /** The statement instances {@code n} runs. */
  private static long count(Node n, Map<String, Long> env) {
    if (n instanceof Node.User) return 1;
    if (n instanceof Node.Block b) {
      long s = 0;
      for (Node c : b.children()) s += count(c, env);
      return s;
    }
    if (n instanceof Node.Mark m) return count(m.body(), env);
    if (n instanceof Node.If i) {
      if (AstInterpreter.eval(i.cond(), env) != 0) return count(i.then(), env);
      return i.otherwise() == null ? 0 : count(i.otherwise(), env);
    }
    Node.For f = (Node.For) n;
    if (f.sizeParam() != null) throw new IllegalArgumentException("loops with run-time steps are not counted");
    long lo = AstInterpreter.eval(f.init(), env);
    long hi = AstInterpreter.eval(f.upper(), env);
    if (hi < lo) return 0;
    if (straight(f.body())) return ((hi - lo) / f.step() + 1) * count(f.body(), env);
    long s = 0;
    for (long v = lo; v <= hi; v += f.step()) {
      env.put(f.iterator(), v);
      s += count(f.body(), env);
    }
    env.remove(f.iterator());
    return s;
  }

  /** Whether {@code n} is a sequence of statements (the same count at every iteration). */
  private static boolean straight(Node n) {
    if (n instanceof Node.User) return true;
    if (n instanceof Node.Block b) return b.children().stream().allMatch(ParallelBalance::straight);
    return false;
  }

  /** The values of a kernel's size macros for {@code dataset} (e.g. N = 1200 for LARGE): its header's macros after gcc's preprocessor. */
  static Map<String, Long> sizes(Path header, Path root, String dataset) throws IOException {
    Process p = new ProcessBuilder("gcc", "-E", "-dM", "-I" + root, "-D" + dataset + "_DATASET", header.toString())
        .redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    try {
      if (p.waitFor() != 0) throw new IOException("gcc -E failed on " + header + ": " + text);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    Map<String, Long> out = new HashMap<>();
    Matcher d = Pattern.compile("(?m)^#define\\s+(\\w+)\\s+(\\d+)\\s*$").matcher(text);
    while (d.find()) out.put(d.group(1), Long.parseLong(d.group(2)));
    return out;
  }

  /** A kernel's region as the pipeline leaves it: its final loop AST and its parameters' values. */
  record Region(Node ast, Map<String, Long> params) {}

  /** The final loop AST of the kernel's region under {@code pipeline}, and the values of its parameters. */
  static Region kernel(EmbeddedSuite suite, Path root, String name, String dataset, PassManager<RegionState> pipeline)
      throws IOException {
    Kernel k = suite.kernel(name).orElseThrow(() -> new IllegalArgumentException("no kernel " + name));
    RegionState[] last = new RegionState[1];
    PolyhedralOptimizer o = new PolyhedralOptimizer(pipeline, (pass, s) -> last[0] = s, null);
    o.optimize(k.sourceIn(root), List.of("-I" + root, "-I" + k.directoryIn(root), "-D" + dataset + "_DATASET"));
    if (last[0] == null || last[0].versions.isEmpty()) throw new IllegalStateException(name + ": no optimized region");
    Map<String, Long> macros = sizes(k.headerIn(root), root, dataset);
    Map<String, Long> params = new HashMap<>();
    for (String p : last[0].versions.get(0).scop.params()) {
      Long v = macros.get(p.toUpperCase(Locale.ROOT));
      if (v == null) throw new IllegalArgumentException(name + ": no size for parameter " + p);
      params.put(p, v);
    }
    return new Region(last[0].versions.get(0).ast, params);
  }

  /**
   * Prints a table: per kernel and thread count, the busiest thread over the average, without and
   * with collapse; with {@code --scaling}, per kernel the starts of parallel loops, their trip
   * counts and the simulated speedup on 2 to 16 threads ({@code all} for every kernel), and with
   * {@code --without PASS} the speedups without that pass too.
   */
  public static void main(String[] args) throws IOException {
    boolean scaling = args.length > 0 && args[0].equals("--scaling");
    if (scaling) args = java.util.Arrays.copyOfRange(args, 1, args.length);
    String without = null;
    if (scaling && args.length > 1 && args[0].equals("--without")) {
      without = args[1];
      args = java.util.Arrays.copyOfRange(args, 2, args.length);
    }
    if (args.length < 2) {
      System.err.println("usage: ParallelBalance [--scaling [--without PASS]] DATASET KERNEL... | all");
      System.exit(2);
    }
    String dataset = args[0].toUpperCase(Locale.ROOT);
    EmbeddedSuite suite = EmbeddedSuite.load();
    Path root = suite.extractTo(Files.createTempDirectory("polyj-balance"));
    List<String> names = new ArrayList<>(List.of(args).subList(1, args.length));
    if (names.equals(List.of("all"))) names = suite.kernels().stream().map(Kernel::name).toList();
    // the pipeline bench runs (reductions reassociated), with and without the collapse pass
    PassManager<RegionState> plain = PolyhedralOptimizer.Config.defaults().withReassociate(true).pipeline();
    StringBuilder head = new StringBuilder(scaling ? "| kernel | starts | mean trip | min trip | parallel |"
        : "| kernel | pipeline |");
    StringBuilder rule = new StringBuilder(scaling ? "|---|---:|---:|---:|---:|" : "|---|---|");
    for (int t : THREADS) {
      head.append(" ").append(t).append(" threads |");
      rule.append("---:|");
    }
    if (without != null) {
      for (int t : THREADS) {
        head.append(" ").append(t).append(" without ").append(without).append(" |");
        rule.append("---:|");
      }
    }
    System.out.println(head);
    System.out.println(rule);
    for (String name : names) {
      if (scaling) {
        Region r = kernel(suite, root, name, dataset, plain);
        Scaling c = scaling(r.ast(), r.params(), THREADS);
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "| %s | %d | %.1f | %d | %.1f%% |", name,
            c.starts(), c.meanTrip(), c.minTrip(), c.total() == 0 ? 0 : 100.0 * c.parallel() / c.total()));
        for (int k = 0; k < THREADS.length; k++) row.append(String.format(Locale.ROOT, " %.2fx |", c.speedup(k)));
        if (without != null) {
          Region w = kernel(suite, root, name, dataset, plain.disable(without));
          Scaling cw = scaling(w.ast(), w.params(), THREADS);
          for (int k = 0; k < THREADS.length; k++) row.append(String.format(Locale.ROOT, " %.2fx |", cw.speedup(k)));
        }
        System.out.println(row);
        continue;
      }
      for (boolean collapse : new boolean[] {false, true}) {
        Region r = kernel(suite, root, name, dataset, collapse ? plain.enable("collapse") : plain);
        double[] b = of(r.ast(), r.params(), THREADS);
        StringBuilder row = new StringBuilder("| " + name + " | " + (collapse ? "--collapse" : "default") + " |");
        for (double x : b) row.append(String.format(Locale.ROOT, " %.3f |", x));
        System.out.println(row);
      }
    }
  }
}
