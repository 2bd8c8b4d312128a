/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * trisolv - forward substitution: solves L * x = b for x, with L lower
 * triangular.
 */
#include "trisolv.h"

static void init_array(int n, DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = -999;
    b[i] = i;
    for (j = 0; j <= i; j++)
      L[i][j] = (DATA_TYPE)(i + n - j + 1) * 2 / n;
    for (j = i + 1; j < n; j++)
      L[i][j] = 0;
  }
}

void kernel_trisolv(int n, DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE xi;
    xi = b[i];
    for (j = 0; j < i; j++)
      xi -= L[i][j] * x[j];
    x[i] = xi / L[i][i];
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE x[N])
{
  int i;

  polyj_dump_begin("x");
  for (i = 0; i < n; i++)
    polyj_dump_value(x[i]);
  polyj_dump_end("x");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*L)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE *x = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *b = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, L, x, b);

  POLYJ_START_TIMER();
  kernel_trisolv(n, L, x, b);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, x);

  polyj_free(L);
  polyj_free(x);
  polyj_free(b);
  return 0;
}
