/* prefix: running sums of an integer array, dumped in the PolyBench format ("%d "). */
#include <polybench.h>
#include "prefix.h"

static void kernel_prefix(int n, int S[N])
{
  int i;
#pragma scop
  for (i = 1; i < n; i++)
    S[i] = S[i] + S[i - 1];
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = N, i;
  int *S = malloc(sizeof(int) * N);
  for (i = 0; i < n; i++)
    S[i] = i % 5 - 2;
  polybench_start_instruments;
  kernel_prefix(n, S);
  polybench_stop_instruments;
  polybench_print_instruments;
  POLYBENCH_DCE_ONLY_CODE {
    POLYBENCH_DUMP_START;
    POLYBENCH_DUMP_BEGIN("S");
    for (i = 0; i < n; i++) {
      if (i % 20 == 0) fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, "%d ", S[i]);
    }
    POLYBENCH_DUMP_END("S");
    POLYBENCH_DUMP_FINISH;
  }
  free(S);
  return 0;
}
