/* A bare SCoP fragment: nothing is declared; iterators, parameters, arrays and scalars are
   known from their uses. */
#pragma scop
for (t = 1; t <= T; t++) {
  for (x = lo; x < N - t; x++)
    if (x + t >= M)
      V[t][x] = V[t - 1][x + 1] * w + V[t - 1][x - 1];
  acc = acc + V[t][t];
}
for (x = 0; x < N; x += 2)
  W[x / 2][N - x] = acc;
#pragma endscop
