/* Reductions into a vector and into a scalar, with a reset before each row. */
#pragma scop
for (a = 0; a < R; a++) {
  acc[a] = 0.0;
  for (b = 0; b <= a; b++)
    acc[a] = acc[a] + W[a][b] * v[b];
  total = total + acc[a];
}
#pragma endscop
