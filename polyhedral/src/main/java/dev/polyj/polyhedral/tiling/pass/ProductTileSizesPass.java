package dev.polyj.polyhedral.tiling.pass;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.ScheduleState;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.polyhedral.tiling.ProductBandSizes;
import java.util.Map;

/**
 * Gives bands shaped like a matrix product long tiles in the stride-one dimension ({@link
 * ProductBandSizes}); tiling applies them.
 */
public final class ProductTileSizesPass extends BasicPass<ScheduleState> {
  /** @param sizes the sizes of the parallel, stride-one and accumulation members */
  record Options(long[] sizes) {}

  private final Options options;

  public ProductTileSizesPass() {
    this(new Options(new long[] {ProductBandSizes.PARALLEL, ProductBandSizes.STRIDE_ONE,
        ProductBandSizes.ACCUMULATION}));
  }

  private ProductTileSizesPass(Options options) {
    super("product-tile-sizes", PassLevel.SCHEDULE, true,
        "tile sizes of matrix-product bands: long tiles in the stride-one dimension (applied by tiling)");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("sizes", "parallel,stride-one,accumulation tile sizes; default " + ProductBandSizes.PARALLEL + ","
        + ProductBandSizes.STRIDE_ONE + "," + ProductBandSizes.ACCUMULATION);
  }

  @Override
  public Pass<ScheduleState> withOption(String key, String value) {
    if (!key.equals("sizes")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    return new ProductTileSizesPass(new Options(PassOptions.sizes(this, key, value, 3)));
  }

  @Override
  public String run(ScheduleState s) {
    s.productTileSizes = options.sizes().clone();
    return "";
  }
}
