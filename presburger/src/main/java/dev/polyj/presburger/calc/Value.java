package dev.polyj.presburger.calc;

/**
 * A value of the calculator language: a union of sets or maps, a boolean, an integer, a string or a
 * list. New kinds (piecewise quasi-affine expressions, quasi-polynomials, schedules) implement this
 * interface too.
 */
public interface Value {
  /** The type name that {@code typeof} answers, as iscc spells it (e.g. "set", "boolean", "value"). */
  String typeName();

  /** The value as the calculator prints it, on one line. */
  String print();
}
