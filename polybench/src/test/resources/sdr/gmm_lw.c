/* Likelihood weighting on a Gaussian mixture model (Table 2, GMM-LW): N weighted samples, the
   assignment of sample i drawn (by a pure function) from the evidence accumulated by the samples
   before it; its weight needs the log-likelihood of the earlier samples and the normalizer over
   the K clusters, both summed anew for every i in the textbook definition, O(N (N + K)).
   Integers keep the sums exact. This program is our reading of the benchmark: the paper does not
   list it. */
#pragma polyj pure(lik, draw)
long lik(long x, long z);
long draw(long evidence, long norm, long x);

void gmm_lw(int N, int K, long obs[N], long z[N], long mu[K], long E[N], long Z[N], long wt[N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    E[i] = 0;
    for (j = 0; j < i; j++)
      E[i] += lik(obs[j], z[j]);
    Z[i] = 0;
    for (k = 0; k < K; k++)
      Z[i] += mu[k];
    z[i] = draw(E[i], Z[i], obs[i]);
    wt[i] = E[i] + lik(obs[i], z[i]) - Z[i];
  }
#pragma endscop
}
