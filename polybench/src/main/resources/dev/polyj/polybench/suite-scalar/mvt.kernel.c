/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_mvt(int n, DATA_TYPE x1[N], DATA_TYPE x2[N],
                DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE a;
    a = x1[i];
    for (j = 0; j < n; j++)
      a = a + A[i][j] * y_1[j];
    x1[i] = a;
  }
  for (i = 0; i < n; i++) {
    DATA_TYPE b;
    b = x2[i];
    for (j = 0; j < n; j++)
      b = b + A[j][i] * y_2[j];
    x2[i] = b;
  }
#pragma endscop
}
