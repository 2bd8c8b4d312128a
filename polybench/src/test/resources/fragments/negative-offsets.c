/* Subscripts that reach below zero and above the loop bounds, in both directions of a 2-d grid. */
#pragma scop
for (t = 0; t < S; t++)
  for (y = 0; y < H; y++)
    for (z = 0; z < H; z++)
      F[t + 1][y][z] = F[t][y - 1][z] + F[t][y + 1][z] - F[t][y][z - 2] * F[t][H - z][y];
#pragma endscop
