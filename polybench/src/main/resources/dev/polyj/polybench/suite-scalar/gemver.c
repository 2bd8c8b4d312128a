/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * gemver - vector multiplication and matrix addition:
 *   A := A + u1 * v1^T + u2 * v2^T
 *   x := x + beta * A^T * y + z
 *   w := w + alpha * A * x
 */
#include "gemver.h"

static void init_array(int n, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE A[N][N], DATA_TYPE u1[N], DATA_TYPE v1[N],
                       DATA_TYPE u2[N], DATA_TYPE v2[N], DATA_TYPE w[N],
                       DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE z[N])
{
  int i, j;
  DATA_TYPE fn = (DATA_TYPE)n;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / SCALAR_VAL(2.0);
    v1[i] = ((i + 1) / fn) / SCALAR_VAL(4.0);
    v2[i] = ((i + 1) / fn) / SCALAR_VAL(6.0);
    y[i] = ((i + 1) / fn) / SCALAR_VAL(8.0);
    z[i] = ((i + 1) / fn) / SCALAR_VAL(9.0);
    x[i] = SCALAR_VAL(0.0);
    w[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)(i * j % n) / n;
  }
}

void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                   DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                   DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                   DATA_TYPE y[N], DATA_TYPE z[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE a;
    DATA_TYPE b;
    a = u1[i];
    b = u2[i];
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + a * v1[j] + b * v2[j];
  }
  for (i = 0; i < n; i++) {
    DATA_TYPE xi;
    xi = x[i];
    for (j = 0; j < n; j++)
      xi = xi + beta * A[j][i] * y[j];
    x[i] = xi;
  }
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < n; i++) {
    DATA_TYPE wi;
    wi = w[i];
    for (j = 0; j < n; j++)
      wi = wi + alpha * A[i][j] * x[j];
    w[i] = wi;
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE w[N])
{
  int i;

  polyj_dump_begin("w");
  for (i = 0; i < n; i++)
    polyj_dump_value(w[i]);
  polyj_dump_end("w");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE *u1 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *v1 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *u2 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *v2 = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *w = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *x = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *z = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, &alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);

  POLYJ_START_TIMER();
  kernel_gemver(n, alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, w);

  polyj_free(A);
  polyj_free(u1);
  polyj_free(v1);
  polyj_free(u2);
  polyj_free(v2);
  polyj_free(w);
  polyj_free(x);
  polyj_free(y);
  polyj_free(z);
  return 0;
}
