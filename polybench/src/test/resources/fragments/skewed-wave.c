/* A time loop over a 1-d wave: tiling needs a skew of the space loop. */
#pragma scop
for (step = 0; step < T; step++) {
  for (x = 1; x < L - 1; x++)
    nxt[x] = 0.25 * (cur[x - 1] + 2.0 * cur[x] + cur[x + 1]);
  for (x = 1; x < L - 1; x++)
    cur[x] = nxt[x];
}
#pragma endscop
