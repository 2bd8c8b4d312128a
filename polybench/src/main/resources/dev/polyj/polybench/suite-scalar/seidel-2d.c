/*
 * seidel-2d - nine-point Gauss-Seidel relaxation on a 2-D grid, in place.
 */
#include "seidel-2d.h"

static void init_array(int n, DATA_TYPE A[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
}

void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[N][N])
{
  int t, i, j;

#pragma scop
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

static void print_array(int n, DATA_TYPE A[N][N])
{
  int i, j;

  polyj_dump_begin("A");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(A[i][j]);
  polyj_dump_end("A");
}

int main(int argc, char **argv)
{
  int n = N;
  int tsteps = TSTEPS;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  init_array(n, A);

  POLYJ_START_TIMER();
  kernel_seidel_2d(tsteps, n, A);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, A);

  polyj_free(A);
  return 0;
}
