/* Only the first two rows write the scalar: after the loop it holds the second row's value, which
   the last iteration's private copy does not have. The loop must stay sequential. */
#pragma scop
for (i = 0; i < N; i++) {
  if (i < 2)
    x = A[i][0];
  for (j = 0; j < M; j++)
    if (i < 2)
      x = x * 0.5 + A[i][1];
  if (i < 2)
    S[i][0] = x;
  for (j = 0; j < M; j++)
    D[i][j] = A[i][j] * A[i][j];
}
#pragma endscop
