/* w holds A[i][j] while it is updated, but A[i][j] is read (into C) and written (by D's copy
   back) between the load and the store: mapping w onto A[i][j] would change what C and A get. */
#pragma scop
for (i = 0; i < N; i++)
  for (j = 0; j < M; j++) {
    w = A[i][j];
    for (k = 0; k < M; k++)
      w += B[i][k] * B[k][j];
    C[i][j] = A[i][j];
    A[i][j] = w * 0.5;
  }
for (i = 0; i < N; i++)
  for (j = 0; j < M; j++) {
    v = D[i][j];
    D[i][j] = v + 1.0;
    for (k = 0; k < M; k++)
      v += B[i][k];
    D[i][j] = v;
  }
/* later values of w and v: the webs above do not hold their values after the region */
w = 0.0;
v = 0.0;
#pragma endscop
