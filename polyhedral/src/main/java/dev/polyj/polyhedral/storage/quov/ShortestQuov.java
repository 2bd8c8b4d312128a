package dev.polyj.polyhedral.storage.quov;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The shortest quasi-universal occupancy vector (QUOV) of a statement for tiled execution, found
 * analytically, without searching vectors (Yuki and Rajopadhye, "Memory Allocations for Tiled
 * Uniform Dependence Programs", IMPACT 2013, Section 4.2 and 5.2).
 *
 * <p>The value written at {@code z} may be overwritten by the statement's instance at {@code z + u}
 * once every use {@code z + v} has run, under every schedule of the universe: the loops of the
 * statement's scheduled space in their nesting, each tilable band tiled by any sizes (or not), a
 * parallel loop's iterations concurrent. The vector is built dimension by dimension, outermost
 * first, over the uses not yet known to run before the overwriting instance:
 * <ul>
 *   <li>a tilable band takes the element-wise maximum {@code m} of the uses' components (Theorem 1:
 *       unit dummy dependences along each member lead from every use to {@code m}; no shorter
 *       vector is reached from all of them), a negative component raised to 0 (below a sequential
 *       loop that carries them, uses may go backwards along the band); the uses equal to it on the
 *       band stay open;
 *   <li>a sequential loop takes the maximum {@code m1} of the uses' components, the uses equal to it
 *       staying open, or {@code max(m1 + 1, 0)} with zeros below it, which runs after every use
 *       (Corollary 1; the two choices per sequential dimension combine as Corollary 2 says);
 *   <li>a parallel loop needs the open uses in the same iteration and takes 0; a member of a
 *       tilable band that runs in parallel when the band is left untiled (coincident) must not be
 *       where the vector first differs from a use, else the band's first sequential member is
 *       raised by one (the vector is then valid tiled and untiled);
 *   <li>a statement-ordering dimension takes 0 (the overwriting instance is of the same statement):
 *       a use by a statement parted from this one there and ordered after it must have run in an
 *       earlier iteration of a loop above, so at a tilable band the vector becomes {@code m + e}
 *       for its innermost member, at a sequential loop {@code m1 + 1}. This is the paper's
 *       transfer of ordering dimensions to the loop around them (Section 5.2), with one correction:
 *       the paper sets that loop's component to {@code max(v, 1)}, which lets the overwriting
 *       instance run before a later statement's use in the same iteration when {@code v >= 1};
 *       the component must exceed the use's.
 * </ul>
 * The writing instance itself counts as a use the overwriting one must follow (so the vector is
 * never zero nor backwards). Of the combinations the shortest in Manhattan length is taken, then the one with the fewest
 * non-zero components (a projection along one axis keeps the array box small). A statement whose
 * values nobody reads gets the unit vector of its innermost non-parallel loop. Without any valid
 * vector (an ordered use below parallel loops only) the result is null: the statement keeps one
 * element per instance.
 */
public final class ShortestQuov {
  private ShortestQuov() {}

  /**
   * The shortest QUOV over {@code dims} (zero at the ordering dimensions), or null when none
   * exists.
   */
  public static long[] of(List<ScheduleDim> dims, List<DataflowUse> uses) {
    for (DataflowUse use : uses) {
      if (use.common() > dims.size()) throw new IllegalArgumentException("use " + use + " beyond " + dims.size() + " dimensions");
      if (use.common() < dims.size() && dims.get(use.common()).kind() != ScheduleDim.Kind.ORDER) {
        throw new IllegalArgumentException("use " + use + " parts from the statement at a loop dimension");
      }
    }
    if (uses.isEmpty()) {
      for (int k = dims.size() - 1; k >= 0; k--) {
        ScheduleDim.Kind kind = dims.get(k).kind();
        if (kind == ScheduleDim.Kind.SEQUENTIAL || kind == ScheduleDim.Kind.TILABLE) {
          long[] u = new long[dims.size()];
          u[k] = 1;
          return u;
        }
      }
      return null;
    }
    // the overwriting instance runs after the writing one itself
    List<DataflowUse> all = new ArrayList<>(uses);
    all.add(new DataflowUse(new long[dims.size()], true));
    long[] u = solve(dims, 0, all);
    if (u == null) return null;
    boolean nonZero = false;
    for (int k = 0; k < u.length; k++) nonZero |= dims.get(k).isLoop() && u[k] != 0;
    return nonZero ? u : null;
  }

