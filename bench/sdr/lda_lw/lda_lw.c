/*
 * lda_lw - likelihood weighting on latent Dirichlet allocation: W tokens (word w[i] of a
 * vocabulary of NV words, in document dc[i] of ND documents), K topics, read in order. The topic
 * of token i is drawn (by a deterministic pure function) from its prior given the topics of the
 * tokens before it in its document, and weighted by the likelihood of its word given the tokens
 * before it with that topic; the counts per topic, vocabulary word and document of the tokens
 * before i are summed anew for every i in the textbook definition: O(W^2 K (NV + ND)). Integers
 * keep the sums exact.
 */
#include "lda_lw.h"

#pragma polyj pure(lda_prior, lda_lik, lda_draw)
static long lda_prior(long ndk) { return ndk * 2 + 1; }
static long lda_lik(long nwk, long nk) { return ((nwk + 1) * 1000) / (nk + 8); }
static long lda_draw(long mass, long nk) { return (long)(((unsigned long)mass * 2654435761UL >> 7) % nk); }

static void init_array(int n, long w[N], long dc[N], long z[N])
{
  for (int i = 0; i < n; i++) {
    w[i] = (i * 7919L) % 101 % NV;
    dc[i] = (long)i * ND / n;
    z[i] = 0;
  }
}

void kernel_lda_lw(int n, int nk, long w[N], long dc[N], long z[N], long WL[K][NV][N],
                   long DL[K][ND][N], long nw[K][N], long nt[K][N], long nd[K][N], long Z[N],
                   long wt[N])
{
  int i, j, k, v, e;
#pragma scop
  for (i = 0; i < n; i++) {
    Z[i] = 0;
    for (k = 0; k < nk; k++) {
      for (v = 0; v < NV; v++) {
        WL[k][v][i] = 0;
        for (j = 0; j < i; j++)
          WL[k][v][i] += (w[j] == v) * (z[j] == k);
      }
      for (e = 0; e < ND; e++) {
        DL[k][e][i] = 0;
        for (j = 0; j < i; j++)
          DL[k][e][i] += (dc[j] == e) * (z[j] == k);
      }
      nw[k][i] = 0;
      nt[k][i] = 0;
      for (v = 0; v < NV; v++) {
        nw[k][i] += (w[i] == v) * WL[k][v][i];
        nt[k][i] += WL[k][v][i];
      }
      nd[k][i] = 0;
      for (e = 0; e < ND; e++)
        nd[k][i] += (dc[i] == e) * DL[k][e][i];
      Z[i] += lda_prior(nd[k][i]);
    }
    z[i] = lda_draw(Z[i] + w[i], nk);
    wt[i] = 0;
    for (k = 0; k < nk; k++)
      wt[i] += (z[i] == k) * lda_lik(nw[k][i], nt[k][i]);
  }
#pragma endscop
}

static void print_array(int n, long z[N], long wt[N])
{
  polyj_dump_begin("z");
  for (int i = 0; i < n; i++)
    polyj_dump_value(z[i]);
  polyj_dump_end("z");
  polyj_dump_begin("wt");
  for (int i = 0; i < n; i++)
    polyj_dump_value(wt[i]);
  polyj_dump_end("wt");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *z = POLYJ_ALLOC_1D(long, N);
  long *Z = POLYJ_ALLOC_1D(long, N);
  long *wt = POLYJ_ALLOC_1D(long, N);
  long (*WL)[NV][N] = POLYJ_ALLOC_3D(long, K, NV, N);
  long (*DL)[ND][N] = POLYJ_ALLOC_3D(long, K, ND, N);
  long (*nw)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nt)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nd)[N] = POLYJ_ALLOC_2D(long, K, N);

  init_array(N, w, dc, z);

  POLYJ_START_TIMER();
  kernel_lda_lw(N, K, w, dc, z, WL, DL, nw, nt, nd, Z, wt);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, z, wt);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(z);
  polyj_free(Z);
  polyj_free(wt);
  polyj_free(WL);
  polyj_free(DL);
  polyj_free(nw);
  polyj_free(nt);
  polyj_free(nd);
  return 0;
}
