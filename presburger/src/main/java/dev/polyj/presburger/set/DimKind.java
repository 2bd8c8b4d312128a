package dev.polyj.presburger.set;

/** The kinds of variables of a space, for positional operations. */
public enum DimKind {
  /** A parameter. */
  PARAM,
  /** An input (domain) dimension of a map. */
  IN,
  /** An output (range) dimension of a map, or a dimension of a set. */
  OUT
}
