/* A product that reads another row of the array it writes: not packed, and still exact. */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      C[i + 1][j] += C[0][j] * A[i][k] * B[k][j];
#pragma endscop
