package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import dev.polyj.polybench.report.KernelResult;
import dev.polyj.polybench.report.RunInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Joins the results of the N shards of one benchmark ({@code polyj bench merge}) into the results
 * one run over the whole work list would have given: kernels in work-list order, the set-up of
 * the run, its notes in the order one run writes them (run-wide notes, then each kernel's).
 *
 * <p>The shards must be one job: the same work list, the same set-up (suite, dataset, optimizer,
 * threads, repetitions, compiler and flags, comparison tools), the same N, each index 1..N exactly
 * once, and each kernel in the shard that owns it. Hosts and start dates may differ: the merged
 * run lists every host and starts at the earliest date.
 */
public final class ShardMerge {

  private ShardMerge() {}

  /**
   * The merged results.
   *
   * @throws BenchSetupException when the shards are not the complete set of one job (the message
   *     says which shard is missing, repeated or different)
   */
  public static BenchResults merge(List<ShardResults> shards) throws BenchSetupException {
    if (shards.isEmpty()) {
      throw new BenchSetupException("bench merge: no shard results given");
    }
    ShardResults first = shards.get(0);
    int count = first.shard().count();
    List<String> workList = first.workList();
    RunInfo info0 = first.results().info();
    Map<Integer, ShardResults> byIndex = new LinkedHashMap<>();
    for (ShardResults s : shards) {
      if (s.shard().count() != count) {
        throw new BenchSetupException("bench merge: shard " + s.shard() + " is not one of "
            + count + " shards like shard " + first.shard());
      }
      if (!s.workList().equals(workList)) {
        throw new BenchSetupException("bench merge: shard " + s.shard()
            + " ran another work list than shard " + first.shard());
      }
      String difference = setUpDifference(info0, s.results().info());
      if (difference != null) {
        throw new BenchSetupException("bench merge: shard " + s.shard() + " differs from shard "
            + first.shard() + " in its " + difference);
      }
      if (byIndex.put(s.shard().index(), s) != null) {
        throw new BenchSetupException("bench merge: shard " + s.shard() + " is given twice");
      }
    }
    Set<Integer> missing = new TreeSet<>();
    for (int i = 1; i <= count; i++) {
      if (!byIndex.containsKey(i)) {
        missing.add(i);
      }
    }
    if (!missing.isEmpty()) {
      throw new BenchSetupException("bench merge: missing shard(s) "
          + String.join(", ", missing.stream().map(i -> i + "/" + count).toList()));
    }

    Map<String, KernelResult> kernels = new LinkedHashMap<>();
    Set<String> hosts = new LinkedHashSet<>();
    String date = info0.date();
    for (ShardResults s : byIndex.values()) {
      for (KernelResult k : s.results().kernels()) {
        int position = workList.indexOf(k.name());
        if (position < 0 || !s.shard().owns(position)) {
          throw new BenchSetupException("bench merge: shard " + s.shard() + " holds kernel "
              + k.name() + ", which is not part of it");
        }
        if (kernels.put(k.name(), k) != null) {
          throw new BenchSetupException("bench merge: kernel " + k.name() + " appears twice");
        }
      }
      hosts.add(s.results().info().host());
      if (s.results().info().date().compareTo(date) < 0) {
        date = s.results().info().date();
      }
    }
    List<KernelResult> ordered = new ArrayList<>(kernels.values());
    ordered.sort(Comparator.comparingInt(k -> workList.indexOf(k.name())));
    List<String> missingKernels = new ArrayList<>();
    for (String name : workList) {
      if (!kernels.containsKey(name)) {
        missingKernels.add(name);
      }
    }
    if (!missingKernels.isEmpty()) {
      throw new BenchSetupException("bench merge: no result for kernel(s) "
          + String.join(", ", missingKernels));
    }

    RunInfo merged = new RunInfo(info0.suite(), info0.dataset(), info0.optimizer(),
        info0.threads(), info0.reps(), info0.compiler(), info0.baselineFlags(),
        info0.optimizedFlags(), info0.comparisonTools(),
        hosts.size() == 1 ? hosts.iterator().next()
            : hosts.size() + " hosts: " + String.join("; ", hosts),
        date, notes(byIndex.values(), workList));
    return new BenchResults(merged, ordered);
  }

  /** Run-wide notes first (once each), then each kernel's notes in work-list order. */
  private static List<String> notes(Iterable<ShardResults> shards, List<String> workList) {
    Set<String> runWide = new LinkedHashSet<>();
    Map<String, List<String>> perKernel = new LinkedHashMap<>();
    for (ShardResults s : shards) {
      for (String note : s.results().info().notes()) {
        String kernel = kernelOf(note, s.results());
        if (kernel == null) {
          runWide.add(note);
        } else {
          perKernel.computeIfAbsent(kernel, k -> new ArrayList<>()).add(note);
        }
      }
    }
    List<String> out = new ArrayList<>(runWide);
    for (String name : workList) {
      out.addAll(perKernel.getOrDefault(name, List.of()));
    }
    return out;
  }

  /** The kernel of this shard a note is about ("name: ..."), or null for a run-wide note. */
  private static String kernelOf(String note, BenchResults results) {
    String best = null;
    for (KernelResult k : results.kernels()) {
      if (note.startsWith(k.name() + ": ") && (best == null || k.name().length() > best.length())) {
        best = k.name();
      }
    }
    return best;
  }

  /** The first set-up field in which two runs differ, or null when they are one job's. */
  private static String setUpDifference(RunInfo a, RunInfo b) {
    if (!a.suite().equals(b.suite())) return "suite";
    if (!a.dataset().equals(b.dataset())) return "dataset";
    if (!a.optimizer().equals(b.optimizer())) return "optimizer";
    if (a.threads() != b.threads()) return "threads";
    if (a.reps() != b.reps()) return "repetitions";
    if (!a.compiler().equals(b.compiler())) return "compiler";
    if (!a.baselineFlags().equals(b.baselineFlags())) return "baseline flags";
    if (!a.optimizedFlags().equals(b.optimizedFlags())) return "optimized flags";
    if (!a.comparisonTools().equals(b.comparisonTools())) return "comparison tools";
    return null;
  }
}
