package dev.polyj.polyhedral.tiling;

import static com.google.common.base.Preconditions.checkArgument;

import dev.polyj.polyhedral.schedule.ScheduleNode;

/**
 * Tile sizes for bands shaped like a matrix product {@code C[i][j] += A[i][k] * B[k][j]}: three
 * members, the stride-one member {@code j} (innermost point loop, vectorized) and one other member
 * {@code i} run in parallel, the remaining member {@code k} carries the accumulation. Such a band
 * reuses a {@code k x j} panel of B for every row {@code i}, so the tiles are long in the
 * stride-one dimension and the panel is sized for the second-level cache, as in BLIS-like matrix
 * multiplication (Low et al., TOMS 2016: the {@code kc x nc} block of B stays in cache, the
 * micro-panels of C rows stream through the first level):
 *
 * <ul>
 *   <li>j: {@link #STRIDE_ONE} elements (a row segment of 4 KiB of doubles);
 *   <li>k: {@link #ACCUMULATION} rows, so the B panel (512 KiB of doubles) fits a 1 MiB L2;
 *   <li>i: {@link #PARALLEL} rows: with unroll-and-jam by 4, four C row segments (16 KiB) stay in
 *       L1 for the whole k loop, and a 1000-row matrix still gives 16 tiles to the threads.
 * </ul>
 *
 * The sizes were chosen by measuring gemm at LARGE sizes on the project's machine (64, 512, 128
 * against 32, 256, 512, 1024 variants of each); other bands get null (use the default policy).
 *
 * <p>When the stride-one member comes before the other parallel one in the band (trmm's {@code
 * j, k, i}: {@code i} is parallel only inside {@code k}), the outermost parallel loop, the one the
 * threads share, is the stride-one tile loop. Its tiles then get the parallel size too: 512-wide
 * tiles leave 1200 columns in three tiles, two for one thread and one for the other, while 64-wide
 * ones give 19, balanced to within one tile (Pluto's 32-wide tiles are why it was ahead on trmm).
 */
public final class ProductBandSizes {
  public static final long STRIDE_ONE = 512;
  public static final long ACCUMULATION = 128;
  public static final long PARALLEL = 64;

  private ProductBandSizes() {}

  /**
   * The sizes of a matrix-product band in band-member order, or null when {@code band} is not one:
   * {@code stride1} is the member put innermost by the stride order (from {@link
   * StrideOrder#query}), -1 for none.
   */
  public static long[] sizes(ScheduleNode.Band band, int stride1) {
    return sizes(band, stride1, new long[] {PARALLEL, STRIDE_ONE, ACCUMULATION});
  }

  /**
   * {@link #sizes(ScheduleNode.Band, int)} with {@code chosen} (parallel, stride-one,
   * accumulation) instead of the measured constants.
   */
  public static long[] sizes(ScheduleNode.Band band, int stride1, long[] chosen) {
    checkArgument(chosen.length == 3, "three sizes (parallel, stride-one, accumulation), got %s", chosen.length);
    checkArgument(stride1 >= -1 && stride1 < band.nMember(), "stride-one member %s of a %s-member band", stride1,
        band.nMember());
    if (band.nMember() != 3 || stride1 < 0 || !band.coincident().get(stride1) || !band.permutable()) return null;
    int accumulation = -1;
    int parallel = -1;
    for (int k = 0; k < 3; k++) {
      if (k == stride1) continue;
      if (band.coincident().get(k)) {
        if (parallel >= 0) return null;
        parallel = k;
      } else {
        if (accumulation >= 0) return null;
        accumulation = k;
      }
    }
    if (parallel < 0 || accumulation < 0) return null;
    long[] sizes = new long[3];
    sizes[parallel] = chosen[0];
    sizes[stride1] = stride1 < parallel ? chosen[0] : chosen[1];
    sizes[accumulation] = chosen[2];
    return sizes;
  }
}
