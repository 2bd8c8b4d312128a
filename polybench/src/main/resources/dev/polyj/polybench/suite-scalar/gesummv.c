/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * gesummv - y := alpha * A * x + beta * B * x.
 */
#include "gesummv.h"

static void init_array(int n, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE x[N])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < n; i++) {
    x[i] = (DATA_TYPE)(i % n) / n;
    for (j = 0; j < n; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
      B[i][j] = (DATA_TYPE)((i * j + 2) % n) / n;
    }
  }
}

void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta,
                    DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE tmp[N],
                    DATA_TYPE x[N], DATA_TYPE y[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE t;
    DATA_TYPE yi;
    t = SCALAR_VAL(0.0);
    yi = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++) {
      t = A[i][j] * x[j] + t;
      yi = B[i][j] * x[j] + yi;
    }
    tmp[i] = t;
    y[i] = alpha * t + beta * yi;
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
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE (*B)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE *tmp = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *x = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, &alpha, &beta, A, B, x);

  POLYJ_START_TIMER();
  kernel_gesummv(n, alpha, beta, A, B, tmp, x, y);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, y);

  polyj_free(A);
  polyj_free(B);
  polyj_free(tmp);
  polyj_free(x);
  polyj_free(y);
  return 0;
}
