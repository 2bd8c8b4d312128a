/* The counts of the GMM Gibbs sampler accumulated into one array by two reductions, j < i over the
   new assignments and j > i over the old ones (Section 2.2 of the SDR paper splits the domain
   j != i the same way, into two convex pieces). */
#pragma polyj pure(score, choose)
long score(long count, long sum, long x);
long choose(long total);

void gibbs_one_array(int N, int K, long obs[N], long zo[N], long zn[N], long C[K][N], long w[K][N], long t[N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    t[i] = 0;
    for (k = 0; k < K; k++) {
      C[k][i] = 0;
      for (j = 0; j < i; j++)
        C[k][i] += (zn[j] == k);
      for (j = i + 1; j < N; j++)
        C[k][i] += (zo[j] == k);
      w[k][i] = score(C[k][i], 0, obs[i]);
      t[i] += w[k][i];
    }
    zn[i] = choose(t[i]);
  }
#pragma endscop
}
