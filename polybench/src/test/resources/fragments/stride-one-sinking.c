/* Loopy belief propagation's messages: per pixel p and neighbour q, the sums of the messages from
 * the other neighbours s, for every disparity l. Every access is stride one along l, which moves
 * below the sums over s; the integer sums keep their order. */
long cost[17][17];
long msg[18][17][17][17];
long ML[17][17][17][17];
long MR[17][17][17][17];
#pragma scop
for (t = 0; t < T; t++)
  for (p = 0; p < P; p++)
    for (q = 0; q < Q; q++)
      for (l = 0; l < L; l++) {
        ML[t][p][q][l] = 0;
        for (s = 0; s < q; s++)
          ML[t][p][q][l] += msg[t][p][s][l];
        MR[t][p][q][l] = 0;
        for (s = q + 1; s < Q; s++)
          MR[t][p][q][l] += msg[t][p][s][l];
        msg[t + 1][p][q][l] = (ML[t][p][q][l] + MR[t][p][q][l]) % 101 + cost[p][l];
      }
#pragma endscop
