package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scheduling.TreeDependences;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.testing.BruteForce;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Tiling and the exact dependence analysis of schedule trees against enumeration: uniform
 * dependences on a fixed square, a (possibly skewed) permutable band tiled with random sizes
 * (wavefront when needed); every dependence must go lexicographically forward in the flattened
 * tiled schedule, and each loop's parallel flag must say exactly whether some dependence
 * between instances equal on the outer loops has different values at it.
 */
class TilingProperties {
  private static final int SIDE = 7;
  private static final String DOMAIN = "{ S[i, j] : 0 <= i < " + SIDE + " and 0 <= j < " + SIDE + " }";

  private static UnionRelation deps(List<Integer> distances) {
    List<String> pieces = new ArrayList<>();
    for (int k = 0; k + 1 < distances.size(); k += 2) {
      int a = distances.get(k);
      int b = distances.get(k + 1);
      if (a == 0 && b == 0) continue;
      pieces.add("S[i, j] -> S[i + " + a + ", j + " + b + "] : 0 <= i < " + SIDE + " and 0 <= j < " + SIDE
          + " and 0 <= i + " + a + " < " + SIDE + " and 0 <= j + " + b + " < " + SIDE);
    }
    if (pieces.isEmpty()) return UnionRelation.parse("{ S[i, j] -> S[i, j + 1] : 0 <= i < 0 }");
    return UnionRelation.parse("{ " + String.join("; ", pieces) + " }");
  }

  private static ScheduleNode band(String[] rows, ScheduleNode child) {
    List<UnionRelation> members = new ArrayList<>();
    for (String r : rows) members.add(UnionRelation.parse("{ S[i, j] -> [" + r + "] }"));
    int n = rows.length;
    return new ScheduleNode.Band(ImmutableList.copyOf(members), true,
        ImmutableList.copyOf(Collections.nCopies(n, false)),
        ImmutableList.copyOf(Collections.nCopies(n, ScheduleNode.LoopType.DEFAULT)), "", child);
  }

  @Property(tries = 40)
  void tiledSchedulesRespectDependencesAndFlagParallelLoopsExactly(
      @ForAll @Size(min = 2, max = 6) List<@IntRange(min = 0, max = 2) Integer> distances,
      @ForAll @IntRange(min = 0, max = 1) int skew, @ForAll @IntRange(min = 1, max = 4) int t0,
      @ForAll @IntRange(min = 1, max = 4) int t1, @ForAll boolean wavefront) {
    UnionRelation deps = deps(distances);
    String[] rows = {"i", skew == 0 ? "j" : "i + j"};
    ScheduleNode tree = new ScheduleNode.Domain(UnionRelation.parse(DOMAIN), band(rows, ScheduleNode.LEAF));
    Tiling.BandPolicy policy = new Tiling.BandPolicy() {
      @Override
      public long[] sizes(ScheduleNode.Band b) {
        return new long[] {t0, t1};
      }

      @Override
      public boolean wavefront() {
        return wavefront;
      }
    };
    Tiling.Result tiled = Tiling.tile(tree, policy, deps);
    UnionRelation lifted = tiled.liftDependences(deps);
    ScheduleNode annotated = TreeDependences.annotate(tiled.tree(), lifted);

    List<Boolean> claimed = new ArrayList<>();
    for (ScheduleNode c = ((ScheduleNode.Domain) tiled.tree()).child(); c instanceof ScheduleNode.Band b; c = b.child()) {
      claimed.addAll(b.coincident());
    }
    List<UnionRelation> members = new ArrayList<>();
    List<Boolean> flags = new ArrayList<>();
    ScheduleNode n = ((ScheduleNode.Domain) annotated).child();
    while (n instanceof ScheduleNode.Band b) {
      members.addAll(b.members());
      flags.addAll(b.coincident());
      n = b.child();
    }
    assertEquals(4, members.size(), "a tile band and a point band of two members each");
    Relation aug = tiled.augmentation().single();
    List<long[]> pairs = new ArrayList<>();
    for (Relation d : deps.relations()) pairs.addAll(BruteForce.points(d, 0, SIDE - 1));
    boolean[] carries = new boolean[members.size()];
    for (long[] p : pairs) {
      long[] s = schedule(members, augmented(aug, p[0], p[1]));
      long[] t = schedule(members, augmented(aug, p[2], p[3]));
      int l = 0;
      while (l < s.length && s[l] == t[l]) l++;
      assertTrue(l < s.length && s[l] < t[l], "dependence not ordered forward");
      carries[l] = true;
    }
    for (int l = 0; l < members.size(); l++) {
      assertEquals(!carries[l], flags.get(l), "parallel flag of loop " + l);
      assertTrue(!claimed.get(l) || !carries[l], "tiling claims loop " + l + " parallel but it carries a dependence");
    }
  }

