package dev.polyj.polyhedral.tiling;

/**
 * A choice of constant tile sizes for a permutable band: one size per band member, outermost first,
 * each at least 1. A size of 1 leaves the member's iteration order as it is (its tile loop walks
 * the original loop and the point loop has a single iteration), which is how a model leaves a
 * member untiled.
 */
public interface TileSizePolicy {
  long[] sizes(TileSizeQuery q);
}
