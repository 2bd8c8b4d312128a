/* The mirror image of Equation (4): sums of suffixes computed from the right, each feeding the
   element to its left; only the reuse vector [-1, 0] respects the dependences. */
#pragma polyj pure(g)
long g(long x);

void suffix_sum_dependent(int N, long A[N], long B[N]) {
  int i, j;
#pragma scop
  for (i = N - 1; i >= 0; i--) {
    B[i] = 0;
    for (j = i; j < N; j++)
      B[i] += A[j];
    if (i > 0)
      A[i - 1] = g(B[i]);
  }
#pragma endscop
}
