package dev.polyj.polybench.jmh;

import dev.polyj.presburger.aff.PwMultiAff;
import dev.polyj.presburger.pip.Lexopt;
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
 * Throughput of parametric lexicographic maximization on exact-dataflow problems: for a read in
 * a loop nest, the last write of the same array element before it. The sink iteration is the
 * input tuple of the relation (a function argument), the source iteration its output tuple (the
 * variables optimized), 3-4 dimensions each, with the execution order written as a union of
 * lexicographic disjuncts where statements share all loops.
 *
 * <p>Run: {@code java -cp polybench/target/polyj.jar org.openjdk.jmh.Main LexoptBenchmarks}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LexoptBenchmarks {
  /** gemm: {@code C[i][j] += A[i][k] * B[k][j]}, read of C[i][j] by S(i, j, k). */
  static final String GEMM = "[NI, NJ, NK] -> { S[i, j, k] -> S[i2, j2, k2] : 0 <= i < NI and 0 <= j < NJ"
      + " and 0 <= k < NK and 0 <= i2 < NI and 0 <= j2 < NJ and 0 <= k2 < NK and i2 = i and j2 = j"
      + " and (i2 < i or (i2 = i and j2 < j) or (i2 = i and j2 = j and k2 < k)) }";

  /**
   * lu: {@code for k, for i > k, for j > k: A[i][j] -= A[i][k] * A[k][j]}, read of A[i][k] by
   * S(k, i, j), written by S(k2, i2, j2) at i2 = i and j2 = k.
   */
  static final String LU = "[N] -> { S[k, i, j] -> S[k2, i2, j2] : 0 <= k < N and k < i < N and k < j < N"
      + " and 0 <= k2 < N and k2 < i2 < N and k2 < j2 < N and i2 = i and j2 = k"
      + " and (k2 < k or (k2 = k and i2 < i) or (k2 = k and i2 = i and j2 < j)) }";

  /**
   * seidel-2d: {@code for t, for 1 <= i, j <= N - 2: A[i][j] = f(A[i-1..i+1][j-1..j+1])}, read of
   * A[i][j + 1] by S(t, i, j).
   */
  static final String SEIDEL = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
      + " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
      + " and i2 = i and j2 = j + 1"
      + " and (t2 < t or (t2 = t and i2 < i) or (t2 = t and i2 = i and j2 < j)) }";

  /**
   * seidel-2d, read of A[i - 1][j] by S(t, i, j): two candidate writers, the same time step
   * (earlier row) or an earlier one.
   */
  static final String SEIDEL_UP = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
      + " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
      + " and i2 = i - 1 and j2 = j"
      + " and (t2 < t or (t2 = t and i2 < i) or (t2 = t and i2 = i and j2 < j)) }";

  /**
   * jacobi-2d: {@code S: B[i][j] = f(A[..]); T: A[i][j] = B[i][j]} in one time loop, read of
   * A[i][j + 1] by S(t, i, j), written by T(t2, i2, j2) in an earlier time step.
   */
  static final String JACOBI = "[T, N] -> { S[t, i, j] -> T[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
      + " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
      + " and i2 = i and j2 = j + 1 and t2 < t }";

  /**
   * doitgen: {@code for r, q, p, s: sum[p] += A[r][q][s] * C4[s][p]} (4 dimensions), read of
   * sum[p] by S(r, q, p, s): the previous s, or the end of the previous (r, q).
   */
  static final String DOITGEN = "[NR, NQ, NP] -> { S[r, q, p, s] -> S[r2, q2, p2, s2] : 0 <= r < NR"
      + " and 0 <= q < NQ and 0 <= p < NP and 0 <= s < NP and 0 <= r2 < NR and 0 <= q2 < NQ"
      + " and 0 <= p2 < NP and 0 <= s2 < NP and p2 = p and (r2 < r or (r2 = r and q2 < q)"
      + " or (r2 = r and q2 = q and p2 < p) or (r2 = r and q2 = q and p2 = p and s2 < s)) }";

  /**
   * heat-3d: {@code for t, i, j, k: B[i][j][k] = f(A[..])} then {@code A[i][j][k] = f(B[..])} (4
   * dimensions), read of A[i + 1][j][k - 1] by S(t, i, j, k), written by T in an earlier step.
   */
  static final String HEAT3D = "[T, N] -> { S[t, i, j, k] -> T[t2, i2, j2, k2] : 0 <= t < T"
      + " and 1 <= i, j, k <= N - 2 and 0 <= t2 < T and 1 <= i2, j2, k2 <= N - 2"
      + " and i2 = i + 1 and j2 = j and k2 = k - 1 and t2 < t }";

  /**
   * A strided writer: {@code for i, j: A[2i][j] = ...}, read of A[a][b] in a later nest
   * {@code for a, b}; the source exists for even a only (an integer division in the result).
   */
  static final String STRIDED = "[N, M] -> { R[a, b] -> W[i, j] : 0 <= a < 2N and 0 <= b < M"
      + " and 0 <= i < N and 0 <= j < M and a = 2i and b = j }";

  Relation gemm;
  Relation lu;
  Relation seidel;
  Relation seidelUp;
  Relation jacobi;
  Relation doitgen;
  Relation heat3d;
  Relation strided;

  @Setup
  public void setup() {
    gemm = Relation.parse(GEMM);
    lu = Relation.parse(LU);
    seidel = Relation.parse(SEIDEL);
    seidelUp = Relation.parse(SEIDEL_UP);
    jacobi = Relation.parse(JACOBI);
    doitgen = Relation.parse(DOITGEN);
    heat3d = Relation.parse(HEAT3D);
    strided = Relation.parse(STRIDED);
  }

  @Benchmark
  public PwMultiAff lexmaxGemm() {
    return Lexopt.lexmax(gemm);
  }

  @Benchmark
  public PwMultiAff lexmaxLu() {
    return Lexopt.lexmax(lu);
  }

  @Benchmark
  public PwMultiAff lexmaxSeidel() {
    return Lexopt.lexmax(seidel);
  }

  @Benchmark
  public PwMultiAff lexmaxSeidelUp() {
    return Lexopt.lexmax(seidelUp);
  }

  @Benchmark
  public PwMultiAff lexmaxJacobi() {
    return Lexopt.lexmax(jacobi);
  }

  @Benchmark
  public PwMultiAff lexmaxDoitgen() {
    return Lexopt.lexmax(doitgen);
  }

  @Benchmark
  public PwMultiAff lexmaxHeat3d() {
    return Lexopt.lexmax(heat3d);
  }

  @Benchmark
  public PwMultiAff lexmaxStrided() {
    return Lexopt.lexmax(strided);
  }

  /** gemm from the sink domain: the optimum and the sinks without a source (k = 0). */
  @Benchmark
  public Lexopt.Partial partialLexmaxGemm() {
    return Lexopt.partialLexmax(gemm, gemm.domain());
  }
}
