/*
 * gmm_lw - likelihood weighting on a Gaussian mixture model: N weighted samples, the assignment
 * of sample i drawn (by a deterministic pure function) from the evidence of the samples before
 * it; its weight needs the log-likelihood of the earlier samples and the normalizer over the K
 * clusters, both summed anew for every i in the textbook definition: O(N (N + K)). Integers
 * keep the sums exact.
 */
#include "gmm_lw.h"

#pragma polyj pure(lik, draw)
static long lik(long x, long z) { return (x * 5 + z * 3) % 17; }
static long draw(long evidence, long norm, long x)
{
  return (long)(((unsigned long)(evidence + norm * x)) % 5);
}

static void init_array(int n, int nk, long obs[N], long z[N], long mu[K])
{
  for (int i = 0; i < n; i++) {
    obs[i] = (i * 7919L) % 101;
    z[i] = 0;
  }
  for (int k = 0; k < nk; k++)
    mu[k] = (k * 37L) % 23;
}

void kernel_gmm_lw(int n, int nk, long obs[N], long z[N], long mu[K], long E[N], long Z[N],
                   long wt[N])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    E[i] = 0;
    for (j = 0; j < i; j++)
      E[i] += lik(obs[j], z[j]);
    Z[i] = 0;
    for (k = 0; k < nk; k++)
      Z[i] += mu[k];
    z[i] = draw(E[i], Z[i], obs[i]);
    wt[i] = E[i] + lik(obs[i], z[i]) - Z[i];
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
  long *obs = POLYJ_ALLOC_1D(long, N);
  long *z = POLYJ_ALLOC_1D(long, N);
  long *mu = POLYJ_ALLOC_1D(long, K);
  long *E = POLYJ_ALLOC_1D(long, N);
  long *Z = POLYJ_ALLOC_1D(long, N);
  long *wt = POLYJ_ALLOC_1D(long, N);

  init_array(N, K, obs, z, mu);

  POLYJ_START_TIMER();
  kernel_gmm_lw(N, K, obs, z, mu, E, Z, wt);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(N, z, wt);

  polyj_free(obs);
  polyj_free(z);
  polyj_free(mu);
  polyj_free(E);
  polyj_free(Z);
  polyj_free(wt);
  return 0;
}
