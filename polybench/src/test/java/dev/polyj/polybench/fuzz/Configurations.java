package dev.polyj.polybench.fuzz;

import dev.polyj.polybench.fuzz.Differential.Variant;
import java.util.ArrayList;
import java.util.List;

/**
 * The ways every random program is optimized and compiled: each a list of {@code polyj optimize}
 * arguments (plus {@code -D} options of the compilation for the variant that changes the size
 * macros). A new option of the optimizer is covered by adding one line here; {@link
 * #eachPassDisabled} turns each optional pass of the pipeline off in turn.
 */
public final class Configurations {
  private Configurations() {}

  /** Other values of the size macros {@code N0..N3} than the programs' own, given at compile time. */
  static final List<String> OTHER_SIZES = List.of("-DN0=5", "-DN1=13", "-DN2=3", "-DN3=9");

  /** Every configuration: the full campaign runs all of them on every program. */
  public static List<Variant> all() {
    List<Variant> out = new ArrayList<>();
    out.add(Variant.of("defaults"));
    out.add(new Variant("sizes-changed", List.of(), OTHER_SIZES, false));
    out.add(Variant.of("tile-4", "--tile", "4"));
    out.add(Variant.of("tile-3,5,2", "--tile", "3,5,2"));
    out.add(Variant.of("tile-none", "--tile", "none"));
    out.add(Variant.of("sequential", "--no-parallel"));
    out.add(new Variant("param-tiles", List.of("--tile", "param:4,3"), List.of(), false));
    out.add(Variant.of("no-wavefront-no-unroll", "--no-wavefront", "--no-stride-order", "--unroll-jam", "1"));
    out.add(Variant.of("diamond", "--diamond", "--tile", "4"));
    out.add(Variant.of("delicm", "--delicm"));
    out.add(new Variant("reassociate", List.of("--reassociate"), List.of(), true));
    out.add(new Variant("reassociate-sequential-sizes", List.of("--reassociate", "--no-parallel"), OTHER_SIZES, true));
    out.addAll(eachPassDisabled(optionalPasses()));
    return out;
  }

  /**
   * A few configurations for the default test run, rotated over the programs so that a batch
   * covers all of them: program {@code k} gets the defaults, the changed sizes and two others.
   */
  public static List<Variant> rotation(int k) {
    List<Variant> all = all();
    List<Variant> out = new ArrayList<>(List.of(all.get(0), all.get(1)));
    int rest = all.size() - 2;
    out.add(all.get(2 + Math.floorMod(2 * k, rest)));
    out.add(all.get(2 + Math.floorMod(2 * k + 1, rest)));
    return out;
  }

  /**
   * One configuration per program, for the many small programs of the default test run: the
   * defaults (program {@code k = 0 mod 3}), the changed sizes ({@code 1 mod 3}) or one of the others
   * in turn ({@code 2 mod 3}).
   */
  public static List<Variant> light(int k) {
    List<Variant> all = all();
    int slot = Math.floorMod(k, 3);
    if (slot < 2) return List.of(all.get(slot));
    return List.of(all.get(2 + Math.floorMod(k / 3, all.size() - 2)));
  }

  /** The passes the default pipeline runs and can do without. */
  static List<String> optionalPasses() {
    List<String> out = new ArrayList<>();
    for (var p : dev.polyj.polybench.optimize.OptimizerPipeline.passes()) {
      if (p.enabledByDefault() && !p.required()) out.add(p.name());
    }
    return out;
  }

  /** One configuration per optimizer pass, with that pass turned off ({@code --disable-pass NAME}). */
  public static List<Variant> eachPassDisabled(List<String> passes) {
    List<Variant> out = new ArrayList<>();
    for (String p : passes) out.add(Variant.of("without-" + p, "--disable-pass", p));
    return out;
  }
}
