/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                  DATA_TYPE C[N][N], DATA_TYPE A[N][M], DATA_TYPE B[N][M])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++) {
      DATA_TYPE c;
      c = C[i][j] * beta;
      for (k = 0; k < m; k++)
        c += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
      C[i][j] = c;
    }
#pragma endscop
}
