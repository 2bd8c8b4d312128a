package dev.polyj.presburger.set;

/** Sample points of relations. */
final class Sampling {
  private Sampling() {}

  static java.util.Optional<long[]> samplePoint(Relation r) {
    throw new UnsupportedOperationException("samplePoint: not implemented yet");
  }

  static Relation sample(Relation r) {
    throw new UnsupportedOperationException("sample: not implemented yet");
  }
}
