/* A matrix product accumulated into C: the shape whose accumulation loop is register-blocked. */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
#pragma endscop
