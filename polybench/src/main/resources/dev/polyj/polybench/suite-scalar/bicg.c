/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * bicg - the two matrix-vector products of a BiConjugate Gradient step:
 *   s := A^T * r   and   q := A * p,   with A an n x m matrix.
 */
#include "bicg.h"

static void init_array(int m, int n, DATA_TYPE A[N][M], DATA_TYPE r[N],
                       DATA_TYPE p[M])
{
  int i, j;

  for (i = 0; i < m; i++)
    p[i] = (DATA_TYPE)(i % m) / m;
  for (i = 0; i < n; i++) {
    r[i] = (DATA_TYPE)(i % n) / n;
    for (j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)(i * (j + 1) % n) / n;
  }
}

void kernel_bicg(int m, int n, DATA_TYPE A[N][M], DATA_TYPE s[M],
                 DATA_TYPE q[N], DATA_TYPE p[M], DATA_TYPE r[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    DATA_TYPE qi;
    DATA_TYPE ri;
    ri = r[i];
    qi = SCALAR_VAL(0.0);
    for (j = 0; j < m; j++) {
      s[j] = s[j] + ri * A[i][j];
      qi = qi + A[i][j] * p[j];
    }
    q[i] = qi;
  }
#pragma endscop
}

static void print_array(int m, int n, DATA_TYPE s[M], DATA_TYPE q[N])
{
  int i;

  polyj_dump_begin("s");
  for (i = 0; i < m; i++)
    polyj_dump_value(s[i]);
  polyj_dump_end("s");
  polyj_dump_begin("q");
  for (i = 0; i < n; i++)
    polyj_dump_value(q[i]);
  polyj_dump_end("q");
}

int main(int argc, char **argv)
{
  int m = M, n = N;
  DATA_TYPE (*A)[M] = POLYJ_ALLOC_2D(DATA_TYPE, N, M);
  DATA_TYPE *s = POLYJ_ALLOC_1D(DATA_TYPE, M);
  DATA_TYPE *q = POLYJ_ALLOC_1D(DATA_TYPE, N);
  DATA_TYPE *p = POLYJ_ALLOC_1D(DATA_TYPE, M);
  DATA_TYPE *r = POLYJ_ALLOC_1D(DATA_TYPE, N);

  init_array(m, n, A, r, p);

  POLYJ_START_TIMER();
  kernel_bicg(m, n, A, s, q, p, r);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, n, s, q);

  polyj_free(A);
  polyj_free(s);
  polyj_free(q);
  polyj_free(p);
  polyj_free(r);
  return 0;
}
