/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
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
