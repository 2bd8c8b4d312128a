/* An imperfect triangular nest: a division per row, then an update of the rows below. */
#pragma scop
for (p = 0; p < K; p++) {
  for (q = p + 1; q < K; q++)
    G[q][p] = G[q][p] / G[p][p];
  for (q = p + 1; q < K; q++)
    for (s = p + 1; s < K; s++)
      G[q][s] = G[q][s] - G[q][p] * G[p][s];
}
#pragma endscop
