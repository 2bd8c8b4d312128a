/*
 * lbp_stereo - loopy belief propagation for stereo matching, T iterations over N pixels with K
 * disparities and D neighbours per pixel: the message a pixel sends towards neighbour q combines
 * the messages it received from every other neighbour s != q (the textbook definition,
 * O(N K D^2) per iteration), split into s < q and s > q. The new message is a deterministic pure
 * function of the combined value and the data cost; integers keep the sums exact.
 */
#include "lbp_stereo.h"

#pragma polyj pure(update)
static long update(long incoming, long cost) { return (incoming * 3 + cost) % 101; }

static void init_array(int n, int nk, int nd, long cost[N][K], long msg[T + 1][N][D][K])
{
  for (int p = 0; p < n; p++)
    for (int l = 0; l < nk; l++) {
      cost[p][l] = (p * 13L + l * 7L) % 29;
      for (int q = 0; q < nd; q++)
        msg[0][p][q][l] = (p + q * 5L + l * 3L) % 11;
    }
}

void kernel_lbp_stereo(int nt, int n, int nk, int nd, long cost[N][K], long msg[T + 1][N][D][K],
                       long ML[T][N][D][K], long MR[T][N][D][K])
{
  int t, p, q, s, l;
#pragma scop
  for (t = 0; t < nt; t++)
    for (p = 0; p < n; p++)
      for (q = 0; q < nd; q++)
        for (l = 0; l < nk; l++) {
          ML[t][p][q][l] = 0;
          for (s = 0; s < q; s++)
            ML[t][p][q][l] += msg[t][p][s][l];
          MR[t][p][q][l] = 0;
          for (s = q + 1; s < nd; s++)
            MR[t][p][q][l] += msg[t][p][s][l];
          msg[t + 1][p][q][l] = update(ML[t][p][q][l] + MR[t][p][q][l], cost[p][l]);
        }
#pragma endscop
}

static void print_array(int nt, int n, int nk, int nd, long msg[T + 1][N][D][K])
{
  polyj_dump_begin("msg");
  for (int p = 0; p < n; p++)
    for (int q = 0; q < nd; q++)
      for (int l = 0; l < nk; l++)
        polyj_dump_value(msg[nt][p][q][l]);
  polyj_dump_end("msg");
}

int main(int argc, char **argv)
{
  long (*cost)[K] = POLYJ_ALLOC_2D(long, N, K);
  long (*msg)[N][D][K] = (long (*)[N][D][K])polyj_alloc((size_t)(T + 1) * N * D * K, sizeof(long));
  long (*ML)[N][D][K] = (long (*)[N][D][K])polyj_alloc((size_t)T * N * D * K, sizeof(long));
  long (*MR)[N][D][K] = (long (*)[N][D][K])polyj_alloc((size_t)T * N * D * K, sizeof(long));

  init_array(N, K, D, cost, msg);

  POLYJ_START_TIMER();
  kernel_lbp_stereo(T, N, K, D, cost, msg, ML, MR);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(T, N, K, D, msg);

  polyj_free(cost);
  polyj_free(msg);
  polyj_free(ML);
  polyj_free(MR);
  return 0;
}
