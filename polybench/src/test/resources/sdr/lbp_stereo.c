/* Loopy belief propagation for stereo matching (Table 2, LBP-Stereo), T iterations over N pixels
   with K disparities and D neighbours per pixel: the message a pixel sends towards neighbour q
   combines the messages it received from every other neighbour s != q (the textbook definition,
   O(N K D^2) per iteration), split into s < q and s > q. The new message is a pure function of
   the combined value and the data cost; integers keep the sums exact. */
#pragma polyj pure(update)
long update(long incoming, long cost);

void lbp_stereo(int T, int N, int K, int D, long cost[N][K], long msg[T + 1][N][D][K],
                long ML[T][N][D][K], long MR[T][N][D][K]) {
  int t, p, q, s, l;
#pragma scop
  for (t = 0; t < T; t++)
    for (p = 0; p < N; p++)
      for (q = 0; q < D; q++)
        for (l = 0; l < K; l++) {
          ML[t][p][q][l] = 0;
          for (s = 0; s < q; s++)
            ML[t][p][q][l] += msg[t][p][s][l];
          MR[t][p][q][l] = 0;
          for (s = q + 1; s < D; s++)
            MR[t][p][q][l] += msg[t][p][s][l];
          msg[t + 1][p][q][l] = update(ML[t][p][q][l] + MR[t][p][q][l], cost[p][l]);
        }
#pragma endscop
}
