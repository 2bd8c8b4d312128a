/* A rectangular rank-2k update: both column operands read a matrix by rows of j (transposed panels). */
#pragma scop
for (i = 0; i < NI; i++)
  for (j = 0; j < NJ; j++)
    for (k = 0; k < NK; k++)
      C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
#pragma endscop
