package dev.polyj.polybench.jmh;

import dev.polyj.presburger.count.Counting;
import dev.polyj.presburger.qpoly.PwQPolynomial;
import dev.polyj.presburger.set.Relation;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of {@code card} (the number of integer points as a piecewise quasi-polynomial in the
 * parameters) on 3-5 dimensional parametric polytopes: simplices, simplices with non-unit
 * coefficients, PolyBench iteration domains and a tiled domain. Each run counts a freshly parsed
 * set, so no cached emptiness or normal form carries over from one invocation to the next.
 *
 * <p>Run: {@code java -cp polybench/target/polyj.jar org.openjdk.jmh.Main CountingBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class CountingBenchmarks {
  /** The polytopes, by name. */
  public enum Shape {
    /** The standard 3-simplex scaled by N. */
    SIMPLEX3("[N] -> { [i, j, k] : i >= 0 and j >= 0 and k >= 0 and i + j + k <= N }"),
    /** The standard 4-simplex scaled by N. */
    SIMPLEX4("[N] -> { [i, j, k, l] : i >= 0 and j >= 0 and k >= 0 and l >= 0 and i + j + k + l <= N }"),
    /** The standard 5-simplex scaled by N. */
    SIMPLEX5("[N] -> { [i, j, k, l, m] : i >= 0 and j >= 0 and k >= 0 and l >= 0 and m >= 0"
        + " and i + j + k + l + m <= N }"),
    /** A 3-simplex with non-unit coefficients (a knapsack count: period 30 in N). */
    KNAPSACK3("[N] -> { [i, j, k] : i >= 0 and j >= 0 and k >= 0 and 2i + 3j + 5k <= N }"),
    /** A triangle prism with non-unit slopes, two parameters. */
    TRIANGLE_PRISM("[N, M] -> { [i, j, k] : 0 <= i and 0 <= j and 3i + 2j <= N and 0 <= k < M }"),
    /** PolyBench lu / ludcmp: the update statement's domain. */
    LU("[N] -> { [k, i, j] : 0 <= k < N and k < i < N and k < j < N }"),
    /** PolyBench cholesky: the inner update's domain. */
    CHOLESKY("[N] -> { [i, j, k] : 0 <= i < N and 0 <= j < i and 0 <= k < j }"),
    /** PolyBench syr2k / symm-like: a triangle times a line, three parameters. */
    SYR2K("[N, M] -> { [i, k, j] : 0 <= i < N and 0 <= k < M and 0 <= j <= i }"),
    /** PolyBench floyd-warshall / gemm shape: a box in three parameters. */
    GEMM("[NI, NJ, NK] -> { [i, j, k] : 0 <= i < NI and 0 <= j < NJ and 0 <= k < NK }"),
    /** PolyBench seidel-2d: time-skewed iteration space of a 2-d stencil. */
    SEIDEL_SKEWED("[T, N] -> { [t, i, j] : 0 <= t < T and t + 1 <= i <= t + N - 2 and 2t + i + 1 <= j"
        + " <= 2t + i + N - 2 }"),
    /** A triangular domain tiled by 32 x 32 tiles (tile and point loops, 4 dimensions). */
    TILED_TRIANGLE("[N] -> { [ti, tj, i, j] : 0 <= j <= i < N and 32ti <= i < 32ti + 32"
        + " and 32tj <= j < 32tj + 32 }");

    final String text;

    Shape(String text) {
      this.text = text;
    }
  }

  @Param
  public Shape shape;

  @Setup
  public void setup() {
    Relation.parse(shape.text); // loads the classes outside the measurement
  }

  @Benchmark
  public PwQPolynomial card() {
    return Counting.card(Relation.parse(shape.text));
  }
}
