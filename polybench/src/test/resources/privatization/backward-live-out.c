/* The rows swept backwards with two scalars; a statement after the nest reads both, so their
   values after the parallel loop must be those of the last row. */
#pragma scop
for (i = 0; i < N; i++) {
  t1 = 0.0;
  t2 = X[i][M - 1];
  for (j = M - 1; j >= 0; j--) {
    Z[i][j] = t1 * 0.5 + t2 * 0.25 + X[i][j];
    t2 = t1;
    t1 = Z[i][j];
  }
}
S[0] = t1 + 2.0 * t2;
#pragma endscop
