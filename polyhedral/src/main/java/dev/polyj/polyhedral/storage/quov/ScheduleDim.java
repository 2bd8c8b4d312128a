package dev.polyj.polyhedral.storage.quov;

/**
 * One dimension of the scheduled space of a statement, outermost first, as the QUOV analysis sees
 * it (Yuki and Rajopadhye, IMPACT 2013, Sections 2.2 and 4.2): a statement-ordering dimension (a
 * sequence node: a constant per statement), a sequential loop (scanned in lexicographic order), a
 * member of a tilable band (tiled later by any sizes, or not at all, with the point loops in any
 * order and the tiles in any order that runs a tile after those it dominates), or a parallel loop
 * (iterations concurrent). Members of one tilable band share {@code band}; other kinds have -1.
 * A tilable member may be {@code coincident}: no dependence not carried by the members before it
 * has a distance along it, so that the band, when it is not tiled, runs it in parallel.
 */
public record ScheduleDim(Kind kind, int band, boolean coincident) {
  public enum Kind {
    ORDER,
    SEQUENTIAL,
    TILABLE,
    PARALLEL
  }

  public static ScheduleDim order() {
    return new ScheduleDim(Kind.ORDER, -1, false);
  }

  public static ScheduleDim sequential() {
    return new ScheduleDim(Kind.SEQUENTIAL, -1, false);
  }

  public static ScheduleDim parallel() {
    return new ScheduleDim(Kind.PARALLEL, -1, true);
  }

  public static ScheduleDim tilable(int band) {
    return new ScheduleDim(Kind.TILABLE, band, false);
  }

  /** A member of tilable band {@code band} that runs in parallel when the band is not tiled. */
  public static ScheduleDim tilableCoincident(int band) {
    return new ScheduleDim(Kind.TILABLE, band, true);
  }

  public boolean isLoop() {
    return kind != Kind.ORDER;
  }
}
