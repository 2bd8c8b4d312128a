package dev.polyj.polyhedral.scop;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An array of a SCoP: its name, element type (C spelling, e.g. {@code double}) and the size of
 * each dimension as a C expression in the parameters (null when unknown, e.g. behind a pointer).
 * A scalar is an array with no dimensions. {@code regionLocal} marks a variable declared inside the
 * region (block scope): the region's code must declare it, and nothing after the region reads it.
 */
public final class ArrayInfo {
  private final String name;
  private final String elementType;
  private final List<Expr> sizes;
  private final boolean regionLocal;
  private final boolean arrayObject;

  public ArrayInfo(String name, String elementType, List<Expr> sizes) {
    this(name, elementType, sizes, false);
  }

  public ArrayInfo(String name, String elementType, List<Expr> sizes, boolean regionLocal) {
    this(name, elementType, sizes, regionLocal, false);
  }

  public ArrayInfo(String name, String elementType, List<Expr> sizes, boolean regionLocal, boolean arrayObject) {
    this.name = name;
    this.elementType = elementType;
    this.sizes = Collections.unmodifiableList(new ArrayList<>(sizes));
    this.regionLocal = regionLocal;
    this.arrayObject = arrayObject;
  }

  /**
   * Whether the name denotes an array object declared with all its dimensions (not a pointer, not
   * a parameter declared as an array), so that C's {@code sizeof} and OpenMP's whole-array clauses
   * see its extent as compiled. Its {@link #sizes} are the extents as read, which may differ from
   * the compiled ones when size macros are given other values at compile time.
   */
  public boolean isArrayObject() {
    return arrayObject;
  }

  /** Whether the variable is declared inside the region (its scope ends with the region). */
  public boolean isRegionLocal() {
    return regionLocal;
  }

  public String name() {
    return name;
  }

  public String elementType() {
    return elementType;
  }

  /** Dimension sizes, outermost first; entries may be null (unknown). */
  public List<Expr> sizes() {
    return sizes;
  }

  public int rank() {
    return sizes.size();
  }

  public boolean isScalar() {
    return sizes.isEmpty();
  }

  /** Sizes printed as C, "?" when unknown. */
  public ImmutableList<String> sizeStrings() {
    ImmutableList.Builder<String> b = ImmutableList.builder();
    for (Expr e : sizes) b.add(e == null ? "?" : ExprPrinter.print(e));
    return b.build();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(elementType).append(' ').append(name);
    for (String s : sizeStrings()) sb.append('[').append(s).append(']');
    return sb.toString();
  }
}
