package dev.polyj.codegen.transform;

import dev.polyj.codegen.ast.CollapsedNest;
import dev.polyj.codegen.ast.Node;
import dev.polyj.polyhedral.multifor.FlatRankLoop;
import dev.polyj.polyhedral.pass.BasicPass;
import dev.polyj.polyhedral.pass.Pass;
import dev.polyj.polyhedral.pass.PassLevel;
import dev.polyj.polyhedral.pass.PassOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs each OpenMP-parallel loop whose parallel band is not rectangular (a triangular nest of tile
 * loops, say) as one flat parallel loop over the ranks of the band's iterations, cut into balanced
 * static chunks, each unranking its first iteration once: ranking Ehrhart polynomials and their
 * inversion, Fassi et al., IMPACT 2013, section 5 ({@link CollapsedNest}, {@link FlatRankLoop}).
 * Only loops of the band that the schedule proves coincident are collapsed, so every point of the
 * flat loop is independent of the others; the loops inside the band, and everything else of the
 * region, are printed as before.
 */
public final class CollapsePass extends BasicPass<RegionState> {
  /** The default number of loops collapsed: the parallel loop and the one inside it. */
  static final int DEFAULT_DEPTH = 2;

  private final int depth;

  public CollapsePass() {
    this(DEFAULT_DEPTH);
  }

  private CollapsePass(int depth) {
    super("collapse", PassLevel.AST, false,
        "non-rectangular parallel loop nests run as one flat loop over ranks in balanced chunks (unranked once per chunk)");
    this.depth = depth;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("depth", "most loops collapsed into one (at least 2); default " + DEFAULT_DEPTH);
  }

  @Override
  public Pass<RegionState> withOption(String key, String value) {
    if (!key.equals("depth")) throw new IllegalArgumentException(PassOptions.unknown(this, key));
    long d = PassOptions.integer(this, key, value, 2);
    if (d > 8) throw new IllegalArgumentException(name() + ".depth: at most 8, got " + d);
    return new CollapsePass((int) d);
  }

  @Override
  public String run(RegionState s) {
    List<String> collapsed = new ArrayList<>();
    for (RegionState.Version v : s.versions) {
      if (v.scheduled == null) continue;
      v.ast = Node.rewriteLoops(v.ast, f -> {
        if (f.pragmas().stream().noneMatch(p -> p.startsWith("omp parallel for"))) return null;
        // the last rank's private copies are not the last iteration's values of the outer loop
        if (f.pragmas().stream().anyMatch(p -> p.contains("lastprivate("))) return null;
        CollapsedNest nest = CollapsedNest.of(f, depth);
        if (nest == null) return null;
        String name = nest.functionPrefix();
        if (!s.fileScope.containsKey(name)) {
          s.fileScope.putIfAbsent("", FlatRankLoop.helpers());
          try {
            s.fileScope.put(name, FlatRankLoop.functions(name, nest.set()));
          } catch (IllegalArgumentException e) {
            s.notes.add("collapse: loop " + f.iterator() + " kept: " + e.getMessage());
            return null;
          }
        }
        collapsed.add("(" + String.join(", ", nest.loops().stream().map(Node.For::iterator).toList()) + ")");
        return new Node.Mark(CollapsedNest.markName(nest.loops().size()), f);
      });
    }
    return collapsed.isEmpty() ? "" : collapsed.size() + " nest(s) collapsed: " + String.join(" ", collapsed);
  }
}
