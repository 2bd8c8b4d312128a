package dev.polyj.polyhedral.multifor;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.polyj.polyhedral.scop.SourcePos;
import java.util.List;

/**
 * One multifor level (Fassi, Clauss, Kuhn, Slama, "Multifor for Multicore", IMPACT 2013, section
 * 2): several for-loops whose bodies run at the same time, each placed on a common referential
 * axis by its grain and offset. The k-th loop of every level of a multifor nest belongs to the
 * k-th loop nest ("nest k"); iteration t of loop k of a level sits at referential position
 * {@code offset_k + grain_k * t} of that level.
 *
 * @param loops the loops of this level, one per nest
 * @param items the body: prefixed statements and nested multifor levels in source order
 */
public record MultiforLoop(SourcePos pos, ImmutableList<Loop> loops, ImmutableList<Item> items, Parallelism parallelism) {
  public MultiforLoop(SourcePos pos, List<Loop> loops, List<Item> items, Parallelism parallelism) {
    this(pos, ImmutableList.copyOf(loops), ImmutableList.copyOf(items), parallelism);
  }

  public MultiforLoop(SourcePos pos, List<Loop> loops, List<Item> items) {
    this(pos, loops, items, Parallelism.NONE);
  }

  /**
   * The parallel form asked for by a {@code #pragma polyj multifor} line before the level (used
   * by the OpenMP translation only; the multifor's meaning is unchanged, these are assertions of
   * independence like OpenMP's own):
   *
   * @param threads each nest runs in its own thread from this level down, all joined at the end of
   *     the level (the paper's section 3.2): the nests are independent of each other here
   * @param parallel the nests whose loop at this level runs its iterations in parallel (section
   *     2.3's OpenMP-like loop parallelization, with {@code threads} the paper's hybrid form): the
   *     iterations of that loop, with all they run, are independent of each other
   */
  public record Parallelism(boolean threads, ImmutableSet<Integer> parallel) {
    public static final Parallelism NONE = new Parallelism(false, ImmutableSet.of());
  }

  public int nests() {
    return loops.size();
  }

  /**
   * One loop of a level: {@code for (index = init; index cmp bound; index += step)} with its grain
   * (at least 1) and offset (at least 0). {@code cmp} is {@code <}, {@code <=}, {@code >} or
   * {@code >=}; the step is non-zero and goes toward the bound. Grain and offset are expressions:
   * integer constants, or expressions of parameters and of the enclosing indices of the loop's own
   * nest, evaluated when the level is entered (their values are checked at run time).
   */
  public record Loop(String index, HeaderExpr init, String cmp, HeaderExpr bound, long step, HeaderExpr grain,
      HeaderExpr offset, SourcePos pos, int mappedOnto) {
    public Loop(String index, HeaderExpr init, String cmp, HeaderExpr bound, long step, HeaderExpr grain, HeaderExpr offset, SourcePos pos) {
      this(index, init, cmp, bound, step, grain, offset, pos, -1);
    }

    /**
     * Whether the loop's nest is mapped by rank (grain {@code rank(k)}, section 5 of the paper):
     * its r-th iteration, in its own order, runs at the referential point of the r-th iteration
     * of nest {@link #mappedOnto()} (its innermost level), whatever the shapes of the two nests.
     */
    public boolean mapped() {
      return mappedOnto >= 0;
    }

    /** The grain's value when it is a constant, else null. */
    public Long constantGrain() {
      return grain.constant();
    }

    /** The offset's value when it is a constant, else null. */
    public Long constantOffset() {
      return offset.constant();
    }
  }

  /** An element of a multifor body. */
  public sealed interface Item {}

  /**
   * A statement run by the nests it is prefixed with; {@code texts} maps each of these nests to
   * the C text it runs (the same text, except for {@code [a, b]} selections that pick one
   * alternative per nest).
   */
  public record Statement(ImmutableMap<Integer, String> texts, SourcePos pos) implements Item {}

  public record Nested(MultiforLoop loop) implements Item {}
}
