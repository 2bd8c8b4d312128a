/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_lu(int n, DATA_TYPE A[N][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      DATA_TYPE a;
      a = A[i][j];
      for (k = 0; k < j; k++)
        a -= A[i][k] * A[k][j];
      A[i][j] = a / A[j][j];
    }
    for (j = i; j < n; j++) {
      DATA_TYPE u;
      u = A[i][j];
      for (k = 0; k < i; k++)
        u -= A[i][k] * A[k][j];
      A[i][j] = u;
    }
  }
#pragma endscop
}
