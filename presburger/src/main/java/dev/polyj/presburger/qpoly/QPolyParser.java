package dev.polyj.presburger.qpoly;

/** Reads piecewise quasi-polynomials in isl notation. */
final class QPolyParser {
  private QPolyParser() {}

  static PwQPolynomial parse(String text) {
    throw new UnsupportedOperationException("parse: not implemented yet");
  }
}
