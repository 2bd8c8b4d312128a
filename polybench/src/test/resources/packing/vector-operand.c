/* A subtracted product whose row operand also reads a vector indexed by the accumulation loop. */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      D[i][j] = D[i][j] - (A[i][k] + x[k]) * B[k][j] / d;
#pragma endscop
