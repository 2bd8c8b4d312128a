/*
 * lda_mh - one sweep of Metropolis-Hastings on latent Dirichlet allocation, written as the
 * textbook definition: W tokens (word w[i] of a vocabulary of NV words, in document dc[i] of ND
 * documents), K topics. To accept or reject the proposed topic prop[i] of token i, the counts of
 * the other tokens with each topic (new topics zn for j < i, old ones zo for j > i) per vocabulary
 * word and per document are summed anew over the corpus, the token's own word and document picked
 * out of them, and the scores of the current and the proposed topic compared: O(W^2 K (NV + ND)).
 * The accept step is a deterministic pure function; integers keep the sums exact.
 */
#include "lda_mh.h"

#pragma polyj pure(lda_score, lda_accept)
static long lda_score(long ndk, long nwk, long nk) { return ((ndk + 1) * (nwk + 2) * 7 + nk * 3) % 1009; }
static long lda_accept(long cur, long next, long old, long proposal)
{
  return (next * 3 >= cur * 2) ? proposal : old;
}

static void init_array(int n, int nk, long w[N], long dc[N], long zo[N], long zn[N], long prop[N])
{
  for (int i = 0; i < n; i++) {
    w[i] = (i * 7919L) % 101 % NV;
    dc[i] = (long)i * ND / n;
    zo[i] = (i * 31L) % nk;
    zn[i] = 0;
    prop[i] = (i * 17L + 3) % nk;
  }
}

void kernel_lda_mh(int n, int nk, long w[N], long dc[N], long zo[N], long zn[N], long prop[N],
                   long WL[K][NV][N], long WR[K][NV][N], long DL[K][ND][N], long DR[K][ND][N],
                   long nw[K][N], long nt[K][N], long nd[K][N], long s[K][N], long so[N],
                   long sp[N])
{
  int i, j, k, v, e;
#pragma scop
  for (i = 0; i < n; i++) {
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
      s[k][i] = lda_score(nd[k][i], nw[k][i], nt[k][i]);
    }
    so[i] = 0;
    sp[i] = 0;
    for (k = 0; k < nk; k++) {
      so[i] += (zo[i] == k) * s[k][i];
      sp[i] += (prop[i] == k) * s[k][i];
    }
    zn[i] = lda_accept(so[i], sp[i], zo[i], prop[i]);
  }
#pragma endscop
}

static void print_array(int n, long zn[N], long sp[N])
{
  polyj_dump_begin("zn");
  for (int i = 0; i < n; i++)
    polyj_dump_value(zn[i]);
  polyj_dump_end("zn");
  polyj_dump_begin("sp");
  for (int i = 0; i < n; i++)
    polyj_dump_value(sp[i]);
  polyj_dump_end("sp");
}

int main(int argc, char **argv)
{
  long *w = POLYJ_ALLOC_1D(long, N);
  long *dc = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, N);
  long *zn = POLYJ_ALLOC_1D(long, N);
  long *prop = POLYJ_ALLOC_1D(long, N);
  long *so = POLYJ_ALLOC_1D(long, N);
  long *sp = POLYJ_ALLOC_1D(long, N);
  long (*WL)[NV][N] = POLYJ_ALLOC_3D(long, K, NV, N);
  long (*WR)[NV][N] = POLYJ_ALLOC_3D(long, K, NV, N);
  long (*DL)[ND][N] = POLYJ_ALLOC_3D(long, K, ND, N);
  long (*DR)[ND][N] = POLYJ_ALLOC_3D(long, K, ND, N);
  long (*nw)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nt)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*nd)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*s)[N] = POLYJ_ALLOC_2D(long, K, N);

  init_array(N, K, w, dc, zo, zn, prop);

  POLYJ_START_TIMER();
  kernel_lda_mh(N, K, w, dc, zo, zn, prop, WL, WR, DL, DR, nw, nt, nd, s, so, sp);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, zn, sp);

  polyj_free(w);
  polyj_free(dc);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(prop);
  polyj_free(so);
  polyj_free(sp);
  polyj_free(WL);
  polyj_free(WR);
  polyj_free(DL);
  polyj_free(DR);
  polyj_free(nw);
  polyj_free(nt);
  polyj_free(nd);
  polyj_free(s);
  return 0;
}
