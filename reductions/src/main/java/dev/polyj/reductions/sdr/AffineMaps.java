package dev.polyj.reductions.sdr;

import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.space.Space;
import dev.polyj.presburger.space.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * Affine functions as integer rows and the few relations SDR builds from them: the rows of an
 * affine access ({@code S[i, j] -> A[i + 1]}), translations of a statement's domain along a
 * vector, and access maps over renamed tuples. A row is over {@code [constant, parameters, inputs]}.
 */
final class AffineMaps {
  private AffineMaps() {}

  /**
   * The rows of a single-valued affine map (one output row per output dimension), or null when the
   * map is not given by one affine expression per output (quasi-affine, piecewise, or a relation).
   */
  static long[][] rows(Relation map) {
    if (map.nBasic() != 1) return null;
    BasicRelation b = map.basics().get(0);
    if (b.nLocal() != 0) return null;
    int np = b.nParam();
    int nIn = b.nIn();
    int nOut = b.nOut();
    long[][] out = new long[nOut][];
    for (long[] eq : b.equalities()) {
      int which = -1;
      boolean single = true;
      for (int k = 0; k < nOut; k++) {
        if (eq[b.outCol(k)] == 0) continue;
        if (which >= 0) single = false;
        which = k;
      }
      if (which < 0 || !single || Math.abs(eq[b.outCol(which)]) != 1 || out[which] != null) continue;
      long sign = -eq[b.outCol(which)]; // out = sign * (rest)
      long[] row = new long[1 + np + nIn];
      row[0] = Ints.mul(sign, eq[0]);
      for (int p = 0; p < np; p++) row[1 + p] = Ints.mul(sign, eq[b.paramCol(p)]);
      for (int i = 0; i < nIn; i++) row[1 + np + i] = Ints.mul(sign, eq[b.inCol(i)]);
      out[which] = row;
    }
    for (long[] r : out) if (r == null) return null;
    return out;
  }

  /** The linear part of {@code rows} (the input columns) applied to the vector {@code v}. */
  static long[] linearImage(long[][] rows, int nParam, long[] v) {
    long[] out = new long[rows.length];
    for (int k = 0; k < rows.length; k++) {
      long s = 0;
      for (int i = 0; i < v.length; i++) s = Ints.add(s, Ints.mul(rows[k][1 + nParam + i], v[i]));
      out[k] = s;
    }
    return out;
  }

  /** The map {@code T[x] -> T[x + v]} on the space of the set {@code set}. */
  static Relation translation(Space set, long[] v) {
    Space map = Space.map(set.params(), set.tuple(), set.tuple());
    BasicRelation.Builder b = BasicRelation.builder(map);
    int np = set.nParam();
    int n = set.nOut();
    for (int k = 0; k < n; k++) {
      long[] row = new long[1 + np + 2 * n];
      row[0] = v[k];
      row[1 + np + k] = 1;
      row[1 + np + n + k] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build());
  }

  /** {@code set} translated by {@code v}: the points {@code x + v}. */
  static Relation translate(Relation set, long[] v) {
    return set.apply(translation(set.space(), v));
  }

  /** The set with its tuple named {@code name} (same dimensions). */
  static Relation renamed(Relation set, String name) {
    return set.withSpace(Space.set(set.space().params(), Tuple.anonymous(name, set.space().nOut())));
  }

  /** The map {@code stmt[x] -> array[rows(x)]} over {@code params}. */
  static Relation map(List<String> params, String stmt, int nIn, String array, long[][] rows) {
    Space sp = Space.map(params, Tuple.anonymous(stmt, nIn), Tuple.anonymous(array, rows.length));
    BasicRelation.Builder b = BasicRelation.builder(sp);
    int np = params.size();
    for (int k = 0; k < rows.length; k++) {
      long[] row = new long[1 + np + nIn + rows.length];
      for (int c = 0; c < 1 + np + nIn; c++) row[c] = rows[k][c];
      row[1 + np + nIn + k] = -1;
      b.addEq(row);
    }
    return Relation.of(b.build());
  }

  /** The identity rows of an {@code n}-dimensional space shifted by {@code -shift} ({@code x - shift}). */
  static long[][] identityMinus(int nParam, int n, long[] shift) {
    long[][] rows = new long[n][1 + nParam + n];
    for (int k = 0; k < n; k++) {
      rows[k][0] = shift == null ? 0 : Ints.neg(shift[k]);
      rows[k][1 + nParam + k] = 1;
    }
    return rows;
  }

  /** {@code rows} with {@code shift} added to the constants. */
  static long[][] shifted(long[][] rows, long[] shift) {
    long[][] out = new long[rows.length][];
    for (int k = 0; k < rows.length; k++) {
      out[k] = rows[k].clone();
      out[k][0] = Ints.add(out[k][0], shift[k]);
    }
    return out;
  }

  static boolean isZero(long[] v) {
    for (long x : v) if (x != 0) return false;
    return true;
  }

  static long[] negate(long[] v) {
    long[] out = new long[v.length];
    for (int k = 0; k < v.length; k++) out[k] = Ints.neg(v[k]);
    return out;
  }

  /** The linear part (input columns) of each equality of {@code b} without locals. */
  static List<long[]> hullDirections(BasicRelation b) {
    List<long[]> out = new ArrayList<>();
    if (b.nIn() != 0) return out;
    for (long[] eq : b.equalities()) {
      boolean local = false;
      for (int l = 0; l < b.nLocal(); l++) if (eq[b.localCol(l)] != 0) local = true;
      if (local) continue;
      long[] row = new long[b.nOut()];
      for (int k = 0; k < b.nOut(); k++) row[k] = eq[b.outCol(k)];
      if (!isZero(row)) out.add(row);
    }
    return out;
  }
}
