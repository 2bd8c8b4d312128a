package dev.polyj.polybench.bench;

import java.util.List;
import java.util.Locale;

/**
 * Compares the array dump of a transformed program with the dump of the original program: the
 * same arrays in the same order, of the same sizes, with values equal up to a {@link Tolerance}.
 * A difference is reported with the array, the index of its first differing value (position in
 * the dump, row-major), both values, and how many values differ in that array.
 */
public final class Verifier {

  private Verifier() {}

  /** Parses both dumps and compares them; a dump that does not parse gives a malformed verdict. */
  public static Verdict verify(String referenceText, String actualText, Tolerance tolerance) {
    ArrayDump reference;
    try {
      reference = ArrayDump.parse(referenceText);
    } catch (MalformedDumpException e) {
      return new Verdict(Verdict.Kind.MALFORMED, "reference dump: " + e.getMessage());
    }
    return verify(reference, actualText, tolerance);
  }

  /** Compares a parsed reference dump with the text of another dump. */
  public static Verdict verify(ArrayDump reference, String actualText, Tolerance tolerance) {
    ArrayDump actual;
    try {
      actual = ArrayDump.parse(actualText);
    } catch (MalformedDumpException e) {
      return new Verdict(Verdict.Kind.MALFORMED, "dump: " + e.getMessage());
    }
    return compare(reference, actual, tolerance);
  }

  /** Compares two parsed dumps. */
  public static Verdict compare(ArrayDump reference, ArrayDump actual, Tolerance tolerance) {
    if (!reference.names().equals(actual.names())) {
      return new Verdict(Verdict.Kind.MISMATCH, "dumped arrays " + actual.names()
          + " instead of " + reference.names());
    }
    List<DumpedArray> refs = reference.arrays();
    List<DumpedArray> acts = actual.arrays();
    for (int a = 0; a < refs.size(); a++) {
      DumpedArray ref = refs.get(a);
      DumpedArray act = acts.get(a);
      if (ref.size() != act.size()) {
        return new Verdict(Verdict.Kind.MISMATCH, String.format(Locale.ROOT,
            "%s: %d values instead of %d", ref.name(), act.size(), ref.size()));
      }
      double quantum = Math.max(ref.quantum(), act.quantum());
      int first = -1;
      int count = 0;
      for (int i = 0; i < ref.size(); i++) {
        if (!tolerance.accepts(ref.value(i), act.value(i), quantum)) {
          if (first < 0) {
            first = i;
          }
          count++;
        }
      }
      if (first >= 0) {
        return new Verdict(Verdict.Kind.MISMATCH, String.format(Locale.ROOT,
            "%s[%d]: expected %s, got %s (%d of %d values differ, %s comparison)",
            ref.name(), first, ref.format(first), act.format(first), count, ref.size(),
            tolerance.label()));
      }
    }
    return Verdict.match();
  }
}
