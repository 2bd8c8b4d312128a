/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_bicg(int m, int n, DATA_TYPE A[N][M], DATA_TYPE s[M],
                 DATA_TYPE q[N], DATA_TYPE p[M], DATA_TYPE r[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    DATA_TYPE qi;
    DATA_TYPE ri;
    ri = r[i];
    qi = SCALAR_VAL(0.0);
    for (j = 0; j < m; j++) {
      s[j] = s[j] + ri * A[i][j];
      qi = qi + A[i][j] * p[j];
    }
    q[i] = qi;
  }
#pragma endscop
}
