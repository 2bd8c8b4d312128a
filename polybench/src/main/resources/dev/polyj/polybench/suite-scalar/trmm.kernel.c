/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_trmm(int m, int n, DATA_TYPE alpha,
                 DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      DATA_TYPE b;
      b = B[i][j];
      for (k = i + 1; k < m; k++)
        b += A[k][i] * B[k][j];
      B[i][j] = alpha * b;
    }
#pragma endscop
}
