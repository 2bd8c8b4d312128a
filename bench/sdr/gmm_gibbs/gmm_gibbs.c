/*
 * gmm_gibbs - one sweep of Gibbs sampling on a Gaussian mixture model, written as its
 * specification (the SDR paper's Section 2.2, Equations (5) and (6)): for each observation i and
 * cluster k, the count and the sum of the other observations in k, split into j < i (new
 * assignments zn) and j > i (old assignments zo), summed anew for every i: O(N^2 K). The sampler
 * is a deterministic pure function so that runs can be compared; integers keep the sums exact.
 */
#include "gmm_gibbs.h"

#pragma polyj pure(score, choose)
static long score(long count, long sum, long x) { return (count * 13 + sum * 5 - x * count) % 997; }
static long choose(long total) { return (long)(((unsigned long)total * 2654435761UL >> 7) % 5); }

static void init_array(int n, long obs[N], long zo[N], long zn[N])
{
  for (int i = 0; i < n; i++) {
    obs[i] = (i * 7919L) % 101;
    zo[i] = (i * 31L) % 5;
    zn[i] = 0;
  }
}

void kernel_gmm_gibbs(int n, int nk, long obs[N], long zo[N], long zn[N], long CL[K][N],
                      long CR[K][N], long SL[K][N], long SR[K][N], long w[K][N], long t[N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    t[i] = 0;
    for (k = 0; k < nk; k++) {
      CL[k][i] = 0;
      SL[k][i] = 0;
      for (j = 0; j < i; j++) {
        CL[k][i] += (zn[j] == k);
        SL[k][i] += (zn[j] == k ? obs[j] : 0);
      }
      CR[k][i] = 0;
      SR[k][i] = 0;
      for (j = i + 1; j < n; j++) {
        CR[k][i] += (zo[j] == k);
        SR[k][i] += (zo[j] == k ? obs[j] : 0);
      }
      w[k][i] = score(CL[k][i] + CR[k][i], SL[k][i] + SR[k][i], obs[i]);
      t[i] += w[k][i];
    }
    zn[i] = choose(t[i]);
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
  long *obs = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, N);
  long *zn = POLYJ_ALLOC_1D(long, N);
  long *t = POLYJ_ALLOC_1D(long, N);
  long (*CL)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*CR)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*SL)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*SR)[N] = POLYJ_ALLOC_2D(long, K, N);
  long (*w)[N] = POLYJ_ALLOC_2D(long, K, N);

  init_array(N, obs, zo, zn);

  POLYJ_START_TIMER();
  kernel_gmm_gibbs(N, K, obs, zo, zn, CL, CR, SL, SR, w, t);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, zn, t);

  polyj_free(obs);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(t);
  polyj_free(CL);
  polyj_free(CR);
  polyj_free(SL);
  polyj_free(SR);
  polyj_free(w);
  return 0;
}
