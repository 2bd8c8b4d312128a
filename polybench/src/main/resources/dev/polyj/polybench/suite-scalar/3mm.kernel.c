/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                DATA_TYPE G[NI][NL])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      DATA_TYPE e;
      e = SCALAR_VAL(0.0);
      for (k = 0; k < nk; ++k)
        e += A[i][k] * B[k][j];
      E[i][j] = e;
    }
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE f;
      f = SCALAR_VAL(0.0);
      for (k = 0; k < nm; ++k)
        f += C[i][k] * D[k][j];
      F[i][j] = f;
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE g;
      g = SCALAR_VAL(0.0);
      for (k = 0; k < nj; ++k)
        g += E[i][k] * F[k][j];
      G[i][j] = g;
    }
#pragma endscop
}
