package dev.polyj.polyhedral.storage.delicm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.polyhedral.frontend.CFrontEnd;
import dev.polyj.polyhedral.frontend.RegionResult;
import dev.polyj.polyhedral.scop.Scop;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * DeLICM against program interpretation: random small programs with scalars and arrays
 * ({@link RandomProgram}), run before and after forwarding and mapping for several values of
 * {@code N} ({@link ScopInterpreter}), must leave every array with the same contents. The
 * conflict check that ignores the unknown zone (reads of values from before the region) must be
 * caught by the same oracle.
 */
class DeLicmProperties {
  static Scop scop(long seed) {
    List<RegionResult> regions = CFrontEnd.extract(RandomProgram.generate(seed), "random.c");
    if (regions.isEmpty() || regions.get(0).scop() == null) return null;
    return regions.get(0).scop();
  }

  /** Null when the two SCoPs compute the same; else the first difference. */
  static String difference(Scop a, Scop b) {
    ScopInterpreter.registerLocals(a);
    for (long n = 0; n <= 4; n++) {
      Map<String, Long> p = Map.of("N", n);
      Map<String, Double> x = ScopInterpreter.run(a, p, 6);
      Map<String, Double> y = ScopInterpreter.run(b, p, 6);
      // a cell a run does not write keeps its initial value (a store of the value a cell already
      // holds may be removed): compared on the cells either run touched
      java.util.Set<String> cells = new java.util.TreeSet<>(x.keySet());
      cells.addAll(y.keySet());
      for (String c : cells) {
        double vx = x.getOrDefault(c, ScopInterpreter.initial(c));
        double vy = y.getOrDefault(c, ScopInterpreter.initial(c));
        if (Double.compare(vx, vy) != 0) return "N=" + n + ": " + x + " vs " + y;
      }
    }
    return null;
  }

  @Property(tries = 120)
  void forwardingAndMappingKeepWhatTheProgramComputes(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    Scop s = scop(seed);
    if (s == null) return;
    DeLicm.Result r = DeLicm.run(s);
    String diff = difference(s, r.scop());
    assertEquals(null, diff, RandomProgram.generate(seed) + "\n" + r.note());
    assertEquals(null, detachedAccess(r.scop()), RandomProgram.generate(seed) + "\n" + r.note());
  }

  /**
   * The first access whose expression is not a node of its statement's body (by identity), or
   * null. The front end makes each access's expression a node of the body, and later passes rely
   * on it (the reduction detection finds the load among the store's operands by identity); a
   * rewrite that rebuilds the body must keep the nodes it does not change.
   */
  static String detachedAccess(Scop scop) {
    for (dev.polyj.polyhedral.scop.Statement st : scop.statements()) {
      java.util.Set<dev.polyj.polyhedral.scop.Expr> nodes =
          java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      collect(st.body(), nodes);
      for (dev.polyj.polyhedral.scop.Access a : st.accesses()) {
        if (!nodes.contains(a.expr())) return st.name() + ": " + a.array() + " (" + a.kind() + ") not in " + st.body();
      }
    }
    return null;
  }

  private static void collect(dev.polyj.polyhedral.scop.Expr e, java.util.Set<dev.polyj.polyhedral.scop.Expr> nodes) {
    nodes.add(e);
    for (dev.polyj.polyhedral.scop.Expr c : e.children()) collect(c, nodes);
  }

  /** The exact check maps scalars in a good share of the programs (the property above is not vacuous). */
  @Test
  void mappingsHappen() {
    int mapped = 0;
    int forwarded = 0;
    for (long seed = 0; seed < 60; seed++) {
      Scop s = scop(seed);
      if (s == null) continue;
      DeLicm.Result r = DeLicm.run(s);
      mapped += r.mapped().size();
      forwarded += r.forwarded().size();
    }
    assertTrue(mapped >= 3, "only " + mapped + " mappings");
    assertTrue(forwarded >= 3, "only " + forwarded + " forwardings");
  }

  /** A conflict check that ignores the unknown zone maps wrongly on some program, and the oracle sees it. */
  @Test
  void ignoringTheUnknownZoneIsCaught() {
    for (long seed = 0; seed < 400; seed++) {
      Scop s = scop(seed);
      if (s == null) continue;
      DeLicm.Result wrong = DeLicm.run(s, ConflictCheck.Mode.IGNORE_UNKNOWN);
      if (difference(s, wrong.scop()) != null) return;
    }
    throw new AssertionError("no program showed the wrong conflict check");
  }
}
