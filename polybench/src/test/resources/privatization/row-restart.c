/* A recursive filter along each row that restarts per row: the scalars carry the recurrence along
   j and are set again before each row, so only their reuse orders the rows. */
#pragma scop
for (i = 0; i < N; i++) {
  xm = 0.0;
  ym1 = 0.0;
  ym2 = 0.0;
  for (j = 0; j < M; j++) {
    Y[i][j] = a * X[i][j] + b * xm + c * ym1 - d * ym2;
    xm = X[i][j];
    ym2 = ym1;
    ym1 = Y[i][j];
  }
}
#pragma endscop
