/*
 * prefix_sum_dependent - the SDR paper's Equation (4): a prefix sum whose inputs depend on
 * earlier results, B[i] = sum of A[0..i] with A[i + 1] = g(B[i]), each sum computed anew:
 * O(N^2). g is a deterministic pure function; integers keep the sums exact.
 */
#include "prefix_sum_dependent.h"

#pragma polyj pure(g)
static long g(long x) { return (x * 7 + 3) % 1001 - 500; }

static void init_array(int n, long A[N + 1])
{
  for (int i = 0; i <= n; i++)
    A[i] = (i * 13L) % 17 - 8;
}

void kernel_prefix_sum_dependent(int n, long A[N + 1], long B[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    B[i] = 0;
    for (j = 0; j <= i; j++)
      B[i] += A[j];
    if (i < n - 1)
      A[i + 1] = g(B[i]);
  }
#pragma endscop
}

static void print_array(int n, long B[N])
{
  polyj_dump_begin("B");
  for (int i = 0; i < n; i++)
    polyj_dump_value(B[i]);
  polyj_dump_end("B");
}

int main(int argc, char **argv)
{
  long *A = POLYJ_ALLOC_1D(long, N + 1);
  long *B = POLYJ_ALLOC_1D(long, N);

  init_array(N, A);

  POLYJ_START_TIMER();
  kernel_prefix_sum_dependent(N, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, B);

  polyj_free(A);
  polyj_free(B);
  return 0;
}
