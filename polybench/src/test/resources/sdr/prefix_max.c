/* Running maxima whose inputs depend on earlier results (Equation (4) of the SDR paper with max):
   max has no inverse, so only the reuse vector pointing out of the domain, [1, 0], is valid. */
#pragma polyj pure(g)
long g(long x);

void prefix_max(int N, long A[N + 1], long B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = A[0];
    for (j = 0; j <= i; j++)
      B[i] = max(B[i], A[j]);
    if (i < N - 1)
      A[i + 1] = g(B[i]);
  }
#pragma endscop
}
