/* w holds A[i][j] while it is updated (ludcmp's factorization): expanded over i and j, not only
   along the last subscript; the back substitution, a loop running downwards whose schedule needs
   a negative coefficient, is scheduled apart and does not keep the factorization from being tiled. */
#pragma scop
for (i = 0; i < N; i++) {
  for (j = 0; j < i; j++) {
    w = A[i][j];
    for (k = 0; k < j; k++)
      w -= A[i][k] * A[k][j];
    A[i][j] = w / A[j][j];
  }
  for (j = i; j < N; j++) {
    w = A[i][j];
    for (k = 0; k < i; k++)
      w -= A[i][k] * A[k][j];
    A[i][j] = w;
  }
}
for (i = N - 1; i >= 0; i--) {
  w = b[i];
  for (j = i + 1; j < N; j++)
    w -= A[i][j] * x[j];
  x[i] = w / A[i][i];
}
#pragma endscop
