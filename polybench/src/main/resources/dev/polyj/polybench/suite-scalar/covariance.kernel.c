/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
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
