/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_gramschmidt(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N],
                        DATA_TYPE Q[M][N])
{
  int i, j, k;
#pragma scop
  for (k = 0; k < n; k++) {
    DATA_TYPE nrm;
    DATA_TYPE rkk;
    nrm = SCALAR_VAL(0.0);
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    rkk = SQRT_FUN(nrm);
    R[k][k] = rkk;
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / rkk;
    for (j = k + 1; j < n; j++) {
      DATA_TYPE rkj;
      rkj = SCALAR_VAL(0.0);
      for (i = 0; i < m; i++)
        rkj += Q[i][k] * A[i][j];
      R[k][j] = rkj;
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * rkj;
    }
  }
#pragma endscop
}
