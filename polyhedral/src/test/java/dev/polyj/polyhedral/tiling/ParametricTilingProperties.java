package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.testing.BruteForce;
import dev.polyj.presburger.testing.PresburgerArbitraries;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Parametric tiling against enumeration: the outset of a set holds the origin of every tile that
 * meets the set (and is the set itself for unit tiles), and the augmentation puts every instance
 * in exactly one tile of the grid, whose origins all lie in the outset of the band's image.
 */
class ParametricTilingProperties {
  private static final Space SPACE = Space.set(List.of("N"), 2);
  private static final List<String> PARAMS = List.of("N", ParametricTiling.sizeParam(0), ParametricTiling.sizeParam(1));
  private static final int BOX = 5;

  @Provide
  Arbitrary<BasicRelation> sets() {
    return PresburgerArbitraries.basicRelations(SPACE, 3, 4, 0);
  }

  private static Relation bounded(BasicRelation b) {
    return Relation.of(b).intersect(BruteForce.box(SPACE, -BOX, BOX));
  }

  @Property(tries = 150)
  void theOutsetHoldsTheOriginOfEveryTileMeetingTheSet(@ForAll("sets") BasicRelation b,
      @ForAll @IntRange(min = 1, max = 4) int t1, @ForAll @IntRange(min = 1, max = 4) int t2,
      @ForAll @IntRange(min = -2, max = 3) int n) {
    Relation set = bounded(b);
    Relation outset = ParametricTiling.outset(set).alignParams(PARAMS);
    for (long[] p : BruteForce.points(set, -BOX, BOX)) {
      if (p[0] != n) continue;
      long o1 = t1 * Math.floorDiv(p[1], t1);
      long o2 = t2 * Math.floorDiv(p[2], t2);
      assertTrue(outset.contains(new long[] {n, t1, t2, o1, o2}),
          "origin (" + o1 + ", " + o2 + ") of the tile of " + p[1] + ", " + p[2] + " not in the outset " + outset);
    }
  }

  @Property(tries = 100)
  void theOutsetOfUnitTilesIsTheSet(@ForAll("sets") BasicRelation b, @ForAll @IntRange(min = -2, max = 3) int n) {
    Relation set = bounded(b);
    Relation outset = ParametricTiling.outset(set).alignParams(PARAMS);
    BruteForce.forEachPoint(2, -BOX - 1, BOX + 1, x -> assertEquals(set.contains(new long[] {n, x[0], x[1]}),
        outset.contains(new long[] {n, 1, 1, x[0], x[1]}), "point " + x[0] + ", " + x[1]));
  }

  @Test
  void everyInstanceIsInExactlyOneGridTileAndTheOriginsLieInTheOutset() {
    Relation domain = Relation.parse("[N] -> { S[i, j] : 0 <= i < N and 0 <= j <= i }");
    // a skewed band, as Pluto produces for stencils
    List<UnionRelation> members = List.of(UnionRelation.parse("[N] -> { S[i, j] -> [i] }"),
        UnionRelation.parse("[N] -> { S[i, j] -> [i + j] }"));
    Relation aug = ParametricTiling.augmentation(members).relations().get(0).alignParams(PARAMS);
    for (int n = 0; n <= 6; n++) {
      for (int t1 = 1; t1 <= 4; t1++) {
        for (int t2 = 1; t2 <= 4; t2++) {
          for (long[] p : BruteForce.points(domain, 0, 6)) {
            if (p[0] != n) continue;
            long i = p[1];
            long j = p[2];
            int tiles = 0;
            for (long o1 = -8; o1 <= 16; o1++) {
              for (long o2 = -8; o2 <= 16; o2++) {
                if (o1 % t1 != 0 || o2 % t2 != 0) continue;
                if (aug.contains(new long[] {n, t1, t2, i, j, o1, o2, i, j})) tiles++;
              }
            }
            assertEquals(1, tiles, "instance " + i + ", " + j + " with sizes " + t1 + ", " + t2);
          }
        }
      }
    }
    // the tile loops scan the projection of the augmented domain on the origins: inside the outset
    Relation image = domain.apply(Relation.parse("[N] -> { S[i, j] -> [i, i + j] }"));
    Relation origins = domain.alignParams(PARAMS).apply(aug).projectOut(dev.polyj.presburger.set.DimKind.OUT, 2, 2);
    Relation outset = ParametricTiling.outset(image).alignParams(PARAMS);
    assertTrue(origins.withSpace(outset.space()).isSubset(outset), origins + " not in " + outset);
  }

  @Test
  void aWavefrontAugmentationPutsEveryInstanceInExactlyOneTileOfTheSharedGrid() {
    Relation domain = Relation.parse("[N] -> { S[i, j] : 0 <= i < N and 0 <= j < N }");
    List<UnionRelation> members = List.of(UnionRelation.parse("[N] -> { S[i, j] -> [i] }"),
        UnionRelation.parse("[N] -> { S[i, j] -> [i + j] }"));
    Relation aug = ParametricTiling.augmentation(members, true).relations().get(0).alignParams(PARAMS);
    assertEquals(java.util.Arrays.asList(ParametricTiling.sizeParam(0), null, ParametricTiling.sizeParam(0)),
        ParametricTiling.originSizes(2, true));
    for (int n = 0; n <= 5; n++) {
      for (int t = 1; t <= 4; t++) {
        for (long[] p : BruteForce.points(domain, 0, 5)) {
          if (p[0] != n) continue;
          int tiles = 0;
          for (long o1 = -8; o1 <= 12; o1 += 1) {
            for (long o2 = -8; o2 <= 12; o2 += 1) {
              if (Math.floorMod(o1, t) != 0 || Math.floorMod(o2, t) != 0) continue;
              // the size T_2 is not used by a wavefront band: any value
              if (aug.contains(new long[] {n, t, 99, p[1], p[2], o1 + o2, o1, o2, p[1], p[2]})) tiles++;
              assertTrue(!aug.contains(new long[] {n, t, 99, p[1], p[2], o1 + o2 + 1, o1, o2, p[1], p[2]}));
            }
          }
          assertEquals(1, tiles, "instance " + p[1] + ", " + p[2] + " with size " + t);
        }
      }
    }
  }
}
