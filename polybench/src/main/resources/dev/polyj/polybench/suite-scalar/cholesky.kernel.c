/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_cholesky(int n, DATA_TYPE A[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE d;
    for (j = 0; j < i; j++) {
      DATA_TYPE a;
      a = A[i][j];
      for (k = 0; k < j; k++)
        a -= A[i][k] * A[j][k];
      A[i][j] = a / A[j][j];
    }
    d = A[i][i];
    for (k = 0; k < i; k++)
      d -= A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(d);
  }
#pragma endscop
}
