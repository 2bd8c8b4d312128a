/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                    DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                    DATA_TYPE _fict_[TMAX])
{
  int t, i, j;
#pragma scop
  for (t = 0; t < tmax; t++) {
    DATA_TYPE ft;
    ft = _fict_[t];
    for (j = 0; j < ny; j++)
      ey[0][j] = ft;
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] +
                                                 ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}
