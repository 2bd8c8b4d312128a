package dev.polyj.presburger.testing;

import dev.polyj.presburger.set.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The brute-force oracle: enumerates the integer points of a box and asks membership point by
 * point. Property tests compare every operation against it on bounded boxes and several parameter
 * values.
 */
public final class BruteForce {
  private BruteForce() {}

  /** Calls {@code action} with every vector of {@code n} coordinates in {@code [lo, hi]^n}. */
  public static void forEachPoint(int n, long lo, long hi, Consumer<long[]> action) {
    long[] p = new long[n];
    Arrays.fill(p, lo);
    if (n == 0) {
      action.accept(p.clone());
      return;
    }
    while (true) {
      action.accept(p.clone());
      int i = n - 1;
      while (i >= 0 && p[i] == hi) {
        p[i] = lo;
        i--;
      }
      if (i < 0) return;
      p[i]++;
    }
  }

  /** The points (parameters then dimensions) of {@code r} inside the box {@code [lo, hi]^nVar}. */
  public static List<long[]> points(Relation r, long lo, long hi) {
    List<long[]> out = new ArrayList<>();
    forEachPoint(r.space().nVar(), lo, hi, p -> {
      if (r.contains(p)) out.add(p);
    });
    return out;
  }

  /** The box {@code lo <= x <= hi} on every parameter and dimension of the space of {@code r}. */
  public static Relation box(dev.polyj.presburger.space.Space space, long lo, long hi) {
    var b = dev.polyj.presburger.set.BasicRelation.builder(space);
    for (int v = 0; v < space.nVar(); v++) {
      long[] low = new long[1 + space.nVar()];
      low[0] = -lo;
      low[1 + v] = 1;
      long[] up = new long[1 + space.nVar()];
      up[0] = hi;
      up[1 + v] = -1;
      b.addIneq(low).addIneq(up);
    }
    return Relation.of(b.build());
  }
}
