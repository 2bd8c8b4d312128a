package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.polyhedral.scop.Access;
import dev.polyj.polyhedral.scop.ArrayInfo;
import dev.polyj.polyhedral.scop.Scop;
import dev.polyj.polyhedral.scop.Statement;
import java.util.Map;

/**
 * DeLICM (Kruse and Grosser, "DeLICM: Scalar Dependence Removal at Zero Memory Cost", CGO 2018):
 * removes the scalar dependences that loop-invariant code motion and register promotion leave in
 * a SCoP, without new memory. First operand tree forwarding ({@link OperandTreeForwarding})
 * recomputes or reloads scalars defined once where they are used; then the greedy mapping
 * ({@link GreedyMapping}) stores the remaining scalars in array elements that are unused while the
 * scalar is live. The measure of the paper's Table 2, scalar writes in loops, is counted before
 * and after.
 */
public final class DeLicm {
  /**
   * The rewritten SCoP, the scalars mapped (to the array each went to), the scalars forwarded (to
   * the number of statements they were copied into), and the scalar writes in loops before and after.
   */
  public record Result(Scop scop, Map<String, String> mapped, Map<String, Integer> forwarded, int writesBefore,
      int writesAfter) {
    public boolean changed() {
      return !mapped.isEmpty() || !forwarded.isEmpty();
    }

    /** One line for the region's notes. */
    public String note() {
      return "delicm: " + mapped.size() + " scalar(s) mapped" + (mapped.isEmpty() ? "" : " " + mapped)
          + ", " + forwarded.size() + " forwarded" + (forwarded.isEmpty() ? "" : " " + forwarded.keySet())
          + ", scalar writes in loops " + writesBefore + " -> " + writesAfter;
    }
  }

  private DeLicm() {}

  /** Forwarding, then mapping, with the exact conflict check. */
  public static Result run(Scop scop) {
    return run(scop, ConflictCheck.Mode.EXACT);
  }

  static Result run(Scop scop, ConflictCheck.Mode mode) {
    int before = scalarWritesInLoops(scop);
    OperandTreeForwarding.Result f = OperandTreeForwarding.run(scop);
    GreedyMapping.Result m = GreedyMapping.run(f.scop(), mode);
    return new Result(m.scop(), m.mapped(), f.forwarded(), before, scalarWritesInLoops(m.scop()));
  }

  /** The number of write accesses to scalars in statements inside at least one loop (Table 2 of the paper). */
  public static int scalarWritesInLoops(Scop scop) {
    int n = 0;
    for (Statement st : scop.statements()) {
      if (st.depth() == 0) continue;
      for (Access a : st.accesses()) {
        if (!a.isWrite()) continue;
        for (ArrayInfo info : scop.arrays()) if (info.name().equals(a.array()) && info.isScalar()) n++;
      }
    }
    return n;
  }
}
