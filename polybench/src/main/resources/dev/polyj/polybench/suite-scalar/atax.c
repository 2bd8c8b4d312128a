/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * atax - y := A^T * (A * x), with A an m x n matrix.
 */
#include "atax.h"

static void init_array(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N])
{
  int i, j;
  DATA_TYPE fn = (DATA_TYPE)n;

  for (i = 0; i < n; i++)
    x[i] = 1 + (i / fn);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i + j) % n) / (5 * m);
}

void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N],
                 DATA_TYPE y[N], DATA_TYPE tmp[M])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    DATA_TYPE t;
    t = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      t = t + A[i][j] * x[j];
    tmp[i] = t;
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t;
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE y[N])
{
  int i;

  polyj_dump_begin("y");
  for (i = 0; i < n; i++)
    polyj_dump_value(y[i]);
  polyj_dump_end("y");
}

int main(int argc, char **argv)
{
  int m = M, n = N;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, M, N);
  DATA_TYPE *x = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *tmp = POLYJ_ALLOC_1D(DATA_TYPE, M);

  init_array(m, n, A, x);

  POLYJ_START_TIMER();
  kernel_atax(m, n, A, x, y, tmp);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, y);

  polyj_free(A);
  polyj_free(x);
  polyj_free(y);
  polyj_free(tmp);
  return 0;
}
