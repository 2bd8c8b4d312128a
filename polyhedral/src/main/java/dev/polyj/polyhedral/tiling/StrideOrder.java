package dev.polyj.polyhedral.tiling;

import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.presburger.set.BasicRelation;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;

/**
 * The order of the point loops of a tile: the loop along which most accesses are stride-one
 * (consecutive elements of the last array dimension) or invariant, and which is parallel when one
 * such loop is, goes innermost, where the compiler vectorizes it (Pluto's intra-tile
 * reordering for spatial locality and vectorization); the other loops keep their order.
 *
 * <p>A band member is matched to an iterator of a statement when its affine row is that
 * iterator, up to constants and parameters; an access scores +2 when its last subscript moves by
 * one with the iterator and no other subscript moves, +1 when no subscript moves (reuse in a
 * register), and -2 otherwise (a stride of a whole row or more).
 */
public final class StrideOrder {
  private final Scop scop;

  public StrideOrder(Scop scop) {
    this.scop = scop;
  }

  /**
   * The question a tile-size policy answers for this band: its size, the member that goes
   * innermost when it has stride-one accesses (else -1), the element size of the statements'
   * arrays, and the number of distinct stride-one references along that member (SICA's E).
   */
  public TileSizeQuery query(ScheduleNode.Band band) {
    int n = band.nMember();
    int[] order = order(band);
    int last = order[n - 1];
    int stride1 = -1;
    int refs = 0;
    if (!(order[n - 1] == n - 1 && score(band.members().get(n - 1)) == null)) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (Relation r : band.members().get(last).relations()) {
        Statement st = statement(r.space().domainTuple().name());
        long[] row = st == null ? null : affineRow(r, 0);
        int iterator = row == null ? -1 : plainIterator(row);
        if (iterator < 0) continue;
        for (Access a : st.accesses()) {
          if (accessScore(a, iterator) == 2 && seen.add(a.array() + " " + a.relation())) refs++;
        }
      }
      if (refs > 0) stride1 = last;
    }
    return new TileSizeQuery(n, stride1, elementBytes(), Math.max(1, refs));
  }

  private Statement statement(String name) {
    for (Statement x : scop.statements()) if (x.name().equals(name)) return x;
    return null;
  }

  /** The iterator a row of coefficients is (one coefficient of magnitude one, the others zero), or -1. */
  static int plainIterator(long[] row) {
    int iterator = -1;
    for (int j = 0; j < row.length; j++) {
      if (row[j] == 0) continue;
      if (iterator >= 0 || Math.abs(row[j]) != 1) return -1;
      iterator = j;
    }
    return iterator;
  }

  /** The largest element size of the SCoP's arrays (8 for double, 4 for float and int). */
  private int elementBytes() {
    int bytes = 1;
    for (dev.polyj.polyhedral.scop.ArrayInfo a : scop.arrays()) {
      String t = a.elementType().replace("const", "").trim();
      int b = switch (t) {
        case "double", "long", "long long", "int64_t", "uint64_t", "size_t" -> 8;
        case "float", "int", "unsigned", "unsigned int", "int32_t", "uint32_t" -> 4;
        case "short", "int16_t" -> 2;
        case "char", "int8_t", "uint8_t" -> 1;
        default -> 8;
      };
      bytes = Math.max(bytes, b);
    }
    return bytes;
  }

  /** The point order: the best-scoring member last, the others in their order. */
  public int[] order(ScheduleNode.Band band) {
    int n = band.nMember();
    int best = n - 1;
    long bestScore = Long.MIN_VALUE;
    for (int k = 0; k < n; k++) {
      Long s = score(band.members().get(k));
      if (s == null) return identity(n); // skewed bands keep their order
      long key = 4 * s + (band.coincident().get(k) ? 2 : 0) + (k == n - 1 ? 1 : 0);
      if (key > bestScore) {
        bestScore = key;
        best = k;
      }
    }
    int[] order = new int[n];
    int pos = 0;
    for (int k = 0; k < n; k++) if (k != best) order[pos++] = k;
    order[n - 1] = best;
    return order;
  }

  private static int[] identity(int n) {
    int[] order = new int[n];
    for (int k = 0; k < n; k++) order[k] = k;
    return order;
  }

  /** The stride score of a member over all statements it schedules, or null when not a plain iterator. */
  Long score(UnionRelation member) {
    long total = 0;
    for (Relation r : member.relations()) {
      if (!r.space().isMap()) return null;
      Statement st = null;
      for (Statement x : scop.statements()) if (x.name().equals(r.space().domainTuple().name())) st = x;
      if (st == null) return null;
      long[] row = affineRow(r, 0);
      if (row == null) return null;
      int iterator = -1;
      for (int j = 0; j < row.length; j++) {
        if (row[j] == 0) continue;
        if (iterator >= 0 || Math.abs(row[j]) != 1) return null;
        iterator = j;
      }
      if (iterator < 0) continue; // a constant member for this statement: no movement
      for (Access a : st.accesses()) total += accessScore(a, iterator);
    }
    return total;
  }

  private static long accessScore(Access a, int iterator) {
    int nSub = a.relation().space().nOut();
    if (nSub == 0) return 1;
    boolean lastMoves = false;
    for (int o = 0; o < nSub; o++) {
      long[] sub = affineRow(a.relation(), o);
      if (sub == null) return 0;
      long c = sub[iterator];
      if (c == 0) continue;
      if (o < nSub - 1) return -2;
      if (Math.abs(c) != 1) return -1;
      lastMoves = true;
    }
    return lastMoves ? 2 : 1;
  }

  /**
   * Output dimension {@code out} of a single affine map as a row {@code [constant, parameters,
   * inputs]} (an equality fixing it, without locals), or null.
   */
  static long[] affineForm(Relation r, int out) {
    if (r.nBasic() != 1) return null;
    BasicRelation b = r.basics().get(0);
    for (long[] e : b.equalities()) {
      long c = e[b.outCol(out)];
      if (Math.abs(c) != 1) continue;
      boolean only = true;
      for (int o = 0; o < b.nOut() && only; o++) if (o != out && e[b.outCol(o)] != 0) only = false;
      for (int l = 0; l < b.nLocal() && only; l++) if (e[b.localCol(l)] != 0) only = false;
      if (!only) continue;
      long[] row = new long[1 + b.nParam() + b.nIn()];
      row[0] = -c * e[0];
      for (int k = 0; k < b.nParam(); k++) row[1 + k] = -c * e[b.paramCol(k)];
      for (int j = 0; j < b.nIn(); j++) row[1 + b.nParam() + j] = -c * e[b.inCol(j)];
      return row;
    }
    return null;
  }

  /**
   * The coefficients of the input dimensions in output dimension {@code out} of a single affine
   * map (an equality fixing it, without locals), or null.
   */
  public static long[] affineRow(Relation r, int out) {
    long[] form = affineForm(r, out);
    if (form == null) return null;
    int nIn = r.space().nIn();
    return java.util.Arrays.copyOfRange(form, form.length - nIn, form.length);
  }

}
