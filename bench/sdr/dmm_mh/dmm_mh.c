/*
 * dmm_mh - one sweep of Metropolis-Hastings on a Dirichlet multinomial mixture, written as the
 * textbook definition: a corpus of W tokens (letter w[j] of an alphabet of A letters, in
 * document dc[j] of D documents), K clusters of documents, each with a letter distribution
 * (dmm_lphi, a pure function). To accept or reject the proposed cluster prop[d] of document d: the
 * prior of each cluster from the number of other documents in it over the number of other
 * documents in any cluster (new clusters zn for e < d, old ones zo for e > d; the normalizer is
 * summed anew for each cluster), and the likelihood of the document's tokens and the letter
 * normalizer under the current and the proposed cluster: O(D^2 K^2 + D (W + A)). The accept step
 * is a deterministic pure function; integers keep the sums exact.
 */
#include "dmm_mh.h"

#pragma polyj pure(dmm_lphi, dmm_prior, dmm_accept)
static long dmm_lphi(long k, long a) { return (k * 7 + a * 3) % 11 + 1; }
static long dmm_prior(long docs, long all) { return ((docs + 1) * 1000) / (all + 4); }
static long dmm_accept(long cur, long next, long old, long proposal)
{
  return (next * 3 >= cur * 2) ? proposal : old;
}

static void init_array(int n, int nd, int na, int nk, long w[N], long dc[N], long zo[D], long zn[D],
                       long prop[D])
{
  for (int j = 0; j < n; j++) {
    w[j] = (j * 7919L) % 101 % na;
    dc[j] = (j * 13L) % nd;
  }
  for (int d = 0; d < nd; d++) {
    zo[d] = (d * 31L) % nk;
    zn[d] = 0;
    prop[d] = (d * 17L + 3) % nk;
  }
}

void kernel_dmm_mh(int n, int nd, int na, int nk, long w[N], long dc[N], long zo[D], long zn[D],
                   long prop[D], long ML[K][D], long MR[K][D], long AL[K][D], long AR[K][D],
                   long pr[K][D], long lo[D], long lp[D], long no[D], long np[D], long po[D],
                   long pp[D])
{
  int j, d, e, a, k, k2;
#pragma scop
  for (d = 0; d < nd; d++) {
    for (k = 0; k < nk; k++) {
      ML[k][d] = 0;
      for (e = 0; e < d; e++)
        ML[k][d] += (zn[e] == k);
      MR[k][d] = 0;
      for (e = d + 1; e < nd; e++)
        MR[k][d] += (zo[e] == k);
      AL[k][d] = 0;
      for (k2 = 0; k2 < nk; k2++)
        for (e = 0; e < d; e++)
          AL[k][d] += (zn[e] == k2);
      AR[k][d] = 0;
      for (k2 = 0; k2 < nk; k2++)
        for (e = d + 1; e < nd; e++)
          AR[k][d] += (zo[e] == k2);
      pr[k][d] = dmm_prior(ML[k][d] + MR[k][d], AL[k][d] + AR[k][d]);
    }
    lo[d] = 0;
    lp[d] = 0;
    for (j = 0; j < n; j++) {
      lo[d] += (dc[j] == d) * dmm_lphi(zo[d], w[j]);
      lp[d] += (dc[j] == d) * dmm_lphi(prop[d], w[j]);
    }
    no[d] = 0;
    np[d] = 0;
    for (a = 0; a < na; a++) {
      no[d] += dmm_lphi(zo[d], a);
      np[d] += dmm_lphi(prop[d], a);
    }
    po[d] = 0;
    pp[d] = 0;
    for (k = 0; k < nk; k++) {
      po[d] += (zo[d] == k) * pr[k][d];
      pp[d] += (prop[d] == k) * pr[k][d];
    }
    zn[d] = dmm_accept(po[d] + lo[d] * 8 - no[d], pp[d] + lp[d] * 8 - np[d], zo[d], prop[d]);
  }
#pragma endscop
}

static void print_array(int nd, long zn[D], long pp[D])
{
  polyj_dump_begin("zn");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(zn[d]);
  polyj_dump_end("zn");
  polyj_dump_begin("pp");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(pp[d]);
  polyj_dump_end("pp");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, D);
  long *zn = POLYJ_ALLOC_1D(long, D);
  long *prop = POLYJ_ALLOC_1D(long, D);
  long *lo = POLYJ_ALLOC_1D(long, D);
  long *lp = POLYJ_ALLOC_1D(long, D);
  long *no = POLYJ_ALLOC_1D(long, D);
  long *np = POLYJ_ALLOC_1D(long, D);
  long *po = POLYJ_ALLOC_1D(long, D);
  long *pp = POLYJ_ALLOC_1D(long, D);
  long (*ML)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*MR)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*AL)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*AR)[D] = POLYJ_ALLOC_2D(long, K, D);
  long (*pr)[D] = POLYJ_ALLOC_2D(long, K, D);

  init_array(N, D, A, K, w, dc, zo, zn, prop);

  POLYJ_START_TIMER();
  kernel_dmm_mh(N, D, A, K, w, dc, zo, zn, prop, ML, MR, AL, AR, pr, lo, lp, no, np, po, pp);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(D, zn, pp);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(prop);
  polyj_free(lo);
  polyj_free(lp);
  polyj_free(no);
  polyj_free(np);
  polyj_free(po);
  polyj_free(pp);
  polyj_free(ML);
  polyj_free(MR);
  polyj_free(AL);
  polyj_free(AR);
  polyj_free(pr);
  return 0;
}