  /** The best components {@code k..} of the vector for the {@code open} uses, or null. */
  private static long[] solve(List<ScheduleDim> dims, int k, List<DataflowUse> open) {
    int n = dims.size();
    List<DataflowUse> rest = new ArrayList<>();
    for (DataflowUse use : open) {
      if (use.common() == k) {
        if (use.later()) return null; // ordered after the overwriting instance at this point
      } else {
        rest.add(use);
      }
    }
    if (k == n) return new long[0];
    if (rest.isEmpty()) return new long[n - k];
    ScheduleDim dim = dims.get(k);
    switch (dim.kind()) {
      case ORDER, PARALLEL -> {
        for (DataflowUse use : rest) if (use.vector()[k] != 0) return null;
        long[] tail = solve(dims, k + 1, rest);
        return tail == null ? null : prepend(new long[] {0}, tail);
      }
      case SEQUENTIAL -> {
        long m = Long.MIN_VALUE;
        for (DataflowUse use : rest) m = Math.max(m, use.vector()[k]);
        long[] after = new long[n - k];
        after[0] = Math.max(Math.addExact(m, 1), 0);
        List<DataflowUse> equal = new ArrayList<>();
        for (DataflowUse use : rest) if (use.vector()[k] == m) equal.add(use);
        long[] tail = solve(dims, k + 1, equal);
        long[] same = tail == null ? null : prepend(new long[] {m}, tail);
        return better(same, after);
      }
      case TILABLE -> {
        int end = k;
        while (end < n && dims.get(end).kind() == ScheduleDim.Kind.TILABLE && dims.get(end).band() == dim.band()) end++;
        long[] m = new long[end - k];
        Arrays.fill(m, Long.MIN_VALUE);
        for (DataflowUse use : rest) {
          for (int j = k; j < end; j++) m[j - k] = Math.max(m[j - k], use.vector()[j]);
        }
        // components below every use's are raised to 0 (still above all of them, and shorter)
        for (int j = 0; j < m.length; j++) m[j] = Math.max(m[j], 0);
        int firstSequential = -1;
        int lastSequential = -1;
        for (int j = k; j < end; j++) {
          if (dims.get(j).coincident()) continue;
          if (firstSequential < 0) firstSequential = j - k;
          lastSequential = j - k;
        }
        // past the band: every use runs before (raised along a member that never runs in parallel)
        long[] after = null;
        if (lastSequential >= 0) {
          after = new long[n - k];
          System.arraycopy(m, 0, after, 0, m.length);
          after[lastSequential] = Math.addExact(after[lastSequential], 1);
          if (!untiledSafe(dims, k, rest, after)) {
            after = new long[n - k];
            System.arraycopy(m, 0, after, 0, m.length);
            after[firstSequential] = Math.addExact(after[firstSequential], 1);
          }
        }
        long[] same = null;
        if (untiledSafe(dims, k, rest, m)) {
          List<DataflowUse> equal = new ArrayList<>();
          for (DataflowUse use : rest) {
            if (Arrays.equals(Arrays.copyOfRange(use.vector(), k, end), m)) equal.add(use);
          }
          long[] tail = solve(dims, end, equal);
          same = tail == null ? null : prepend(m, tail);
        }
        return better(same, after);
      }
      default -> throw new IllegalStateException();
    }
  }

  /**
   * Whether band components {@code u} (from dimension {@code k}) keep the overwriting instance out
   * of the parallel iterations of the uses when the band is not tiled: a use that differs from it
   * must differ first at a member that runs sequentially. (Tiled, the band's tile and point loops
   * are parallel only along members no dependence has a distance on, where every use has the
   * component 0 as the vector does.)
   */
  private static boolean untiledSafe(List<ScheduleDim> dims, int k, List<DataflowUse> uses, long[] u) {
    for (DataflowUse use : uses) {
      for (int j = 0; j < u.length && k + j < dims.size(); j++) {
        ScheduleDim d = dims.get(k + j);
        if (d.kind() != ScheduleDim.Kind.TILABLE || d.band() != dims.get(k).band()) break;
        if (use.vector()[k + j] == u[j]) continue;
        if (d.coincident()) return false;
        break;
      }
    }
    return true;
  }

  /** The shorter of two candidates (the first on a tie), null standing for no candidate. */
  private static long[] better(long[] a, long[] b) {
    if (a == null) return b;
    if (b == null) return a;
    long la = manhattan(a);
    long lb = manhattan(b);
    if (la != lb) return la < lb ? a : b;
    return nonZeros(b) < nonZeros(a) ? b : a;
  }

  private static long[] prepend(long[] head, long[] tail) {
    long[] out = Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, out, head.length, tail.length);
    return out;
  }

  /** The Manhattan length of {@code v}. */
  public static long manhattan(long[] v) {
    long s = 0;
    for (long x : v) s = Math.addExact(s, Math.abs(x));
    return s;
  }

  private static int nonZeros(long[] v) {
    int c = 0;
    for (long x : v) if (x != 0) c++;
    return c;
  }
}
