/* One row accumulated over k (doitgen's shape): a single promoted row, the widest strip. */
#pragma scop
for (p = 0; p < NP; p++)
  for (r = 0; r < NR; r++)
    for (s = 0; s < NS; s++)
      S[r][p] += X[r][s] * W[s][p];
#pragma endscop
