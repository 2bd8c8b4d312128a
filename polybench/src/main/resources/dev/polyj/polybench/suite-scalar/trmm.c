/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * trmm - B := alpha * A^T * B, where A is an m x m unit lower triangular
 * matrix (the diagonal is implicitly one and never read).
 */
#include "trmm.h"

static void init_array(int m, int n, DATA_TYPE *alpha,
                       DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  for (i = 0; i < m; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % m) / m;
    A[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++)
      A[i][j] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      B[i][j] = (DATA_TYPE)((n + (i - j)) % n) / n;
  }
}

void kernel_trmm(int m, int n, DATA_TYPE alpha,
                 DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      DATA_TYPE b;
      b = B[i][j];
      for (k = i + 1; k < m; k++)
        b += A[k][i] * B[k][j];
      B[i][j] = alpha * b;
    }
#pragma endscop
}

static void print_array(int m, int n, DATA_TYPE B[M][N])
{
  int i, j;

  polyj_dump_begin("B");
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(B[i][j]);
  polyj_dump_end("B");
}

int main(int argc, char **argv)
{
  int m = M, n = N;
  DATA_TYPE alpha;
  DATA_TYPE (*A)[M] = POLYJ_ALLOC_2D(DATA_TYPE, M, M);
  DATA_TYPE (*B)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);

  init_array(m, n, &alpha, A, B);

  POLYJ_START_TIMER();
  kernel_trmm(m, n, alpha, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, n, B);

  polyj_free(A);
  polyj_free(B);
  return 0;
}
