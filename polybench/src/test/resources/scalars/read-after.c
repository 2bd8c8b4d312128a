/* A scalar whose value after the region is the one of the last iteration: it must be copied back. */
#pragma scop
for (i = 0; i < N; i++) {
  s = A[i] * 2.0;
  for (j = 0; j < M; j++)
    B[j][i] = B[j][i] + s * C[j];
}
#pragma endscop
