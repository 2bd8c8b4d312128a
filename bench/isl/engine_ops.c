/*
 * The operations of EngineBenchmarks and LexoptBenchmarks on the same relations, timed with the
 * isl library, so the engine's JMH throughput can be compared with isl's on one machine.
 *
 *   gcc -O2 -o /tmp/engine_ops bench/isl/engine_ops.c -lisl && /tmp/engine_ops [seconds]
 *
 * Prints one line per operation: name and operations per second (each operation is repeated
 * for the given time, 2 s by default, after a 0.5 s warm-up). Time is the CPU time of the
 * thread, as in dev.polyj.polybench.jmh.LexoptCpuTime, so that a loaded machine disturbs the
 * comparison little.
 */
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/aff.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *GEMM_DEP = "[NI, NJ, NK] -> { S[i, j, k] -> S[i2, j2, k2] : i2 = i and j2 = j and k2 > k"
    " and 0 <= i < NI and 0 <= j < NJ and 0 <= k < NK and 0 <= k2 < NK }";
static const char *STENCIL_DEP = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : t2 = t + 1 and -1 <= i2 - i <= 1"
    " and -1 <= j2 - j <= 1 and 0 <= t < T - 1 and 1 <= i, i2 <= N - 2 and 1 <= j, j2 <= N - 2 }";
static const char *LU_DEP = "[N] -> { S[k, i, j, l] -> S[k2, i2, j2, l2] : k < k2 and i2 = i and j2 = j"
    " and 0 <= k < i < N and k < j < N and 0 <= k2 < i2 and k2 < j2 and 0 <= l < 4 and l2 = l }";
static const char *LEXLT = "[N] -> { S[i, j, k] -> S[i2, j2, k2] : i2 > i or (i2 = i and j2 > j)"
    " or (i2 = i and j2 = j and k2 > k) }";
static const char *STRIDED_DEP = "[N, M] -> { S[i, j, k] -> S[i2, j2, k2] : exists (a, b : i = 2a and j2 = 3b)"
    " and 0 <= i, i2 < N and 0 <= j, j2 < M and k2 = k + i and 0 <= k < N }";

static const char *L_GEMM = "[NI, NJ, NK] -> { S[i, j, k] -> S[i2, j2, k2] : 0 <= i < NI and 0 <= j < NJ"
    " and 0 <= k < NK and 0 <= i2 < NI and 0 <= j2 < NJ and 0 <= k2 < NK and i2 = i and j2 = j"
    " and (i2 < i or (i2 = i and j2 < j) or (i2 = i and j2 = j and k2 < k)) }";
static const char *L_LU = "[N] -> { S[k, i, j] -> S[k2, i2, j2] : 0 <= k < N and k < i < N and k < j < N"
    " and 0 <= k2 < N and k2 < i2 < N and k2 < j2 < N and i2 = i and j2 = k"
    " and (k2 < k or (k2 = k and i2 < i) or (k2 = k and i2 = i and j2 < j)) }";
static const char *L_SEIDEL = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
    " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
    " and i2 = i and j2 = j + 1"
    " and (t2 < t or (t2 = t and i2 < i) or (t2 = t and i2 = i and j2 < j)) }";
static const char *L_SEIDEL_UP = "[T, N] -> { S[t, i, j] -> S[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
    " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
    " and i2 = i - 1 and j2 = j"
    " and (t2 < t or (t2 = t and i2 < i) or (t2 = t and i2 = i and j2 < j)) }";
static const char *L_JACOBI = "[T, N] -> { S[t, i, j] -> T[t2, i2, j2] : 0 <= t < T and 1 <= i <= N - 2"
    " and 1 <= j <= N - 2 and 0 <= t2 < T and 1 <= i2 <= N - 2 and 1 <= j2 <= N - 2"
    " and i2 = i and j2 = j + 1 and t2 < t }";
static const char *L_DOITGEN = "[NR, NQ, NP] -> { S[r, q, p, s] -> S[r2, q2, p2, s2] : 0 <= r < NR"
    " and 0 <= q < NQ and 0 <= p < NP and 0 <= s < NP and 0 <= r2 < NR and 0 <= q2 < NQ"
    " and 0 <= p2 < NP and 0 <= s2 < NP and p2 = p and (r2 < r or (r2 = r and q2 < q)"
    " or (r2 = r and q2 = q and p2 < p) or (r2 = r and q2 = q and p2 = p and s2 < s)) }";
