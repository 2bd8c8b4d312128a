/* The first row reads the scalar before the row sets it: that value comes from before the loop,
   which a private copy does not have. The loop must stay sequential. */
#pragma scop
for (i = 0; i < N; i++) {
  for (j = 0; j < M; j++)
    if (i == 0)
      B[j] = x * 3.0;
  x = A[i][0];
  for (j = 0; j < M; j++)
    C[i][j] = x * A[i][j];
}
#pragma endscop
