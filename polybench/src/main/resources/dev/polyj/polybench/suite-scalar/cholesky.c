/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * cholesky - in-place Cholesky factorisation A = L * L^T.  On exit the lower
 * triangle of A (diagonal included) holds L.
 */
#include <math.h>

#include "cholesky.h"

/* Builds a symmetric positive definite matrix as A := L0 * L0^T for a lower
   triangular L0 with a unit diagonal. */
static void init_array(int n, DATA_TYPE A[N][N])
{
  int i, j, k;
  DATA_TYPE (*P)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)(-j % n) / n + 1;
    for (j = i + 1; j < n; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      P[i][j] = 0;
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        P[i][j] += A[i][k] * A[j][k];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = P[i][j];
  polyj_free(P);
}

void kernel_cholesky(int n, DATA_TYPE A[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE d;
    for (j = 0; j < i; j++) {
      DATA_TYPE a;
      a = A[i][j];
      for (k = 0; k < j; k++)
        a -= A[i][k] * A[j][k];
      A[i][j] = a / A[j][j];
    }
    d = A[i][i];
    for (k = 0; k < i; k++)
      d -= A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(d);
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE A[N][N])
{
  int i, j;

  polyj_dump_begin("A");
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      polyj_dump_value(A[i][j]);
  polyj_dump_end("A");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  init_array(n, A);

  POLYJ_START_TIMER();
  kernel_cholesky(n, A);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, A);

  polyj_free(A);
  return 0;
}
