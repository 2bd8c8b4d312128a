/* A scalar set in every iteration of a parallel loop and used by the loop nested in it. */
#pragma scop
for (i = 0; i < N; i++) {
  s = A[i] * A[i] + 1.0;
  for (j = 0; j < M; j++)
    B[i][j] = B[i][j] / s + C[j][i];
}
#pragma endscop
