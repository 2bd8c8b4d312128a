/* Two nests that fuse after shifting: the consumer reads a neighbour of the produced row; coef is a
   scalar that is only read. */
#pragma scop
for (r = 1; r < N; r++)
  for (c = 0; c < M; c++)
    P[r][c] = Q[r][c] * coef + Q[r - 1][c];
for (r = 2; r < N; r++)
  for (c = 0; c < M; c++)
    R[r][c] = P[r - 1][c] + P[r][c] - R[r][c];
#pragma endscop
