package dev.polyj.polyhedral.scheduling.pass;

import com.google.common.base.Preconditions;
import dev.polyj.polyhedral.schedule.ScheduleNode;
import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import dev.polyj.polyhedral.tiling.StrideOrder;
import dev.polyj.presburger.arith.Ints;
import dev.polyj.presburger.set.Relation;
import dev.polyj.presburger.set.UnionRelation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a region's own loop order is at least as good as its schedule when it runs in one
 * thread. Tiling and loop reordering can only beat the program's order through locality: a
 * permutable band pays when some access reuses its data along a band member across a footprint
 * (the elements the loops inside that member touch) of rank two or more, a matrix, which for
 * real sizes exceeds the caches. When every reuse a band could capture spans at most a vector (a
 * row of a matrix-vector product, the pivot row of floyd-warshall, the solved prefix of a
 * triangular solve), the caches already hold it in the program's order, and tiles only cut the
 * hardware prefetcher's streams short, while the schedule's distribution of the program's fused
 * loops (atax reads its matrix once per row for both products) reads the arrays once more.
 *
 * <p>The program's order is then kept when it already streams: no access in the innermost loop of
 * a statement of the deepest nests moves along any subscript but the last (a stride of a whole row
 * or more); or, where the schedule's code has no parallel loop, when the schedule has no
 * permutable band of two or more members ({@link #transforms}): it only reorders the loops. The
 * footprint rank of an access {@code F} (subscripts as affine rows over the statement's
 * iterators) inside member {@code phi} with the enclosing members {@code O} is {@code rank[F; O;
 * phi] - rank[O; phi]}, and {@code phi} carries reuse of {@code F} when {@code phi} is not in the
 * row space of {@code [F; O]} (some direction moves {@code phi} and neither the access nor the
 * enclosing loops). Members or subscripts that are not single affine maps count as paying, so
 * the schedule stays. What is not estimated: reuse between different statements that only a
 * fusion of the program's separate loop nests would capture.
 */
public final class StreamingOrder {
  private StreamingOrder() {}

  /**
   * Whether {@code scop}'s own order is kept for one thread instead of {@code tree} (a schedule
   * before tiling); {@code forced} is {@code auto} (decided here), {@code always} or {@code never}.
   */
  public static boolean preferred(ScheduleNode tree, Scop scop, String forced) {
    if (forced.equals("never")) return false;
    if (forced.equals("always")) return true;
    return !tilingPays(tree, scop) && (streams(scop) || !transforms(tree));
  }

  /**
   * Whether the schedule {@code tree} has a permutable band of two or more members, which tiling
   * turns into tiles or a wavefront. A schedule without one only permutes or skews the program's
   * loops, untiled; when it has no parallel loop either, it runs sequentially in an order chosen
   * for dependences, not for the memory layout, and the program's own order is kept even when it
   * does not stream (nussinov reads a column in its innermost loop either way, and its schedule
   * moves to another row of the table at every iteration of its middle loop). {@link
   * dev.polyj.polyhedral.pass.ScheduleState#programOrder} is printed only where the schedule's code has no parallel loop
   * ({@link #withThreads}).
   */
  public static boolean transforms(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b && b.permutable() && b.nMember() >= 2) return true;
    for (ScheduleNode c : n.children()) if (transforms(c)) return true;
    return false;
  }

  /**
   * Whether some member of a permutable band of two or more members of {@code tree} combines two
   * or more of a statement's iterators (a skewed band, as time tiling of a stencil makes), or is not
   * a single affine map. Tiles of a skewed band have guarded, unvectorized point loops; they pay
   * only through the reuse they capture across the caches, so where the work is too small for
   * threads (and the data fit in the caches), a streaming program order runs faster. An unskewed
   * band only permutes the program's loops and its tiles get the register and packing passes
   * (matrix products), which pay at every size.
   */
  public static boolean skews(ScheduleNode n) {
    if (n instanceof ScheduleNode.Band b && b.permutable() && b.nMember() >= 2) {
      for (UnionRelation member : b.members()) {
        for (Relation r : member.relations()) {
          long[] phi = r.nBasic() == 1 ? StrideOrder.affineRow(r, 0) : null;
          if (phi == null) return true;
          int moved = 0;
          for (long c : phi) if (c != 0) moved++;
          if (moved >= 2) return true;
        }
      }
    }
    for (ScheduleNode c : n.children()) if (skews(c)) return true;
    return false;
  }

  /**
   * Whether the program's order chosen by {@link #preferred} also replaces the schedule's
   * parallel code where the region's work is too small for threads: when it streams (or is forced
   * with {@code always}).
   */
  public static boolean withThreads(Scop scop, String forced) {
    return forced.equals("always") || streams(scop);
  }

  /**
   * Whether no access of a statement moves along a subscript other than the last in its innermost
   * loop; only the statements of the deepest nests count, which run the most instances (trisolv's
   * division by the diagonal runs once per row).
   */
  public static boolean streams(Scop scop) {
    int deepest = 0;
    for (Statement st : scop.statements()) deepest = Math.max(deepest, st.iterators().size());
    for (Statement st : scop.statements()) {
      int depth = st.iterators().size();
      if (depth == 0 || depth < deepest) continue;
      for (Access a : st.accesses()) {
        int nSub = a.relation().space().nOut();
        for (int o = 0; o < nSub - 1; o++) {
          long[] row = StrideOrder.affineRow(a.relation(), o);
          if (row == null || row[depth - 1] != 0) return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether some permutable band of two or more members of {@code tree} has an access whose reuse
   * along one of its members spans a footprint of rank two or more (or cannot be analysed).
   */
  public static boolean tilingPays(ScheduleNode tree, Scop scop) {
    return pays(tree, scop, new HashMap<>());
  }

  /** {@code outer}: per statement, the affine rows of the members enclosing {@code n} (null when one is not affine). */
  private static boolean pays(ScheduleNode n, Scop scop, Map<String, List<long[]>> outer) {
    if (n instanceof ScheduleNode.Band b) {
      Map<String, List<long[]>> rows = new HashMap<>();
      for (Map.Entry<String, List<long[]>> e : outer.entrySet()) {
        rows.put(e.getKey(), e.getValue() == null ? null : new ArrayList<>(e.getValue()));
      }
      boolean tiled = b.permutable() && b.nMember() >= 2;
      for (UnionRelation member : b.members()) {
        for (Relation r : member.relations()) {
          String name = r.space().domainTuple().name();
          Statement st = scop.statement(name);
          if (st == null) return tiled;
          long[] phi = r.nBasic() == 1 ? StrideOrder.affineRow(r, 0) : null;
          List<long[]> o = rows.containsKey(name) ? rows.get(name) : new ArrayList<>();
          if (tiled && (phi == null || o == null || reuseSpansMatrix(st, o, phi))) return true;
          if (o != null && phi != null) o.add(phi);
          rows.put(name, phi == null ? null : o);
        }
      }
      return pays(b.child(), scop, rows);
    }
    for (ScheduleNode c : n.children()) if (pays(c, scop, outer)) return true;
    return false;
  }

  /** Whether some access of {@code st} reuses data along {@code phi} (inside {@code outer}) across a footprint of rank two or more. */
  private static boolean reuseSpansMatrix(Statement st, List<long[]> outer, long[] phi) {
    for (Access a : st.accesses()) {
      List<long[]> f = new ArrayList<>();
      for (int o = 0; o < a.relation().space().nOut(); o++) {
        long[] row = StrideOrder.affineRow(a.relation(), o);
        if (row == null) return true;
        f.add(row);
      }
      List<long[]> fo = new ArrayList<>(f);
      fo.addAll(outer);
      int rFo = rank(fo);
      fo.add(phi);
      int rFoPhi = rank(fo);
      if (rFoPhi == rFo) continue; // phi moves the access: no reuse along it
      List<long[]> op = new ArrayList<>(outer);
      op.add(phi);
      if (rFoPhi - rank(op) >= 2) return true;
    }
    return false;
  }

  /** The rank of a list of integer rows of equal length (fraction-free Gaussian elimination, checked arithmetic). */
  public static int rank(List<long[]> rows) {
    if (rows.isEmpty()) return 0;
    int cols = rows.get(0).length;
    long[][] m = new long[rows.size()][];
    for (int i = 0; i < m.length; i++) {
      Preconditions.checkArgument(rows.get(i).length == cols, "row %s has %s columns, expected %s", i,
          rows.get(i).length, cols);
      m[i] = rows.get(i).clone();
    }
    int rank = 0;
    for (int c = 0; c < cols && rank < m.length; c++) {
      int pivot = -1;
      for (int i = rank; i < m.length; i++) if (m[i][c] != 0) pivot = i;
      if (pivot < 0) continue;
      long[] t = m[pivot];
      m[pivot] = m[rank];
      m[rank] = t;
      for (int i = rank + 1; i < m.length; i++) {
        if (m[i][c] == 0) continue;
        long a = m[rank][c];
        long b = m[i][c];
        for (int k = c; k < cols; k++) {
          m[i][k] = Ints.sub(Ints.mul(a, m[i][k]), Ints.mul(b, m[rank][k]));
        }
        long g = 0;
        for (long v : m[i]) g = Ints.gcd(g, v);
        if (g > 1) for (int k = 0; k < cols; k++) m[i][k] /= g;
      }
      rank++;
    }
    return rank;
  }
}
