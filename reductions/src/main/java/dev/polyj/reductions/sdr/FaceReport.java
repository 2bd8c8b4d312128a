package dev.polyj.reductions.sdr;

import dev.polyj.presburger.set.Relation;

/**
 * One face of a reduction domain the Simplification Transformation visited (the per-face view of
 * Section 5.2): the face's domain, the reuse vector chosen for it (null when none applies, with the
 * reason), and the complexity of the face before and of what replaced it after.
 *
 * @param reduction the original reduction statement
 * @param depth 0 for the full domain, 1 for its residual faces, ...
 * @param face the points of the face (in the reduction statement's space)
 * @param reuse the reuse vector, null when the face is left as a reduction
 * @param reason why no reuse vector applies (null when one does)
 */
public record FaceReport(String reduction, int depth, Relation face, long[] reuse, String reason,
    Complexity before, Complexity after) {

  /** {@code [1, 0]}, or {@code -} when the face is not simplified. */
  public String reuseText() {
    if (reuse == null) return "-";
    StringBuilder sb = new StringBuilder("[");
    for (int k = 0; k < reuse.length; k++) sb.append(k == 0 ? "" : ", ").append(reuse[k]);
    return sb.append(']').toString();
  }
}
