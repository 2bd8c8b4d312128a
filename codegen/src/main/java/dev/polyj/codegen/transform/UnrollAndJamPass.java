package dev.polyj.codegen.transform;

import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.codegen.ast.UnrollAndJam;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import java.util.Map;

/** Unrolls loops with independent iterations around a vectorized innermost loop and jams the copies ({@link UnrollAndJam}). */
public final class UnrollAndJamPass extends BasicPass<RegionState> {
  /** The default factor: four rows of a matrix product per vectorized inner loop. */
  static final int DEFAULT_FACTOR = 4;

  /** @param factor how many copies (1 for none) */
  record Options(int factor) {}

  private final Options options;

  public UnrollAndJamPass() {
    this(new Options(DEFAULT_FACTOR));
  }

  private UnrollAndJamPass(Options options) {
    super("unroll-and-jam", PassLevel.AST, true,
        "unroll loops around a vectorized innermost loop and jam the copies into it (register tiling)");
    this.options = options;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("factor", "number of jammed copies (1 for none); default " + DEFAULT_FACTOR);
  }

  @Override
  public Pass<RegionState> withOption(String key, String value) {
    if (!key.equals("factor")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    long f = PassOptions.integer(this, key, value, 1);
    if (f > 64) throw new IllegalArgumentException(name() + ".factor: at most 64, got " + f);
    return new UnrollAndJamPass(new Options((int) f));
  }

  @Override
  public String run(RegionState s) {
    // loops around scalar accumulation loops are jammed where their accumulators are promoted
    s.accumulatorJam = options.factor();
    int changed = 0;
    for (RegionState.Version v : s.versions) {
      var before = v.ast;
      v.ast = UnrollAndJam.apply(v.ast, options.factor());
      if (!v.ast.equals(before)) changed++;
    }
    return changed == 0 ? "" : "factor " + options.factor();
  }
}
