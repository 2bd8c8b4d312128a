/* A matrix product whose rows are declared 16 elements long: a strip of 32 consecutive elements
 * would leave the row, so the accumulation loop is not register-blocked. */
double A[16][16];
double B[16][16];
double C[16][16];
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
#pragma endscop
