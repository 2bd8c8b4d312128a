/* deriche's pattern: one scalar reused by a row pass and a column pass (two webs); the column pass is
   expanded along j and can then run with j innermost. */
#pragma scop
for (i = 0; i < W; i++) {
  ym1 = 0.0;
  for (j = 0; j < H; j++) {
    Y[i][j] = X[i][j] + 0.5 * ym1;
    ym1 = Y[i][j];
  }
}
for (j = 0; j < H; j++) {
  ym1 = 0.0;
  for (i = 0; i < W; i++) {
    Z[i][j] = Y[i][j] + 0.25 * ym1;
    ym1 = Z[i][j];
  }
}
#pragma endscop
