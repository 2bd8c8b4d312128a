/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
void kernel_nussinov(int n, base seq[N], DATA_TYPE table[N][N])
{
  int i, j, k;
#pragma scop
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      DATA_TYPE t;
      t = table[i][j];
      if (j - 1 >= 0)
        t = max_score(t, table[i][j - 1]);
      if (i + 1 < n)
        t = max_score(t, table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          t = max_score(t, table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          t = max_score(t, table[i + 1][j - 1]);
      }
      for (k = i + 1; k < j; k++)
        t = max_score(t, table[i][k] + table[k + 1][j]);
      table[i][j] = t;
    }
  }
#pragma endscop
}
