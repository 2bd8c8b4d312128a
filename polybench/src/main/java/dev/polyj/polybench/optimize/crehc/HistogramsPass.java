package dev.polyj.polybench.optimize.crehc;

import dev.polyj.codegen.transform.RegionState;
import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import dev.polyj.reductions.crehc.Crehc;
import dev.polyj.reductions.crehc.CrehcDetector;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a region that is a complex reduction and histogram computation ({@link CrehcDetector}) in
 * parallel with private copies of its reduction variables ({@link CrehcCode}). Reductions that
 * would round differently (floating-point sums and products) are only reassociated with the
 * option {@code reassociate=true}; integer histograms and min/max give the same bits.
 */
public final class HistogramsPass extends BasicPass<RegionState> {
  /** Histograms of at most this many elements use OpenMP array-section reductions. */
  public static final long DEFAULT_LIMIT = 1 << 14;

  private final boolean reassociate;
  private final long limit;

  public HistogramsPass() {
    this(false, DEFAULT_LIMIT);
  }

  private HistogramsPass(boolean reassociate, long limit) {
    super("histograms", PassLevel.AST, true,
        "parallel reduction and histogram loops (CReHCs): private copies per thread, merged after the loop");
    this.reassociate = reassociate;
    this.limit = limit;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("reassociate", "also floating-point sums and products (they round differently); default false",
        "limit", "histograms of at most this many elements use OpenMP reduction clauses, larger ones explicit"
            + " copies; default " + DEFAULT_LIMIT);
  }

  @Override
  public Pass<RegionState> withOption(String key, String value) {
    return switch (key) {
      case "reassociate" -> new HistogramsPass(Boolean.parseBoolean(value), limit);
      case "limit" -> new HistogramsPass(reassociate, PassOptions.integer(this, key, value, 0));
      default -> throw new IllegalArgumentException(PassOptions.unknown(this, key));
    };
  }

  @Override
  public String run(RegionState s) {
    if (!s.parallel) return "";
    Optional<Crehc> found = CrehcDetector.detect(s.input);
    if (found.isEmpty()) return "";
    Crehc c = found.get();
    String counts = c.scalars() + " scalar reduction(s), " + c.histograms() + " histogram(s)";
    if (!c.exact() && !reassociate) return counts + "; not reassociated (floating-point; option reassociate)";
    String code = CrehcCode.generate(s.input, c, s.level, limit);
    if (code == null) return counts + "; not transformed (the loop is not one for statement)";
    s.replacementCode = code;
    return counts + ", parallel with private copies";
  }
}
