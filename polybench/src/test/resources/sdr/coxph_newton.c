/* Newton's method for the Cox proportional hazards model (Table 2, CoxPH), T iterations over N
   observations with K covariates, sorted by time so that the risk set of observation i is j >= i.
   Each iteration sums, for every i, the weights, weighted covariates and weighted covariate
   products over its risk set (the textbook definition, O(K^2 N^2) per iteration); the next
   coefficients are a pure function of these sums. Integer weights from a pure function keep the
   sums exact. */
#pragma polyj pure(weight, step)
long weight(long eta);
long step(long beta, long g, long h);

void coxph_newton(int T, int N, int K, long x[N][K], long beta[T + 1][K], long eta[T][N], long e[T][N],
                  long R[T][N], long G[T][K][N], long H[T][K][K][N], long gr[T][K], long hs[T][K]) {
  int t, i, j, a, b;
#pragma scop
  for (t = 0; t < T; t++) {
    for (j = 0; j < N; j++) {
      eta[t][j] = 0;
      for (a = 0; a < K; a++)
        eta[t][j] += x[j][a] * beta[t][a];
      e[t][j] = weight(eta[t][j]);
    }
    for (i = 0; i < N; i++) {
      R[t][i] = 0;
      for (j = i; j < N; j++)
        R[t][i] += e[t][j];
      for (a = 0; a < K; a++) {
        G[t][a][i] = 0;
        for (j = i; j < N; j++)
          G[t][a][i] += e[t][j] * x[j][a];
        for (b = 0; b < K; b++) {
          H[t][a][b][i] = 0;
          for (j = i; j < N; j++)
            H[t][a][b][i] += e[t][j] * x[j][a] * x[j][b];
        }
      }
    }
    for (a = 0; a < K; a++) {
      gr[t][a] = 0;
      hs[t][a] = 0;
      for (i = 0; i < N; i++) {
        gr[t][a] += x[i][a] * R[t][i] - G[t][a][i];
        hs[t][a] += H[t][a][a][i] - G[t][a][i];
      }
      beta[t + 1][a] = step(beta[t][a], gr[t][a], hs[t][a]);
    }
  }
#pragma endscop
}
