/*
 * jacobi-2d - five-point Jacobi relaxation on a 2-D grid, alternating
 * between two buffers (A -> B -> A each time step).
 */
#include "jacobi-2d.h"

static void init_array(int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }
}

void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] +
                                     A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] +
                                     B[1 + i][j] + B[i - 1][j]);
  }
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
  DATA_TYPE (*B)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  init_array(n, A, B);

  POLYJ_START_TIMER();
  kernel_jacobi_2d(tsteps, n, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, A);

  polyj_free(A);
  polyj_free(B);
  return 0;
}
