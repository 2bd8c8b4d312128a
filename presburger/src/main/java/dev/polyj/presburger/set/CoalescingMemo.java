package dev.polyj.presburger.set;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers of the integer tests of one coalescing ({@link Coalescing}), by the rows they were
 * asked on: the emptiness of a system ({@link Rows#isEmpty}) and the minimum of a row over one
 * ({@link IntegerOptimum#minimum}). Coalescing many pieces that share their divisions asks the
 * same question many times: a piece q is tested against the constraints of every other piece, and
 * those constraints repeat from piece to piece (the bounds of the statements). A key holds a copy of
 * the rows, so an answer is reused only for the very same system: the pieces are the same either way.
 */
final class CoalescingMemo {
  private final Map<LongsKey, Boolean> emptiness = new HashMap<>();
  private final Map<LongsKey, Optional<Long>> minima = new HashMap<>();

  /** {@link Rows#isEmpty}, answered once per system. */
  boolean isEmpty(int width, List<long[]> eqs, List<long[]> ineqs) {
    LongsKey k = key(width, eqs, ineqs, null, 0);
    Boolean b = emptiness.get(k);
    if (b == null) {
      b = Rows.isEmpty(width, eqs, ineqs);
      emptiness.put(k, b);
    }
    return b;
  }

  /** {@link IntegerOptimum#minimum}, answered once per system, row and cap. */
  Long minimum(int width, List<long[]> eqs, List<long[]> ineqs, long[] f, long cap) {
    LongsKey k = key(width, eqs, ineqs, f, cap);
    Optional<Long> m = minima.get(k);
    if (m == null) {
      m = Optional.ofNullable(IntegerOptimum.minimum(width, eqs, ineqs, f, cap));
      minima.put(k, m);
    }
    return m.orElse(null);
  }

  /** The rows of a question, copied into one array (with their counts and lengths, so no two questions share a key). */
  private static LongsKey key(int width, List<long[]> eqs, List<long[]> ineqs, long[] f, long cap) {
    int n = 4;
    for (long[] r : eqs) n += 1 + r.length;
    for (long[] r : ineqs) n += 1 + r.length;
    if (f != null) n += f.length;
    long[] v = new long[n];
    int at = 0;
    v[at++] = width;
    v[at++] = eqs.size();
    v[at++] = ineqs.size();
    v[at++] = cap;
    for (long[] r : eqs) at = put(v, at, r);
    for (long[] r : ineqs) at = put(v, at, r);
    if (f != null) System.arraycopy(f, 0, v, at, f.length);
    return new LongsKey(v);
  }

  private static int put(long[] v, int at, long[] r) {
    v[at++] = r.length;
    System.arraycopy(r, 0, v, at, r.length);
    return at + r.length;
  }
}
