/* deriche's column pass: expanded along j, the scalars let the j loop run innermost with stride one. */
#pragma scop
for (j = 0; j < H; j++) {
  tm1 = 0.0;
  ym1 = 0.0;
  for (i = 0; i < W; i++) {
    Z[i][j] = Y[i][j] + 0.25 * ym1 + 0.5 * tm1;
    tm1 = Y[i][j];
    ym1 = Z[i][j];
  }
}
#pragma endscop
