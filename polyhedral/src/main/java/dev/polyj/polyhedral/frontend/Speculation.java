package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Scop;
import java.util.List;

/**
 * What speculation can recover of a rejected region (SPolly, Doerfert et al., IMPACT 2013,
 * Section 4): the SCoP the region has when its pointers do not overlap and its linearized
 * subscripts stay within their rows, valid only under run-time checks. {@code scop} is null when
 * no assumption makes the region a SCoP; {@code parameters} are then still the integer values the
 * region reads and never writes (the candidates for specialization by profiling).
 *
 * @param scop the SCoP under the assumptions, or null
 * @param unaliased the pointers assumed not to overlap the other arrays of the region
 * @param views the linearized arrays read as multi-dimensional ones ({@link Delinearizer})
 * @param assumed the rejections the assumptions remove
 * @param parameters the integer values the region reads and never writes
 */
public record Speculation(Scop scop, ImmutableList<String> unaliased, ImmutableList<View> views,
    ImmutableList<Rejection> assumed, ImmutableList<String> parameters) {
  /**
   * A one-dimensional array {@code base} read as the multi-dimensional array {@code name}: its
   * declaration (a pointer to rows of {@code sizes}, outermost first, each a C expression) comes
   * before the region; it is exact when the inner subscripts stay in {@code [0, size)}.
   */
  public record View(String name, String base, String elementType, ImmutableList<String> sizes) {
    /** The C declaration of the view; a size below 1 is read as 1 (the run-time checks then fail). */
    public String declaration() {
      StringBuilder dims = new StringBuilder();
      for (String s : sizes) dims.append("[(").append(s).append(") >= 1 ? (").append(s).append(") : 1]");
      return elementType + " (*" + name + ")" + dims + " = (" + elementType + " (*)" + dims + ") " + base + ";";
    }
  }

  public Speculation(Scop scop, List<String> unaliased, List<View> views, List<Rejection> assumed,
      List<String> parameters) {
    this(scop, ImmutableList.copyOf(unaliased), ImmutableList.copyOf(views), ImmutableList.copyOf(assumed),
        ImmutableList.copyOf(parameters));
  }

  /** Only the parameters of a region that no assumption makes a SCoP. */
  public static Speculation none(List<String> parameters) {
    return new Speculation(null, List.of(), List.of(), List.of(), parameters);
  }

  /** Whether the assumptions make the region a SCoP. */
  public boolean recovered() {
    return scop != null;
  }
}
