/**
 * The tiling passes, in pipeline order:
 *
 * <ol>
 *   <li>{@code diamond} ({@link dev.polyj.polyhedral.tiling.pass.DiamondPass}, off by default):
 *       concurrent-start hyperplanes for time-iterated stencils (Bandishti, Pananilath and
 *       Bondhugula, SC 2012; Wonnacott and Strout, IMPACT 2013);
 *   <li>{@code product-tile-sizes} ({@link dev.polyj.polyhedral.tiling.pass.ProductTileSizesPass}):
 *       long tiles in the stride-one dimension of matrix-product bands (measured here; the blocking
 *       of Goto and van de Geijn, TOMS 2008);
 *   <li>{@code stride-order} ({@link dev.polyj.polyhedral.tiling.pass.StrideOrderPass}): the
 *       stride-one point loop innermost (Pluto's intra-tile reordering for vectorization);
 *   <li>{@code wavefront} ({@link dev.polyj.polyhedral.tiling.pass.WavefrontPass}): tile bands
 *       without outer parallelism run as wavefronts (Pluto's pipelined parallelism);
 *   <li>{@code tiling} ({@link dev.polyj.polyhedral.tiling.pass.TilingPass}): rectangular tiling of
 *       permutable bands with Pluto's, explicit, SICA (Feld et al., IMPACT 2013) or run-time sizes.
 * </ol>
 *
 * The three passes before {@code tiling} set what {@code tiling} then applies to each band.
 */
package dev.polyj.polyhedral.tiling.pass;
