/* Two products in a chain, the second reading the first's result as its row panel. */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++) {
    T[i][j] = 0.0;
    for (k = 0; k < NK; k++)
      T[i][j] += A[i][k] * B[k][j];
  }
for (i = 0; i < NI; i++)
  for (j = 0; j < NL; j++) {
    D[i][j] *= beta;
    for (k = 0; k < NJ; k++)
      D[i][j] += T[i][k] * C[k][j];
  }
#pragma endscop
