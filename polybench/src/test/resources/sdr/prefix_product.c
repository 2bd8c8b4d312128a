/* Dependent prefix products over unsigned integers (exact modulo 2^64 in any order). Division is
   no inverse of the product on integers, so only the reuse vector [1, 0] is valid. */
#pragma polyj pure(u)
unsigned long u(unsigned long x);

void prefix_product(int N, unsigned long A[N + 1], unsigned long B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = 1;
    for (j = 0; j <= i; j++)
      B[i] *= A[j];
    if (i < N - 1)
      A[i + 1] = u(B[i]) | 1;
  }
#pragma endscop
}
