package dev.polyj.polybench.jmh;

import dev.polyj.presburger.set.DimKind;
import dev.polyj.presburger.set.Relation;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of the Presburger engine on dependence-shaped relations (4-8 dimensions, 1-3
 * parameters): the operations dependence analysis and code generation perform most.
 *
 * <p>Run: {@code java -cp polybench/target/polyj.jar org.openjdk.jmh.Main EngineBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EngineBenchmarks {
  /** gemm-like: S[i,j,k] writes C[i][j], later instances of the same i, j (6 dims, 3 params). */
  static final String GEMM_DEP = "[NI, NJ, NK] -> { S[i, j, k] -> S[i2, j2, k2] : i2 = i and j2 = j and k2 > k"
      + " and 0 <= i < NI and 0 <= j < NJ and 0 <= k < NK and 0 <= k2 < NK }";
  /** seidel-like: 2-d stencil with time, flow to the next time step (6 dims, 2 params). */
  static final String STENCIL_DEP = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : t2 = t + 1 and -1 <= i2 - i <= 1"
      + " and -1 <= j2 - j <= 1 and 0 <= t < T - 1 and 1 <= i, i2 <= N - 2 and 1 <= j, j2 <= N - 2 }";
  /** lu-like triangular domain pair (8 dims, 1 param). */
  static final String LU_DEP = "[N] -> { S[k, i, j, l] -> S[k2, i2, j2, l2] : k < k2 and i2 = i and j2 = j"
      + " and 0 <= k < i < N and k < j < N and 0 <= k2 < i2 and k2 < j2 and 0 <= l < 4 and l2 = l }";
  static final String LEXLT = "[N] -> { S[i, j, k] -> S[i2, j2, k2] : i2 > i or (i2 = i and j2 > j)"
      + " or (i2 = i and j2 = j and k2 > k) }";
  static final String STRIDED = "[N, M] -> { S[i, j, k] -> S[i2, j2, k2] : exists (a, b : i = 2a and j2 = 3b)"
      + " and 0 <= i, i2 < N and 0 <= j, j2 < M and k2 = k + i and 0 <= k < N }";

  Relation gemm;
  Relation stencil;
  Relation lu;
  Relation lexlt;
  Relation strided;

  @Setup
  public void setup() {
    gemm = Relation.parse(GEMM_DEP);
    stencil = Relation.parse(STENCIL_DEP);
    lu = Relation.parse(LU_DEP);
    lexlt = Relation.parse(LEXLT);
    strided = Relation.parse(STRIDED);
  }

  @Benchmark
  public Relation intersectGemmLex() {
    return gemm.intersect(lexlt);
  }

  @Benchmark
  public boolean emptinessStencil() {
    return Relation.parse(STENCIL_DEP).isEmpty();
  }

  @Benchmark
  public boolean emptinessLu() {
    return Relation.parse(LU_DEP).isEmpty();
  }

  @Benchmark
  public Relation subtractGemmLex() {
    return gemm.subtract(lexlt);
  }

  @Benchmark
  public Relation subtractStrided() {
    return strided.subtract(gemm);
  }

  @Benchmark
  public Relation projectStencilDomain() {
    return stencil.projectOut(DimKind.OUT, 0, 3);
  }

  @Benchmark
  public Relation rangeOfLu() {
    return lu.range();
  }

  @Benchmark
  public boolean subsetStencil() {
    return gemm.intersect(lexlt).isSubset(gemm);
  }
}
