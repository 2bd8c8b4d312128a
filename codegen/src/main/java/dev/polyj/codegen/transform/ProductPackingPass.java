package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.PassLevel;

/** Packs the tiles of matrix products into contiguous buffers (GotoBLAS-style; {@link ProductPacking}). */
public final class ProductPackingPass extends BasicPass<RegionState> {
  public ProductPackingPass() {
    super("product-packing", PassLevel.AST, true, "pack matrix-product tiles into contiguous buffers (GotoBLAS)");
  }

  @Override
  public String run(RegionState s) {
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      ProductPacking.Result packed = ProductPacking.apply(v.ast, v.scop, v.printer);
      if (packed.packed()) changed++;
      v.ast = packed.ast();
      v.printer = packed.printer();
    }
    return changed == 0 ? "" : "packed";
  }
}
