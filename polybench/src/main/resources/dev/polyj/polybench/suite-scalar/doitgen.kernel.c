/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP],
                    DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP])
{
  int r, q, p, s;
#pragma scop
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        DATA_TYPE acc;
        acc = SCALAR_VAL(0.0);
        for (s = 0; s < np; s++)
          acc += A[r][q][s] * C4[s][p];
        sum[p] = acc;
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}
