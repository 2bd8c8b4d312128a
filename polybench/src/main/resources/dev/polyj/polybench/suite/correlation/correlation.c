/*
 * correlation - Pearson correlation matrix of a data set.
 *
 * data holds n observations (rows) of m variables (columns).  Each column is
 * centred and scaled by its standard deviation, then corr := data^T * data.
 */
#include <math.h>

#include "correlation.h"

static void init_array(int m, int n, DATA_TYPE *float_n, DATA_TYPE data[N][M])
{
  int i, j;

  *float_n = (DATA_TYPE)n;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (DATA_TYPE)(i * j) / m + i;
}

void kernel_correlation(int m, int n, DATA_TYPE float_n,
                        DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                        DATA_TYPE mean[M], DATA_TYPE stddev[M])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);

#pragma scop
  /* Column means. */
  for (j = 0; j < m; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  /* Column standard deviations; near-zero deviations are replaced by 1 so
     that constant columns do not cause a division by zero. */
  for (j = 0; j < m; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }

  /* Centre and reduce the data. */
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }

  /* Upper triangle of the correlation matrix, mirrored below. */
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = SCALAR_VAL(1.0);
#pragma endscop
}

static void print_array(int m, DATA_TYPE corr[M][M])
{
  int i, j;

  polyj_dump_begin("corr");
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      polyj_dump_value(corr[i][j]);
  polyj_dump_end("corr");
}

int main(int argc, char **argv)
{
  int m = M;
  int n = N;
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = POLYJ_ALLOC_2D(DATA_TYPE, N, M);
  DATA_TYPE (*corr)[M] = POLYJ_ALLOC_2D(DATA_TYPE, M, M);
  DATA_TYPE *mean = POLYJ_ALLOC_1D(DATA_TYPE, M);
  DATA_TYPE *stddev = POLYJ_ALLOC_1D(DATA_TYPE, M);

  init_array(m, n, &float_n, data);

  POLYJ_START_TIMER();
  kernel_correlation(m, n, float_n, data, corr, mean, stddev);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(m, corr);

  polyj_free(data);
  polyj_free(corr);
  polyj_free(mean);
  polyj_free(stddev);
  return 0;
}
