/*
 * coxph_newton - Newton's method for the Cox proportional hazards model, T iterations over N
 * observations with K covariates, sorted by time so that the risk set of observation i is
 * j >= i. Each iteration sums, for every i, the weights, weighted covariates and weighted
 * covariate products over its risk set (the textbook definition, O(K^2 N^2) per iteration); the
 * next coefficients are a deterministic pure function of these sums. Integer weights keep the
 * sums exact.
 */
#include "coxph_newton.h"

#pragma polyj pure(weight, step)
static long weight(long eta) { return (eta % 11 + 11) % 11 + 1; }
static long step(long beta, long g, long h) { return (beta + g - h) % 7; }

static void init_array(int n, int nk, long x[N][K], long beta[T + 1][K])
{
  for (int j = 0; j < n; j++)
    for (int a = 0; a < nk; a++)
      x[j][a] = (j * 7L + a * 3L) % 5 - 2;
  for (int a = 0; a < nk; a++)
    beta[0][a] = a % 3;
}

void kernel_coxph_newton(int nt, int n, int nk, long x[N][K], long beta[T + 1][K], long eta[T][N],
                         long e[T][N], long R[T][N], long G[T][K][N], long H[T][K][K][N],
                         long gr[T][K], long hs[T][K])
{
  int t, i, j, a, b;
#pragma scop
  for (t = 0; t < nt; t++) {
    for (j = 0; j < n; j++) {
      eta[t][j] = 0;
      for (a = 0; a < nk; a++)
        eta[t][j] += x[j][a] * beta[t][a];
      e[t][j] = weight(eta[t][j]);
    }
    for (i = 0; i < n; i++) {
      R[t][i] = 0;
      for (j = i; j < n; j++)
        R[t][i] += e[t][j];
      for (a = 0; a < nk; a++) {
        G[t][a][i] = 0;
        for (j = i; j < n; j++)
          G[t][a][i] += e[t][j] * x[j][a];
        for (b = 0; b < nk; b++) {
          H[t][a][b][i] = 0;
          for (j = i; j < n; j++)
            H[t][a][b][i] += e[t][j] * x[j][a] * x[j][b];
        }
      }
    }
    for (a = 0; a < nk; a++) {
      gr[t][a] = 0;
      hs[t][a] = 0;
      for (i = 0; i < n; i++) {
        gr[t][a] += x[i][a] * R[t][i] - G[t][a][i];
        hs[t][a] += H[t][a][a][i] - G[t][a][i];
      }
      beta[t + 1][a] = step(beta[t][a], gr[t][a], hs[t][a]);
    }
  }
#pragma endscop
}

static void print_array(int nt, int nk, long beta[T + 1][K], long gr[T][K], long hs[T][K])
{
  polyj_dump_begin("beta");
  for (int t = 0; t <= nt; t++)
    for (int a = 0; a < nk; a++)
      polyj_dump_value(beta[t][a]);
  polyj_dump_end("beta");
  polyj_dump_begin("gr");
  for (int t = 0; t < nt; t++)
    for (int a = 0; a < nk; a++) {
      polyj_dump_value(gr[t][a]);
      polyj_dump_value(hs[t][a]);
    }
  polyj_dump_end("gr");
}

int main(int argc, char **argv)
{
  long (*x)[K] = POLYJ_ALLOC_2D(long, N, K);
  long (*beta)[K] = POLYJ_ALLOC_2D(long, T + 1, K);
  long (*eta)[N] = POLYJ_ALLOC_2D(long, T, N);
  long (*e)[N] = POLYJ_ALLOC_2D(long, T, N);
  long (*R)[N] = POLYJ_ALLOC_2D(long, T, N);
  long (*G)[K][N] = POLYJ_ALLOC_3D(long, T, K, N);
  long (*H)[K][K][N] = (long (*)[K][K][N])polyj_alloc((size_t)T * K * K * N, sizeof(long));
  long (*gr)[K] = POLYJ_ALLOC_2D(long, T, K);
  long (*hs)[K] = POLYJ_ALLOC_2D(long, T, K);

  init_array(N, K, x, beta);

  POLYJ_START_TIMER();
  kernel_coxph_newton(T, N, K, x, beta, eta, e, R, G, H, gr, hs);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(T, K, beta, gr, hs);

  polyj_free(x);
  polyj_free(beta);
  polyj_free(eta);
  polyj_free(e);
  polyj_free(R);
  polyj_free(G);
  polyj_free(H);
  polyj_free(gr);
  polyj_free(hs);
  return 0;
}
