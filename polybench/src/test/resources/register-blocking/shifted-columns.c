/* A product whose result and operand columns are shifted: the written element is C[i][j + 1], the
   read panel starts at column 2. */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      C[i + 1][j + 1] += A[i][k] * B[k][j + 2] - A[i][k + 1];
#pragma endscop
