/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * covariance - sample covariance matrix of a data set.
 *
 * data holds n observations (rows) of m variables (columns).  The columns are
 * centred, then cov := data^T * data / (n - 1), computed for the upper
 * triangle and mirrored.
 */
#include <math.h>

#include "covariance.h"

static void init_array(int m, int n, DATA_TYPE *float_n, DATA_TYPE data[N][M])
{
  int i, j;

  *float_n = (DATA_TYPE)n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = ((DATA_TYPE)i * j) / m;
}

void kernel_covariance(int m, int n, DATA_TYPE float_n,
                       DATA_TYPE data[N][M], DATA_TYPE cov[M][M],
                       DATA_TYPE mean[M])
{
  int i, j, k;
#pragma scop
  DATA_TYPE n1;
  n1 = float_n - SCALAR_VAL(1.0);
  for (j = 0; j < m; j++) {
    DATA_TYPE mj;
    mj = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mj += data[i][j];
    mj /= float_n;
    mean[j] = mj;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      DATA_TYPE c;
      c = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        c += data[k][i] * data[k][j];
      c /= n1;
      cov[i][j] = c;
      cov[j][i] = c;
    }
#pragma endscop
}

static void print_array(int m, DATA_TYPE cov[M][M])
{
  int i, j;

  polyj_dump_begin("cov");
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      polyj_dump_value(cov[i][j]);
  polyj_dump_end("cov");
}

int main(int argc, char **argv)
{
  int m = M;
  int n = N;
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = POLYJ_ALLOC_2D(DATA_TYPE, N, M);
  DATA_TYPE (*cov)[M] = POLYJ_ALLOC_2D(DATA_TYPE, M, M);
  DATA_TYPE *mean = POLYJ_ALLOC_1D(DATA_TYPE, M);

  init_array(m, n, &float_n, data);

  POLYJ_START_TIMER();
  kernel_covariance(m, n, float_n, data, cov, mean);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, cov);

  polyj_free(data);
  polyj_free(cov);
  polyj_free(mean);
  return 0;
}
