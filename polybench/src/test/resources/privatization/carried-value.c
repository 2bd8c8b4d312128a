/* The scalar passes a value from each row to the next: a true dependence, never privatized. */
#pragma scop
for (i = 0; i < N; i++) {
  for (j = 0; j < M; j++)
    C[i][j] = s * A[i][j];
  s = C[i][M - 1] * 0.5 + 1.0;
}
#pragma endscop
