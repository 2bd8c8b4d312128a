/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * gramschmidt - QR decomposition A = Q * R of an m x n matrix by the
 * modified Gram-Schmidt process (A is overwritten).
 */
#include <math.h>

#include "gramschmidt.h"

static void init_array(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N],
                       DATA_TYPE Q[M][N])
{
  int i, j;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (((DATA_TYPE)((i * j) % m) / m) * 100) + 10;
      Q[i][j] = SCALAR_VAL(0.0);
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = SCALAR_VAL(0.0);
}

void kernel_gramschmidt(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N],
                        DATA_TYPE Q[M][N])
{
  int i, j, k;
#pragma scop
  for (k = 0; k < n; k++) {
    DATA_TYPE nrm;
    DATA_TYPE rkk;
    nrm = SCALAR_VAL(0.0);
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    rkk = SQRT_FUN(nrm);
    R[k][k] = rkk;
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / rkk;
    for (j = k + 1; j < n; j++) {
      DATA_TYPE rkj;
      rkj = SCALAR_VAL(0.0);
      for (i = 0; i < m; i++)
        rkj += Q[i][k] * A[i][j];
      R[k][j] = rkj;
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * rkj;
    }
  }
#pragma endscop
}

static void print_array(int m, int n, DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  int i, j;

  polyj_dump_begin("R");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(R[i][j]);
  polyj_dump_end("R");
  polyj_dump_begin("Q");
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(Q[i][j]);
  polyj_dump_end("Q");
}

int main(int argc, char **argv)
{
  int m = M, n = N;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);
  DATA_TYPE (*R)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE (*Q)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);

  init_array(m, n, A, R, Q);

  POLYJ_START_TIMER();
  kernel_gramschmidt(m, n, A, R, Q);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, n, R, Q);

  polyj_free(A);
  polyj_free(R);
  polyj_free(Q);
  return 0;
}
