package dev.polyj.polybench.bench;

import dev.polyj.polybench.report.BenchResults;
import java.util.List;
import java.util.Objects;

/**
 * What one {@code polyj bench} run leaves for {@code polyj bench merge}: which part of which work
 * list it ran, and its results.
 *
 * @param shard    the part that was run ({@link Shard#ALL} for a whole run)
 * @param workList the names of all kernels of the run before sharding, in work-list order
 * @param results  the results of this part's kernels, in work-list order
 */
public record ShardResults(Shard shard, List<String> workList, BenchResults results) {

  public ShardResults {
    Objects.requireNonNull(shard, "shard");
    Objects.requireNonNull(results, "results");
    workList = List.copyOf(workList);
  }
}
