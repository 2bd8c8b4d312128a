/*
 * jacobi-1d - three-point Jacobi relaxation on a 1-D grid, alternating
 * between two buffers (A -> B -> A each time step).
 */
#include "jacobi-1d.h"

static void init_array(int n, DATA_TYPE A[N], DATA_TYPE B[N])
{
  int i;

  for (i = 0; i < n; i++) {
    A[i] = ((DATA_TYPE)i + 2) / n;
    B[i] = ((DATA_TYPE)i + 3) / n;
  }
}

void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE A[N], DATA_TYPE B[N])
{
  int t, i;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = SCALAR_VAL(0.33333) * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE A[N])
{
  int i;

  polyj_dump_begin("A");
  for (i = 0; i < n; i++)
    polyj_dump_value(A[i]);
  polyj_dump_end("A");
}

int main(int argc, char **argv)
{
  int n = N;
  int tsteps = TSTEPS;
  DATA_TYPE *A = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *B = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, A, B);

  POLYJ_START_TIMER();
  kernel_jacobi_1d(tsteps, n, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, A);

  polyj_free(A);
  polyj_free(B);
  return 0;
}
