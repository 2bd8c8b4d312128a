package dev.polyj.polybench.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One of N deterministic parts of a benchmark's work list ({@code --shard I/N}, I from 1 to N).
 *
 * <p>The unit of work is a kernel with all its configurations (the baseline, the optimized build
 * and every {@code --compare} tool): a speedup is only meaningful between timings taken on the
 * same machine, interleaved in one run, so a kernel's configurations are never split. Kernels are
 * dealt round-robin in work-list order (the suite's order of the selected kernels): shard I gets
 * the kernels at positions I-1, I-1+N, I-1+2N, ... This depends only on the work list, so every
 * task of a job array computes the same partition without talking to the others, and
 * neighbouring kernels (which tend to cost alike) go to different shards.
 *
 * @param index 1-based index of this part
 * @param count number of parts
 */
public record Shard(int index, int count) {

  /** The whole work list as a single part. */
  public static final Shard ALL = new Shard(1, 1);

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException("a shard is I/N with 1 <= I <= N, got " + index + "/" + count);
    }
  }

  /**
   * Parses {@code I/N}.
   *
   * @throws IllegalArgumentException with a message for the user when the text is not I/N
   */
  public static Shard parse(String text) {
    String[] parts = text.strip().split("/", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException("--shard: expected I/N (e.g. 2/8), got '" + text + "'");
    }
    try {
      return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--shard: expected I/N with integers (e.g. 2/8), got '" + text + "'");
    }
  }

  /** This part of {@code workList}, in work-list order. */
  public <T> List<T> select(List<T> workList) {
    List<T> out = new ArrayList<>();
    for (int i = index - 1; i < workList.size(); i += count) {
      out.add(workList.get(i));
    }
    return out;
  }

  /** True when {@code position} (0-based, in the work list) belongs to this part. */
  public boolean owns(int position) {
    return position % count == index - 1;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
