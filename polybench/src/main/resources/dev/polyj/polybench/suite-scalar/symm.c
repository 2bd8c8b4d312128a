/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * symm - C := alpha * A * B + beta * C, where A is an m x m symmetric matrix
 * of which only the lower triangle is referenced.
 */
#include "symm.h"

static void init_array(int m, int n, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE C[M][N], DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / m;
      B[i][j] = (DATA_TYPE)((n + i - j) % 100) / m;
    }
  for (i = 0; i < m; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 100) / m;
    /* The upper triangle must never be read: poison it. */
    for (j = i + 1; j < m; j++)
      A[i][j] = -999;
  }
}

void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[M][N], DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      DATA_TYPE temp2;
      DATA_TYPE ab;
      ab = alpha * B[i][j];
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += ab * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + ab * A[i][i] + alpha * temp2;
    }
#pragma endscop
}

static void print_array(int m, int n, DATA_TYPE C[M][N])
{
  int i, j;

  polyj_dump_begin("C");
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(C[i][j]);
  polyj_dump_end("C");
}

int main(int argc, char **argv)
{
  int m = M, n = N;
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);
  DATA_TYPE (*A)[M] = POLYJ_ALLOC_2D(DATA_TYPE, M, M);
  DATA_TYPE (*B)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);

  init_array(m, n, &alpha, &beta, C, A, B);

  POLYJ_START_TIMER();
  kernel_symm(m, n, alpha, beta, C, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, n, C);

  polyj_free(C);
  polyj_free(A);
  polyj_free(B);
  return 0;
}
