/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N],
                 DATA_TYPE y[N], DATA_TYPE tmp[M])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    DATA_TYPE t;
    t = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      t = t + A[i][j] * x[j];
    tmp[i] = t;
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t;
  }
#pragma endscop
}
