/* Metropolis-Hastings on a Gaussian mixture model (Table 2, GMM-MH), one sweep over N observations
   with K clusters, written as the textbook definition: to accept or reject the proposal prop[i]
   for observation i, the log-likelihood of all other observations under the current assignments
   (new ones zn for j < i, old ones zo for j > i) and the normalizer over the K clusters' weights
   are summed anew for every i, O(N (N + K)). The accept step is a pure function; integers keep
   the sums exact. This program is our reading of the benchmark: the paper does not list it. */
#pragma polyj pure(lik, accept)
long lik(long x, long z);
long accept(long rest, long norm, long old, long proposal, long x);

void gmm_mh(int N, int K, long obs[N], long zo[N], long zn[N], long prop[N], long mu[K], long LL[N], long LR[N],
            long Z[N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    LL[i] = 0;
    for (j = 0; j < i; j++)
      LL[i] += lik(obs[j], zn[j]);
    LR[i] = 0;
    for (j = i + 1; j < N; j++)
      LR[i] += lik(obs[j], zo[j]);
    Z[i] = 0;
    for (k = 0; k < K; k++)
      Z[i] += mu[k];
    zn[i] = accept(LL[i] + LR[i], Z[i], zo[i], prop[i], obs[i]);
  }
#pragma endscop
}
