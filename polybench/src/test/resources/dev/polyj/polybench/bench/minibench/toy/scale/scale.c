/* scale: A[i] = 2.5 * A[i] + i, dumped in the PolyBench format. */
#include <polybench.h>
#include "scale.h"

static void kernel_scale(int n, double A[N])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = 2.5 * A[i] + i;
#pragma endscop
}

static void print_array(int n, double A[N])
{
  int i;
  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("A");
  for (i = 0; i < n; i++) {
    if (i % 20 == 0) fprintf(POLYBENCH_DUMP_TARGET, "\n");
    fprintf(POLYBENCH_DUMP_TARGET, "%0.2lf ", A[i]);
  }
  POLYBENCH_DUMP_END("A");
  POLYBENCH_DUMP_FINISH;
}

int main(int argc, char **argv)
{
  int n = N, i;
  double *A = malloc(sizeof(double) * N);
  for (i = 0; i < n; i++)
    A[i] = (double)(i % 7) / 7;
  polybench_start_instruments;
  kernel_scale(n, A);
  polybench_stop_instruments;
  polybench_print_instruments;
  polybench_prevent_dce(print_array(n, A));
  free(A);
  return 0;
}
