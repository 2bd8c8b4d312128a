/* symm's accumulator: temp2 is expanded over i and j, so the k loop can move out of the j loop. */
#pragma scop
for (i = 0; i < M; i++)
  for (j = 0; j < N; j++) {
    temp2 = 0;
    for (k = 0; k < i; k++) {
      C[k][j] += alpha * B[i][j] * A[i][k];
      temp2 += B[k][j] * A[i][k];
    }
    C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
  }
#pragma endscop
