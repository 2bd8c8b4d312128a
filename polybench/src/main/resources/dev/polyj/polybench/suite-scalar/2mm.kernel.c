/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_2mm(int ni, int nj, int nk, int nl,
                DATA_TYPE alpha, DATA_TYPE beta,
                DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      DATA_TYPE t;
      t = SCALAR_VAL(0.0);
      for (k = 0; k < nk; ++k)
        t += alpha * A[i][k] * B[k][j];
      tmp[i][j] = t;
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE d;
      d = D[i][j] * beta;
      for (k = 0; k < nj; ++k)
        d += tmp[i][k] * C[k][j];
      D[i][j] = d;
    }
#pragma endscop
}
