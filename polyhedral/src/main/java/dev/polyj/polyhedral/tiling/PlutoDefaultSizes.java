package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;

/** Pluto's default: the same size (32 unless told otherwise) for every member of the band. */
public record PlutoDefaultSizes(long size) implements TileSizePolicy {
  /** Pluto's fixed size. */
  public static final long DEFAULT_SIZE = 32;

  public PlutoDefaultSizes {
    checkArgument(size >= 1, "tile size must be positive, got %s", size);
  }

  public PlutoDefaultSizes() {
    this(DEFAULT_SIZE);
  }

  @Override
  public long[] sizes(TileSizeQuery q) {
    long[] s = new long[q.bandSize()];
    Arrays.fill(s, size);
    return s;
  }
}
