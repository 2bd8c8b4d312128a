/* Gibbs sampling on a Gaussian mixture model with K clusters (Section 2.2 of the SDR paper,
   Equations (5) and (6)), written as its specification: for each observation i, the counts and
   sums of the observations j != i in each cluster k, split into j < i (new assignments zn) and
   j > i (old assignments zo); then a new assignment for i from the per-cluster weights. The
   sampler is a deterministic pure function of the weights so that runs can be compared (its values
   need not be cluster numbers: an assignment outside 0..K-1 is in no cluster). */
#pragma polyj pure(score, choose)
long score(long count, long sum, long x);
long choose(long total);

void gmm_gibbs(int N, int K, long obs[N], long zo[N], long zn[N], long CL[K][N], long CR[K][N],
               long SL[K][N], long SR[K][N], long w[K][N], long t[N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    t[i] = 0;
    for (k = 0; k < K; k++) {
      CL[k][i] = 0;
      SL[k][i] = 0;
      for (j = 0; j < i; j++) {
        CL[k][i] += (zn[j] == k);
        SL[k][i] += (zn[j] == k ? obs[j] : 0);
      }
      CR[k][i] = 0;
      SR[k][i] = 0;
      for (j = i + 1; j < N; j++) {
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
