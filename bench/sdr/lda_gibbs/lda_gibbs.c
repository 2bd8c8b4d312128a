/*
 * lda_gibbs - one sweep of collapsed Gibbs sampling on latent Dirichlet allocation (Griffiths and
 * Steyvers), written as its specification: W tokens (word w[i] of a vocabulary of NV words, in
 * document dc[i] of ND documents), K topics. For token i and topic k, the counts of the other
 * tokens with topic k (new topics zn for j < i, old ones zo for j > i) per vocabulary word and per
 * document, each summed anew over the corpus, then the token's own word and document picked out
 * of them: O(W^2 K (NV + ND)). The sampler is a deterministic pure function so that runs can be
 * compared; integers keep the sums exact.
 */
#include "lda_gibbs.h"

#pragma polyj pure(lda_score, lda_choose)
static long lda_score(long ndk, long nwk, long nk) { return ((ndk + 1) * (nwk + 2) * 7 + nk * 3) % 1009; }
static long lda_choose(long total, long nk) { return (long)(((unsigned long)total * 2654435761UL >> 7) % nk); }

static void init_array(int n, int nk, long w[N], long dc[N], long zo[N], long zn[N])
{
  for (int i = 0; i < n; i++) {
    w[i] = (i * 7919L) % 101 % NV;
    dc[i] = (long)i * ND / n;
    zo[i] = (i * 31L) % nk;
    zn[i] = 0;
  }
}

void kernel_lda_gibbs(int n, int nk, long w[N], long dc[N], long zo[N], long zn[N],
                      long WL[K][NV][N], long WR[K][NV][N], long DL[K][ND][N], long DR[K][ND][N],
                      long nw[K][N], long nt[K][N], long nd[K][N],
                      long t[N])
{
  int i, j, k, v, e;
#pragma scop
  for (i = 0; i < n; i++) {
    t[i] = 0;
    for (k = 0; k < nk; k++) {
      for (v = 0; v < NV; v++) {
        WL[k][v][i] = 0;
        for (j = 0; j < i; j++)
          WL[k][v][i] += (w[j] == v) * (zn[j] == k);
        WR[k][v][i] = 0;
        for (j = i + 1; j < n; j++)
          WR[k][v][i] += (w[j] == v) * (zo[j] == k);
      }
      for (e = 0; e < ND; e++) {
        DL[k][e][i] = 0;
        for (j = 0; j < i; j++)
          DL[k][e][i] += (dc[j] == e) * (zn[j] == k);
        DR[k][e][i] = 0;
        for (j = i + 1; j < n; j++)
          DR[k][e][i] += (dc[j] == e) * (zo[j] == k);
      }
      nw[k][i] = 0;
      nt[k][i] = 0;
      for (v = 0; v < NV; v++) {
        nw[k][i] += (w[i] == v) * (WL[k][v][i] + WR[k][v][i]);
        nt[k][i] += WL[k][v][i] + WR[k][v][i];
      }
      nd[k][i] = 0;
      for (e = 0; e < ND; e++)
        nd[k][i] += (dc[i] == e) * (DL[k][e][i] + DR[k][e][i]);
      t[i] += lda_score(nd[k][i], nw[k][i], nt[k][i]);
    }
    zn[i] = lda_choose(t[i], nk);
  }
#pragma endscop
}

static void print_array(int n, long zn[N], long t[N])
{
  polyj_dump_begin("zn");
  for (int i = 0; i < n; i++)
    polyj_dump_value(zn[i]);
  polyj_dump_end("zn");
  polyj_dump_begin("t");
  for (int i = 0; i < n; i++)
    polyj_dump_value(t[i]);
  polyj_dump_end("t");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, N);
  long *zn = POLYJ_ALLOC_1D(long, N);
  long *t = POLYJ_ALLOC_1D(long, N);
  long (*WL)[NV][N] = POLYJ_ALLOC_3D(long, K, NV, N);
  long (*WR)[NV][N] = POLYJ_ALLOC_3D(long, K, NV, N);
  long (*DL)[ND][N] = POLYJ_ALLOC_3D(long, K, ND, N);
  long (*DR)[ND][N] = POLYJ_ALLOC_3D(long, K, ND, N);
  long (*nw)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nt)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nd)[N] = POLYJ_ALLOC_2D(long, K, N);

  init_array(N, K, w, dc, zo, zn);

  POLYJ_START_TIMER();
  kernel_lda_gibbs(N, K, w, dc, zo, zn, WL, WR, DL, DR, nw, nt, nd, t);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, zn, t);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(t);
  polyj_free(WL);
  polyj_free(WR);
  polyj_free(DL);
  polyj_free(DR);
  polyj_free(nw);
  polyj_free(nt);
  polyj_free(nd);
  return 0;
}
