/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * ludcmp - solves A * x = b: LU decomposition of A without pivoting, then
 * forward substitution L * y = b and backward substitution U * x = y.
 */
#include "ludcmp.h"

/* A := L0 * L0^T is symmetric positive definite (no pivoting needed). */
static void init_array(int n, DATA_TYPE A[N][N], DATA_TYPE b[N],
                       DATA_TYPE x[N], DATA_TYPE y[N])
{
  int i, j, k;
  DATA_TYPE fn = (DATA_TYPE)n;
  DATA_TYPE (*P)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  for (i = 0; i < n; i++) {
    x[i] = 0;
    y[i] = 0;
    b[i] = (i + 1) / fn / SCALAR_VAL(2.0) + 4;
  }
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)(-j % n) / n + 1;
    for (j = i + 1; j < n; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      P[i][j] = 0;
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        P[i][j] += A[i][k] * A[j][k];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = P[i][j];
  polyj_free(P);
}

void kernel_ludcmp(int n, DATA_TYPE A[N][N], DATA_TYPE b[N], DATA_TYPE x[N],
                   DATA_TYPE y[N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      DATA_TYPE w;
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      DATA_TYPE w;
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    DATA_TYPE w;
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    DATA_TYPE w;
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE x[N])
{
  int i;

  polyj_dump_begin("x");
  for (i = 0; i < n; i++)
    polyj_dump_value(x[i]);
  polyj_dump_end("x");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*A)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);
  DATA_TYPE *b = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *x = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *y = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(n, A, b, x, y);

  POLYJ_START_TIMER();
  kernel_ludcmp(n, A, b, x, y);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, x);

  polyj_free(A);
  polyj_free(b);
  polyj_free(x);
  polyj_free(y);
  return 0;
}