static const char *L_HEAT3D = "[T, N] -> { S[t, i, j, k] -> T[t2, i2, j2, k2] : 0 <= t < T"
    " and 1 <= i, j, k <= N - 2 and 0 <= t2 < T and 1 <= i2, j2, k2 <= N - 2"
    " and i2 = i + 1 and j2 = j and k2 = k - 1 and t2 < t }";
static const char *L_STRIDED = "[N, M] -> { R[a, b] -> W[i, j] : 0 <= a < 2N and 0 <= b < M"
    " and 0 <= i < N and 0 <= j < M and a = 2i and b = j }";

static isl_ctx *ctx;
static isl_map *gemm, *stencil, *lu, *lexlt, *strided;
static isl_map *lmaps[8];
static const char *lnames[8] = {"lexmaxGemm", "lexmaxLu", "lexmaxSeidel", "lexmaxSeidelUp",
    "lexmaxJacobi", "lexmaxDoitgen", "lexmaxHeat3d", "lexmaxStrided"};
static int current;

static isl_map *parse(const char *s) { return isl_map_read_from_str(ctx, s); }

static void intersectGemmLex(void) { isl_map_free(isl_map_intersect(isl_map_copy(gemm), isl_map_copy(lexlt))); }
static void emptinessStencil(void) { isl_map *m = parse(STENCIL_DEP); isl_map_is_empty(m); isl_map_free(m); }
static void emptinessLu(void) { isl_map *m = parse(LU_DEP); isl_map_is_empty(m); isl_map_free(m); }
static void subtractGemmLex(void) { isl_map_free(isl_map_subtract(isl_map_copy(gemm), isl_map_copy(lexlt))); }
static void subtractStrided(void) { isl_map_free(isl_map_subtract(isl_map_copy(strided), isl_map_copy(gemm))); }
static void projectStencilDomain(void) {
  isl_map_free(isl_map_project_out(isl_map_copy(stencil), isl_dim_out, 0, 3));
}
static void rangeOfLu(void) { isl_set_free(isl_map_range(isl_map_copy(lu))); }
static void subsetStencil(void) {
  isl_map *m = isl_map_intersect(isl_map_copy(gemm), isl_map_copy(lexlt));
  isl_map_is_subset(m, gemm);
  isl_map_free(m);
}
static void lexmaxCurrent(void) {
  isl_pw_multi_aff_free(isl_map_lexmax_pw_multi_aff(isl_map_copy(lmaps[current])));
}
static void partialLexmaxGemm(void) {
  isl_set *empty = NULL;
  isl_map *m = isl_map_copy(lmaps[0]);
  isl_set *dom = isl_map_domain(isl_map_copy(m));
  isl_map_free(isl_map_partial_lexmax(m, dom, &empty));
  isl_set_free(empty);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void run(const char *name, void (*op)(void), double seconds) {
  double end = now() + 0.5;
  while (now() < end) op();
  long n = 0;
  double start = now();
  end = start + seconds;
  double t;
  do {
    for (int k = 0; k < 10; k++) op();
    n += 10;
    t = now();
  } while (t < end);
  printf("%-22s %12.0f ops/s\n", name, n / (t - start));
  fflush(stdout);
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 2.0;
  ctx = isl_ctx_alloc();
  gemm = parse(GEMM_DEP);
  stencil = parse(STENCIL_DEP);
  lu = parse(LU_DEP);
  lexlt = parse(LEXLT);
  strided = parse(STRIDED_DEP);
  const char *ls[8] = {L_GEMM, L_LU, L_SEIDEL, L_SEIDEL_UP, L_JACOBI, L_DOITGEN, L_HEAT3D, L_STRIDED};
  for (int k = 0; k < 8; k++) lmaps[k] = parse(ls[k]);
  run("intersectGemmLex", intersectGemmLex, seconds);
  run("emptinessStencil", emptinessStencil, seconds);
  run("emptinessLu", emptinessLu, seconds);
  run("subtractGemmLex", subtractGemmLex, seconds);
  run("subtractStrided", subtractStrided, seconds);
  run("projectStencilDomain", projectStencilDomain, seconds);
  run("rangeOfLu", rangeOfLu, seconds);
  run("subsetStencil", subsetStencil, seconds);
  for (current = 0; current < 8; current++) run(lnames[current], lexmaxCurrent, seconds);
  run("partialLexmaxGemm", partialLexmaxGemm, seconds);
  return 0;
}
