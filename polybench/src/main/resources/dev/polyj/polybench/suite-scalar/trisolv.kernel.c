/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_trisolv(int n, DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE xi;
    xi = b[i];
    for (j = 0; j < i; j++)
      xi -= L[i][j] * x[j];
    x[i] = xi / L[i][i];
  }
#pragma endscop
}
