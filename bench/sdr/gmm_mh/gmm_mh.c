/*
 * gmm_mh - one sweep of Metropolis-Hastings on a Gaussian mixture model, written as the textbook
 * definition: to accept or reject the proposal for observation i, the log-likelihood of all other
 * observations under the current assignments (new ones for j < i, old ones for j > i) and the
 * normalizer over the K clusters are summed anew for every i: O(N (N + K)). The accept step is a
 * deterministic pure function; integers keep the sums exact.
 */
#include "gmm_mh.h"

#pragma polyj pure(lik, accept)
static long lik(long x, long z) { return (x * 5 + z * 3) % 17; }
static long accept(long rest, long norm, long old, long proposal, long x)
{
  return ((rest + norm + x) % 3 == 0) ? proposal : old;
}

static void init_array(int n, int nk, long obs[N], long zo[N], long zn[N], long prop[N],
                       long mu[K])
{
  for (int i = 0; i < n; i++) {
    obs[i] = (i * 7919L) % 101;
    zo[i] = (i * 31L) % 5;
    zn[i] = 0;
    prop[i] = (i * 17L + 3) % 5;
  }
  for (int k = 0; k < nk; k++)
    mu[k] = (k * 37L) % 23;
}

void kernel_gmm_mh(int n, int nk, long obs[N], long zo[N], long zn[N], long prop[N], long mu[K],
                   long LL[N], long LR[N], long Z[N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    LL[i] = 0;
    for (j = 0; j < i; j++)
      LL[i] += lik(obs[j], zn[j]);
    LR[i] = 0;
    for (j = i + 1; j < n; j++)
      LR[i] += lik(obs[j], zo[j]);
    Z[i] = 0;
    for (k = 0; k < nk; k++)
      Z[i] += mu[k];
    zn[i] = accept(LL[i] + LR[i], Z[i], zo[i], prop[i], obs[i]);
  }
#pragma endscop
}

static void print_array(int n, long zn[N], long LL[N])
{
  polyj_dump_begin("zn");
  for (int i = 0; i < n; i++)
    polyj_dump_value(zn[i]);
  polyj_dump_end("zn");
  polyj_dump_begin("LL");
  for (int i = 0; i < n; i++)
    polyj_dump_value(LL[i]);
  polyj_dump_end("LL");
}

int main(int argc, char **argv)
{
  long *obs = POLYJ_ALLOC_1D(long, N);
  long *zo = POLYJ_ALLOC_1D(long, N);
  long *zn = POLYJ_ALLOC_1D(long, N);
  long *prop = POLYJ_ALLOC_1D(long, N);
  long *mu = POLYJ_ALLOC_1D(long, K);
  long *LL = POLYJ_ALLOC_1D(long, N);
  long *LR = POLYJ_ALLOC_1D(long, N);
  long *Z = POLYJ_ALLOC_1D(long, N);

  init_array(N, K, obs, zo, zn, prop, mu);

  POLYJ_START_TIMER();
  kernel_gmm_mh(N, K, obs, zo, zn, prop, mu, LL, LR, Z);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, zn, LL);

  polyj_free(obs);
  polyj_free(zo);
  polyj_free(zn);
  polyj_free(prop);
  polyj_free(mu);
  polyj_free(LL);
  polyj_free(LR);
  polyj_free(Z);
  return 0;
}
