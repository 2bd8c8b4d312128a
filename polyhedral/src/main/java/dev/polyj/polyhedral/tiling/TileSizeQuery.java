package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What a tile-size model needs to know about one permutable band.
 *
 * @param bandSize number of band members (loops), outermost first
 * @param stride1Member index of the member whose iterations walk memory with stride one (the loop
 *     to vectorize, made innermost inside a tile), or -1 if there is none
 * @param elementBytes size in bytes of the array elements accessed (4 for float, 8 for double)
 * @param arraysPerIteration the number of distinct data elements newly loaded by one iteration of
 *     the stride-1 loop (references that do not depend on that loop, and repeated references to
 *     the same element, count once for the whole loop or not at all); SICA's E
 */
public record TileSizeQuery(int bandSize, int stride1Member, int elementBytes, int arraysPerIteration) {
  public TileSizeQuery {
    checkArgument(bandSize >= 1, "band size must be positive, got %s", bandSize);
    checkArgument(stride1Member >= -1 && stride1Member < bandSize,
        "stride-1 member %s outside a band of %s members (use -1 for none)", stride1Member, bandSize);
    checkArgument(elementBytes >= 1, "element size must be positive, got %s", elementBytes);
    checkArgument(arraysPerIteration >= 1, "at least one element is loaded per iteration, got %s",
        arraysPerIteration);
  }

  /** True if the band has a stride-1 (vectorizable) member. */
  public boolean hasStride1Member() {
    return stride1Member >= 0;
  }
}
