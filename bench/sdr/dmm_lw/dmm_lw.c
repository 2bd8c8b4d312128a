/*
 * dmm_lw - likelihood weighting on a Dirichlet multinomial mixture: a corpus of W tokens (letter
 * w[j] of an alphabet of A letters, in document dc[j] of D documents), K clusters of documents,
 * each with a letter distribution (dmm_lphi, a pure function), documents read in order. The cluster
 * of document d is drawn (by a deterministic pure function) from its prior given the clusters of
 * the documents before it, and weighted by the likelihood of its tokens and the letter
 * normalizer of that cluster; the number of earlier documents in each cluster is summed anew for
 * every d in the textbook definition: O(D^2 K + D (W + A)). Integers keep the sums exact.
 */
#include "dmm_lw.h"

#pragma polyj pure(dmm_lphi, dmm_crp, dmm_draw)
static long dmm_lphi(long k, long a) { return (k * 7 + a * 3) % 11 + 1; }
static long dmm_crp(long docs) { return docs * 2 + 1; }
static long dmm_draw(long mass, long nk) { return (long)(((unsigned long)mass * 2654435761UL >> 7) % nk); }

static void init_array(int n, int nd, int na, long w[N], long dc[N], long z[D])
{
  for (int j = 0; j < n; j++) {
    w[j] = (j * 7919L) % 101 % na;
    dc[j] = (j * 13L) % nd;
  }
  for (int d = 0; d < nd; d++)
    z[d] = 0;
}

void kernel_dmm_lw(int n, int nd, int na, int nk, long w[N], long dc[N], long z[D], long M[K][D],
                   long Z[D], long lw[D], long nz[D], long wt[D])
{
  int j, d, e, a, k;
#pragma scop
  for (d = 0; d < nd; d++) {
    Z[d] = 0;
    for (k = 0; k < nk; k++) {
      M[k][d] = 0;
      for (e = 0; e < d; e++)
        M[k][d] += (z[e] == k);
      Z[d] += dmm_crp(M[k][d]) * (k + 1);
    }
    z[d] = dmm_draw(Z[d] + d, nk);
    lw[d] = 0;
    for (j = 0; j < n; j++)
      lw[d] += (dc[j] == d) * dmm_lphi(z[d], w[j]);
    nz[d] = 0;
    for (a = 0; a < na; a++)
      nz[d] += dmm_lphi(z[d], a);
    wt[d] = lw[d] * 8 - nz[d];
  }
#pragma endscop
}

static void print_array(int nd, long z[D], long wt[D])
{
  polyj_dump_begin("z");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(z[d]);
  polyj_dump_end("z");
  polyj_dump_begin("wt");
  for (int d = 0; d < nd; d++)
    polyj_dump_value(wt[d]);
  polyj_dump_end("wt");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *z = POLYJ_ALLOC_1D(long, D);
  long *Z = POLYJ_ALLOC_1D(long, D);
  long *lw = POLYJ_ALLOC_1D(long, D);
  long *nz = POLYJ_ALLOC_1D(long, D);
  long *wt = POLYJ_ALLOC_1D(long, D);
  long (*M)[D] = POLYJ_ALLOC_2D(long, K, D);

  init_array(N, D, A, w, dc, z);

  POLYJ_START_TIMER();
  kernel_dmm_lw(N, D, A, K, w, dc, z, M, Z, lw, nz, wt);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(D, z, wt);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(z);
  polyj_free(Z);
  polyj_free(lw);
  polyj_free(nz);
  polyj_free(wt);
  polyj_free(M);
  return 0;
}
