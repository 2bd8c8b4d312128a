package dev.polyj.polyhedral.multifor;

import java.util.TreeSet;

/**
 * The size of one multifor level's referential axis (Fassi et al., IMPACT 2013, section 3.1) for
 * loops of known trip counts. Loop {@code k} with {@code n_k} iterations occupies
 * {@code offset_k + grain_k * t}, {@code 0 <= t < n_k}: from {@code nlb_k = offset_k} to
 * {@code nub_k = offset_k + grain_k * (n_k - 1)}. (The paper writes
 * {@code nub = (ub - lb + 1) * grain + offset}, one grain past the last iteration, which counts
 * points that no loop occupies.)
 */
public final class ReferentialSize {
  private ReferentialSize() {}

  /** {@code max nub - min nlb + 1} over the non-empty loops (0 when all are empty). */
  public static long beforeCompression(long[] counts, long[] grains, long[] offsets) {
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int k = 0; k < counts.length; k++) {
      if (counts[k] <= 0) continue;
      lo = Math.min(lo, offsets[k]);
      hi = Math.max(hi, Math.addExact(offsets[k], Math.multiplyExact(grains[k], counts[k] - 1)));
    }
    return lo > hi ? 0 : hi - lo + 1;
  }

  /**
   * The number of referential points some loop occupies: what remains after compressing every
   * domain where the same loops overlap by the step of their union (the gcd of their grains when
   * their progressions are aligned), i.e. the iterations the translated loop runs.
   */
  public static long afterCompression(long[] counts, long[] grains, long[] offsets) {
    TreeSet<Long> points = new TreeSet<>();
    for (int k = 0; k < counts.length; k++) {
      for (long t = 0; t < counts[k]; t++) points.add(offsets[k] + grains[k] * t);
    }
    return points.size();
  }
}
