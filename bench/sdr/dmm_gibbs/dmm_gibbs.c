/*
 * dmm_gibbs - one sweep of collapsed Gibbs sampling on a Dirichlet multinomial mixture (Holmes
 * et al.; the GSDMM sampler), written as its specification: a corpus of W tokens (letter w[j] of
 * an alphabet of A letters, in document dc[j] of D documents), K clusters of documents. The
 * letter counts of each document are counted from the token list (H, copied once final into
 * Hf); then for document d and cluster k, the number of other documents in k and their letter
 * counts (new clusters zn for e < d, old ones zo for e > d) are summed anew for every d:
 * O(W A D + D^2 K A). The sampler is a deterministic pure function so that runs can be compared;
 * integers keep the sums exact.
 */
#include "dmm_gibbs.h"

#pragma polyj pure(dmm_fit, dmm_score, dmm_choose)
static long dmm_fit(long own, long rest) { return (own * (rest + 1) * 5) % 211; }
static long dmm_score(long docs, long fitness, long size) { return ((docs + 1) * 13 + fitness * 7 + size) % 1009; }
static long dmm_choose(long total, long nk) { return (long)(((unsigned long)total * 2654435761UL >> 7) % nk); }

static void init_array(int n, int nd, int na, int nk, long w[N], long dc[N], long zo[D], long zn[D])
{
  for (int j = 0; j < n; j++) {
    w[j] = (j * 7919L) % 101 % na;
    dc[j] = (j * 13L) % nd;
  }
  for (int d = 0; d < nd; d++) {
    zo[d] = (d * 31L) % nk;
    zn[d] = 0;
  }
}

void kernel_dmm_gibbs(int n, int nd, int na, int nk, long w[N], long dc[N], long zo[D], long zn[D],
                      long H[D][A], long Hf[D][A], long ML[K][D], long MR[K][D],
                      long NL[K][A][D], long NR[K][A][D], long ll[K][D], long sz[K][D], long t[D])
{
  int j, d, e, a, k;
#pragma scop
  for (e = 0; e < nd; e++)
    for (a = 0; a < na; a++) {
      H[e][a] = 0;
      for (j = 0; j < n; j++)
        H[e][a] += (dc[j] == e) * (w[j] == a);
      Hf[e][a] = H[e][a];
    }
  for (d = 0; d < nd; d++) {
    t[d] = 0;
    for (k = 0; k < nk; k++) {
      ML[k][d] = 0;
      for (e = 0; e < d; e++)
        ML[k][d] += (zn[e] == k);
      MR[k][d] = 0;
      for (e = d + 1; e < nd; e++)
        MR[k][d] += (zo[e] == k);
      ll[k][d] = 0;
      sz[k][d] = 0;
      for (a = 0; a < na; a++) {
        NL[k][a][d] = 0;
        for (e = 0; e < d; e++)
          NL[k][a][d] += (zn[e] == k) * Hf[e][a];
        NR[k][a][d] = 0;
        for (e = d + 1; e < nd; e++)
          NR[k][a][d] += (zo[e] == k) * Hf[e][a];
        ll[k][d] += dmm_fit(Hf[d][a], NL[k][a][d] + NR[k][a][d]);
        sz[k][d] += NL[k][a][d] + NR[k][a][d];
      }
      t[d] += dmm_score(ML[k][d] + MR[k][d], ll[k][d], sz[k][d]);
    }
    zn[d] = dmm_choose(t[d], nk);
  }
#pragma endscop
}

static void print_array(int nd, long zn[D], long t[D])
{
  polyj_dump_begin("zn");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(zn[d]);
  polyj_dump_end("zn");
  polyj_dump_begin("t");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(t[d]);
  polyj_dump_end("t");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, D);
  long *zn = POLYJ_ALLOC_1D(long, D);
  long *t = POLYJ_ALLOC_1D(long, D);
  long (*H)[A] = POLYJ_ALLOC_2D(long, D, A);
  long (*Hf)[A] = POLYJ_ALLOC_2D(long, D, A);
  long (*ML)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*MR)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*NL)[A][D] = POLYJ_ALLOC_3D(long, K, A, D);
  long (*NR)[A][D] = POLYJ_ALLOC_3D(long, K, A, D);
  long (*ll)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*sz)[D] = POLYJ_ALLOC_2D(long, K, D);

  init_array(N, D, A, K, w, dc, zo, zn);

  POLYJ_START_TIMER();
  kernel_dmm_gibbs(N, D, A, K, w, dc, zo, zn, H, Hf, ML, MR, NL, NR, ll, sz, t);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(D, zn, t);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(t);
  polyj_free(H);
  polyj_free(Hf);
  polyj_free(ML);
  polyj_free(MR);
  polyj_free(NL);
  polyj_free(NR);
  polyj_free(ll);
  polyj_free(sz);
  return 0;
}
