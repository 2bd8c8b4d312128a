/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * heat-3d - explicit finite-difference scheme for the 3-D heat equation;
 * each time step goes A -> B and back B -> A (7-point stencil).
 */
#include "heat-3d.h"

static void init_array(int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)(i + j + (n - k)) * 10 / n;
}

void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[N][N][N],
                    DATA_TYPE B[N][N][N])
{
  int t, i, j, k;
#pragma scop
  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++) {
          DATA_TYPE a;
          a = A[i][j][k];
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * a + A[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * a + A[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * a + A[i][j][k - 1])
                     + a;
        }
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++) {
          DATA_TYPE b;
          b = B[i][j][k];
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * b + B[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * b + B[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * b + B[i][j][k - 1])
                     + b;
        }
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE A[N][N][N])
{
  int i, j, k;

  polyj_dump_begin("A");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        polyj_dump_value(A[i][j][k]);
  polyj_dump_end("A");
}

int main(int argc, char **argv)
{
  int n = N;
  int tsteps = TSTEPS;
  DATA_TYPE (*A)[N][N] = POLYJ_ALLOC_3D(DATA_TYPE, N, N, N);
  DATA_TYPE (*B)[N][N] = POLYJ_ALLOC_3D(DATA_TYPE, N, N, N);

  init_array(n, A, B);

  POLYJ_START_TIMER();
  kernel_heat_3d(tsteps, n, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, A);

  polyj_free(A);
  polyj_free(B);
  return 0;
}
