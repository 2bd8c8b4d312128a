/* symm's shape: the written row moves with the accumulation loop and a scalar carries a sum; not
   register-blocked, still exact. */
#pragma scop
for (i = 0; i < M; i++)
  for (j = 0; j < N; j++) {
    t = 0;
    for (k = 0; k < i; k++) {
      C[k][j] += alpha * B[i][j] * A[i][k];
      t += B[k][j] * A[i][k];
    }
    C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * t;
  }
#pragma endscop
