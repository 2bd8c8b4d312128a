/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * durbin - Levinson-Durbin recursion: solves the Yule-Walker equations
 * (a symmetric Toeplitz system built from r) for y.
 */
#include "durbin.h"

static void init_array(int n, DATA_TYPE r[N])
{
  int i;

  for (i = 0; i < n; i++)
    r[i] = (n + 1 - i);
}

void kernel_durbin(int n, DATA_TYPE r[N], DATA_TYPE y[N])
{
  int i, k;
  DATA_TYPE z[N];
#pragma scop
  DATA_TYPE alpha;
  DATA_TYPE beta;
  y[0] = -r[0];
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    DATA_TYPE sum;
    beta = (1 - alpha * alpha) * beta;
    sum = SCALAR_VAL(0.0);
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
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
  int n = N;
  DATA_TYPE *r = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, r);

  POLYJ_START_TIMER();
  kernel_durbin(n, r, y);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, y);

  polyj_free(r);
  polyj_free(y);
  return 0;
}