  /** The augmented instance of S[i, j] (tile coordinates prepended). */
  private static long[] augmented(Relation aug, long i, long j) {
    int extra = aug.space().nOut() - 2;
    long[] out = new long[extra + 2];
    out[extra] = i;
    out[extra + 1] = j;
    long[] probe = new long[2 + extra + 2];
    probe[0] = i;
    probe[1] = j;
    BruteForce.forEachPoint(extra, -SIDE, 2 * SIDE, t -> {
      System.arraycopy(t, 0, probe, 2, extra);
      probe[2 + extra] = i;
      probe[3 + extra] = j;
      if (aug.contains(probe)) System.arraycopy(t, 0, out, 0, extra);
    });
    return out;
  }

  private static long[] schedule(List<UnionRelation> members, long[] instance) {
    long[] v = new long[members.size()];
    for (int l = 0; l < v.length; l++) {
      Relation m = members.get(l).single();
      long[] probe = new long[instance.length + 1];
      System.arraycopy(instance, 0, probe, 0, instance.length);
      boolean found = false;
      for (long x = -4 * SIDE; x <= 4 * SIDE && !found; x++) {
        probe[instance.length] = x;
        if (m.contains(probe)) {
          v[l] = x;
          found = true;
        }
      }
      assertTrue(found, "member " + l + " has no value at the instance");
    }
    return v;
  }

  @Test
  void aBandReversingADependenceIsRejected() {
    UnionRelation deps = deps(List.of(1, 0));
    ScheduleNode tree = new ScheduleNode.Domain(UnionRelation.parse(DOMAIN),
        band(new String[] {"-i", "j"}, ScheduleNode.LEAF));
    assertThrows(TreeDependences.IllegalScheduleException.class, () -> TreeDependences.check(tree, deps));
  }

  @Test
  void aSequenceRunningTheSinkFirstIsRejected() {
    UnionRelation deps = UnionRelation.parse("{ A[i] -> B[i] : 0 <= i < 4 }");
    UnionRelation dom = UnionRelation.parse("{ A[i] : 0 <= i < 4; B[i] : 0 <= i < 4 }");
    ScheduleNode wrong = new ScheduleNode.Domain(dom, new ScheduleNode.Sequence(ImmutableList.of(
        new ScheduleNode.Filter(UnionRelation.parse("{ B[i] }"), ScheduleNode.LEAF),
        new ScheduleNode.Filter(UnionRelation.parse("{ A[i] }"), ScheduleNode.LEAF))));
    assertThrows(TreeDependences.IllegalScheduleException.class, () -> TreeDependences.check(wrong, deps));
    ScheduleNode right = new ScheduleNode.Domain(dom, new ScheduleNode.Sequence(ImmutableList.of(
        new ScheduleNode.Filter(UnionRelation.parse("{ A[i] }"), ScheduleNode.LEAF),
        new ScheduleNode.Filter(UnionRelation.parse("{ B[i] }"), ScheduleNode.LEAF))));
    TreeDependences.check(right, deps);
  }

  @Test
  void aTimeSkewedStencilBandBecomesAWavefrontWithAParallelSecondTileLoop() {
    // jacobi-1d-like: (1, -1), (1, 0), (1, 1) in (t, i); skewed band (t, t + i) is permutable
    UnionRelation deps = UnionRelation.parse("{ S[i, j] -> S[i + 1, k] : -1 <= k - j <= 1 and 0 <= i < "
        + (SIDE - 1) + " and 0 <= j < " + SIDE + " and 0 <= k < " + SIDE + " }");
    ScheduleNode tree = new ScheduleNode.Domain(UnionRelation.parse(DOMAIN),
        band(new String[] {"i", "i + j"}, ScheduleNode.LEAF));
    Tiling.Result tiled = Tiling.tile(tree, Tiling.fixedSizes(3), deps);
    ScheduleNode annotated = TreeDependences.annotate(tiled.tree(), tiled.liftDependences(deps));
    ScheduleNode.Band tiles = (ScheduleNode.Band) ((ScheduleNode.Domain) annotated).child();
    assertEquals(List.of(false, true), tiles.coincident());
  }
}
