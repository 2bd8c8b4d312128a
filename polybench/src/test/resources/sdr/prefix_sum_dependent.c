/* Equation (4) of the SDR paper: a prefix sum whose inputs depend on earlier results. */
#pragma polyj pure(g)
long g(long x);

void prefix_sum_dependent(int N, long A[N + 1], long B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = 0;
    for (j = 0; j <= i; j++)
      B[i] += A[j];
    if (i < N - 1)
      A[i + 1] = g(B[i]);
  }
#pragma endscop
}
