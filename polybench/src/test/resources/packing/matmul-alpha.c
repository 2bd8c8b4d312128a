/* A scaled matrix product: the row operand alpha * A[i][k] and the column panel B[k][j] are packed. */
#pragma scop
for (i = 0; i < NI; i++)
  for (k = 0; k < NK; k++)
    for (j = 0; j < NJ; j++)
      C[i][j] += alpha * A[i][k] * B[k][j];
#pragma endscop
