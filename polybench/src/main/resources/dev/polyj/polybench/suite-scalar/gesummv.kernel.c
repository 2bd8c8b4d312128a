/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta,
                    DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE tmp[N],
                    DATA_TYPE x[N], DATA_TYPE y[N])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    DATA_TYPE t;
    DATA_TYPE yi;
    t = SCALAR_VAL(0.0);
    yi = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++) {
      t = A[i][j] * x[j] + t;
      yi = B[i][j] * x[j] + yi;
    }
    tmp[i] = t;
    y[i] = alpha * t + beta * yi;
  }
#pragma endscop
}
