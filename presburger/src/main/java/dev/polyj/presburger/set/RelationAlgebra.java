package dev.polyj.presburger.set;

/** Space-changing operations on relations: inverses, domains, compositions, products, wrapping, projections, deltas. */
final class RelationAlgebra {
  private RelationAlgebra() {}

  static Relation reverse(Relation r) {
    throw new UnsupportedOperationException("reverse: not implemented yet");
  }

  static Relation domain(Relation r) {
    throw new UnsupportedOperationException("domain: not implemented yet");
  }

  static Relation range(Relation r) {
    throw new UnsupportedOperationException("range: not implemented yet");
  }

  static Relation params(Relation r) {
    throw new UnsupportedOperationException("params: not implemented yet");
  }

  static Relation apply(Relation r, Relation m) {
    throw new UnsupportedOperationException("apply: not implemented yet");
  }

  static Relation applyDomain(Relation r, Relation m) {
    throw new UnsupportedOperationException("applyDomain: not implemented yet");
  }

  static Relation intersectDomain(Relation r, Relation s) {
    throw new UnsupportedOperationException("intersectDomain: not implemented yet");
  }

  static Relation intersectRange(Relation r, Relation s) {
    throw new UnsupportedOperationException("intersectRange: not implemented yet");
  }

  static Relation subtractDomain(Relation r, Relation s) {
    throw new UnsupportedOperationException("subtractDomain: not implemented yet");
  }

  static Relation subtractRange(Relation r, Relation s) {
    throw new UnsupportedOperationException("subtractRange: not implemented yet");
  }

  static Relation intersectParams(Relation r, Relation s) {
    throw new UnsupportedOperationException("intersectParams: not implemented yet");
  }

  static Relation identity(Relation r) {
    throw new UnsupportedOperationException("identity: not implemented yet");
  }

  static Relation mapTo(Relation r, Relation s) {
    throw new UnsupportedOperationException("mapTo: not implemented yet");
  }

  static Relation product(Relation r, Relation s) {
    throw new UnsupportedOperationException("product: not implemented yet");
  }

  static Relation domainProduct(Relation r, Relation s) {
    throw new UnsupportedOperationException("domainProduct: not implemented yet");
  }

  static Relation rangeProduct(Relation r, Relation s) {
    throw new UnsupportedOperationException("rangeProduct: not implemented yet");
  }

  static Relation cross(Relation r, Relation s) {
    throw new UnsupportedOperationException("cross: not implemented yet");
  }

  static Relation wrap(Relation r) {
    throw new UnsupportedOperationException("wrap: not implemented yet");
  }

  static Relation unwrap(Relation r) {
    throw new UnsupportedOperationException("unwrap: not implemented yet");
  }

  static Relation curry(Relation r) {
    throw new UnsupportedOperationException("curry: not implemented yet");
  }

  static Relation uncurry(Relation r) {
    throw new UnsupportedOperationException("uncurry: not implemented yet");
  }

  static Relation zip(Relation r) {
    throw new UnsupportedOperationException("zip: not implemented yet");
  }

  static Relation domainMap(Relation r) {
    throw new UnsupportedOperationException("domainMap: not implemented yet");
  }

  static Relation rangeMap(Relation r) {
    throw new UnsupportedOperationException("rangeMap: not implemented yet");
  }

  static Relation projectOut(Relation r, DimKind kind, int first, int n) {
    throw new UnsupportedOperationException("projectOut: not implemented yet");
  }

  static Relation fix(Relation r, DimKind kind, int pos, long value) {
    throw new UnsupportedOperationException("fix: not implemented yet");
  }

  static Relation equate(Relation r, DimKind k1, int p1, DimKind k2, int p2) {
    throw new UnsupportedOperationException("equate: not implemented yet");
  }

  static Relation deltas(Relation r) {
    throw new UnsupportedOperationException("deltas: not implemented yet");
  }

  static Relation deltasMap(Relation r) {
    throw new UnsupportedOperationException("deltasMap: not implemented yet");
  }

  static Relation lexLt(dev.polyj.presburger.space.Space a, dev.polyj.presburger.space.Space b) {
    throw new UnsupportedOperationException("lexLt: not implemented yet");
  }

  static Relation lexLe(dev.polyj.presburger.space.Space a, dev.polyj.presburger.space.Space b) {
    throw new UnsupportedOperationException("lexLe: not implemented yet");
  }

  static Relation lexGt(dev.polyj.presburger.space.Space a, dev.polyj.presburger.space.Space b) {
    throw new UnsupportedOperationException("lexGt: not implemented yet");
  }

  static Relation lexGe(dev.polyj.presburger.space.Space a, dev.polyj.presburger.space.Space b) {
    throw new UnsupportedOperationException("lexGe: not implemented yet");
  }
}
