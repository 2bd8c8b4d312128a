/* A dependent running minimum over doubles (fmin has no inverse; exact in floating point). */
#pragma polyj pure(h)
double h(double x);

void running_min_dependent(int N, double A[N + 1], double B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = A[0];
    for (j = 0; j <= i; j++)
      B[i] = fmin(B[i], A[j]);
    if (i < N - 1)
      A[i + 1] = h(B[i]);
  }
#pragma endscop
}
