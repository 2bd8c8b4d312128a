/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * mvt - two matrix-vector products sharing one matrix:
 *   x1 := x1 + A * y_1   and   x2 := x2 + A^T * y_2.
 */
#include "mvt.h"

static void init_array(int n, DATA_TYPE x1[N], DATA_TYPE x2[N],
                       DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (DATA_TYPE)(i % n) / n;
    x2[i] = (DATA_TYPE)((i + 1) % n) / n;
    y_1[i] = (DATA_TYPE)((i + 3) % n) / n;
    y_2[i] = (DATA_TYPE)((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)(i * j % n) / n;
  }
}

void kernel_mvt(int n, DATA_TYPE x1[N], DATA_TYPE x2[N],
                DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE a;
    a = x1[i];
    for (j = 0; j < n; j++)
      a = a + A[i][j] * y_1[j];
    x1[i] = a;
  }
  for (i = 0; i < n; i++) {
    DATA_TYPE b;
    b = x2[i];
    for (j = 0; j < n; j++)
      b = b + A[j][i] * y_2[j];
    x2[i] = b;
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE x1[N], DATA_TYPE x2[N])
{
  int i;

  polyj_dump_begin("x1");
  for (i = 0; i < n; i++)
    polyj_dump_value(x1[i]);
  polyj_dump_end("x1");
  polyj_dump_begin("x2");
  for (i = 0; i < n; i++)
    polyj_dump_value(x2[i]);
  polyj_dump_end("x2");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE *x1 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *x2 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y_1 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y_2 = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, x1, x2, y_1, y_2, A);

  POLYJ_START_TIMER();
  kernel_mvt(n, x1, x2, y_1, y_2, A);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, x1, x2);

  polyj_free(A);
  polyj_free(x1);
  polyj_free(x2);
  polyj_free(y_1);
  polyj_free(y_2);
  return 0;
}
