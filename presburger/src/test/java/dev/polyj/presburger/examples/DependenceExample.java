package dev.polyj.presburger.examples;

import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.pip.Lexopt;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.qpoly.Rational;
import dev.polyj.presburger.set.Relation;

/**
 * The README's dependence analysis example: the lines between the two README markers are the
 * README's first Java block, verbatim (ReadmeExamplesTest checks it and runs this code).
 */
final class DependenceExample {
  private DependenceExample() {}

  /** What the example computes. */
  record Result(Relation flow, PwMultiAff lastWriter, PwQPolynomial readers, Rational readersOf34) {}

  static Result analyse() {
    // README begin
    // for (i = 0; i < N; i++) for (j = 0; j < N; j++) S: A[i + j] = A[i + j - 1] + 1;
    Relation domain = Relation.parse("[N] -> { S[i, j] : 0 <= i < N and 0 <= j < N }");
    Relation writes = Relation.parse("{ S[i, j] -> A[i + j] }").intersectDomain(domain);
    Relation reads = Relation.parse("{ S[i, j] -> A[i + j - 1] }").intersectDomain(domain);

    // Pairs writer -> reader touching the same element, the writer first
    // (the loops run in the lexicographic order of [i, j]).
    Relation flow = writes.apply(reads.reverse())
        .intersect(Relation.lexLt(domain.space(), domain.space()));

    // The last writer before each reader: a parametric lexicographic maximum.
    PwMultiAff lastWriter = Lexopt.lexmax(flow.reverse());
    // [N] -> { S[i, j] -> S[(-1 + i + j), (0)] : j = 0 and ...; S[i, j] -> S[(i), (-1 + j)] : j >= 1 and ... }

    // How many readers each writer feeds: a piecewise quasi-polynomial in N, i and j.
    PwQPolynomial readers = Counting.card(flow);
    Rational readersOf34 = readers.evaluate(new long[] {10, 3, 4}); // N = 10, writer S[3, 4]: 6
    // README end
    return new Result(flow, lastWriter, readers, readersOf34);
  }
}
