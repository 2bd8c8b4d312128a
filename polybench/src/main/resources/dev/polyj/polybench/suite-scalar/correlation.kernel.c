/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_correlation(int m, int n, DATA_TYPE float_n,
                        DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                        DATA_TYPE mean[M], DATA_TYPE stddev[M])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);
#pragma scop
  DATA_TYPE sqrt_n;
  sqrt_n = SQRT_FUN(float_n);
  for (j = 0; j < m; j++) {
    DATA_TYPE mj;
    mj = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mj += data[i][j];
    mj /= float_n;
    mean[j] = mj;
  }
  for (j = 0; j < m; j++) {
    DATA_TYPE sd;
    DATA_TYPE mu;
    mu = mean[j];
    sd = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      sd += (data[i][j] - mu) * (data[i][j] - mu);
    sd /= float_n;
    sd = SQRT_FUN(sd);
    stddev[j] = sd <= eps ? SCALAR_VAL(1.0) : sd;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt_n * stddev[j];
    }
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++) {
      DATA_TYPE c;
      c = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        c += data[k][i] * data[k][j];
      corr[i][j] = c;
      corr[j][i] = c;
    }
  }
  corr[m - 1][m - 1] = SCALAR_VAL(1.0);
#pragma endscop
}
