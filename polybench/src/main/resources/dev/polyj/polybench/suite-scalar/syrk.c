/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * syrk - symmetric rank-k update of the lower triangle of C:
 *   C := alpha * A * A^T + beta * C.
 */
#include "syrk.h"

static void init_array(int n, int m, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE C[N][N], DATA_TYPE A[N][M])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % m) / m;
}

void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[N][N], DATA_TYPE A[N][M])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++) {
      DATA_TYPE c;
      c = C[i][j] * beta;
      for (k = 0; k < m; k++)
        c += alpha * A[i][k] * A[j][k];
      C[i][j] = c;
    }
#pragma endscop
}

static void print_array(int n, DATA_TYPE C[N][N])
{
  int i, j;

  polyj_dump_begin("C");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(C[i][j]);
  polyj_dump_end("C");
}

int main(int argc, char **argv)
{
  int n = N, m = M;
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE (*A)[M] = POLYJ_ALLOC_2D(DATA_TYPE, N, M);

  init_array(n, m, &alpha, &beta, C, A);

  POLYJ_START_TIMER();
  kernel_syrk(n, m, alpha, beta, C, A);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, C);

  polyj_free(C);
  polyj_free(A);
  return 0;
}
