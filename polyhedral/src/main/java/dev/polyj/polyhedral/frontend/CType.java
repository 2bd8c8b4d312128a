package dev.polyj.polyhedral.frontend;

import com.google.common.collect.ImmutableList;
import dev.polyj.polyhedral.scop.Expr;
import java.util.ArrayList;
import java.util.List;

/** A C type as far as the front end needs it: base types, pointers, arrays and functions. */
public sealed interface CType {
  /**
   * A base type, e.g. {@code double}, {@code int}, {@code unsigned long}, {@code struct s}; or a
   * typedef name, which the front end cannot see through ({@code unsigned} is then unknown).
   */
  record Basic(String name, boolean unsigned, boolean floating, boolean integer) implements CType {}

  /** A pointer; {@code restrict} when qualified so. */
  record Pointer(CType target, boolean restrict) implements CType {}

  /** An array; {@code size} is null when absent ({@code []}). */
  record Array(CType element, Expr size) implements CType {}

  /** A function type. */
  record Function(CType result, ImmutableList<Decl> params) implements CType {}

  /** The element type after all array and pointer levels. */
  default CType scalarBase() {
    CType t = this;
    while (true) {
      if (t instanceof Array a) t = a.element();
      else if (t instanceof Pointer p) t = p.target();
      else return t;
    }
  }

  /** The array sizes of the outer array levels (a pointer level counts as one unknown size). */
  default List<Expr> dims() {
    List<Expr> out = new ArrayList<>();
    CType t = this;
    while (true) {
      if (t instanceof Array a) {
        out.add(a.size());
        t = a.element();
      } else if (t instanceof Pointer p && !(p.target() instanceof Function)) {
        out.add(null);
        t = p.target();
      } else {
        return out;
      }
    }
  }

  default boolean isScalar() {
    return this instanceof Basic;
  }

  default boolean isInteger() {
    return this instanceof Basic b && b.integer();
  }

  default boolean isFloating() {
    return this instanceof Basic b && b.floating();
  }

  default boolean isUnsigned() {
    return this instanceof Basic b && b.unsigned();
  }
}
