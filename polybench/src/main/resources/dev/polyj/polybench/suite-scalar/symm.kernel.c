/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[M][N], DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      DATA_TYPE temp2;
      DATA_TYPE ab;
      ab = alpha * B[i][j];
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += ab * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + ab * A[i][i] + alpha * temp2;
    }
#pragma endscop
}
