/* Accumulators that read other elements of their own array: a forward substitution and a
 * Cholesky-like factorization (reads provably apart from the updated element), and an update
 * whose reads reach the updated element on the diagonal. */
#pragma scop
for (i = 0; i < N; i++) {
  x[i] = b[i];
  for (j = 0; j < i; j++)
    x[i] -= L[i][j] * x[j];
  x[i] = x[i] / L[i][i];
}
for (i = 0; i < N; i++) {
  for (j = 0; j < i; j++) {
    for (k = 0; k < j; k++)
      A[i][j] -= A[i][k] * A[j][k];
    A[i][j] /= A[j][j];
  }
  for (k = 0; k < i; k++)
    A[i][i] -= A[i][k] * A[i][k];
  A[i][i] = A[i][i] * 0.5 + 1.0;
}
for (i = 0; i < N; i++)
  for (j = 0; j <= i; j++)
    y[i] = y[i] * 0.5 + y[j];
for (i = 0; i < N; i++)
  for (j = 0; j < N; j++)
    z[i] = z[i] * 0.5 + z[N - 1 - j];
#pragma endscop
