#include <stdio.h>
#include <stdlib.h>
/* 1-D Jacobi in single-assignment form: one row of A per time step (O(T N) elements). */
static void kernel(int T, int N, double in[N], double out[N]) {
  int t, i;
#pragma scop
  {
    double A[T + 1][N];
    for (i = 0; i < N; i++)
      A[0][i] = in[i];
    for (t = 1; t <= T; t++) {
      A[t][0] = A[t - 1][0];
      for (i = 1; i < N - 1; i++)
        A[t][i] = 0.33333 * (A[t - 1][i - 1] + A[t - 1][i] + A[t - 1][i + 1]);
      A[t][N - 1] = A[t - 1][N - 1];
    }
    for (i = 0; i < N; i++)
      out[i] = A[T][i];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  int T = argc > 1 ? atoi(argv[1]) : 20, N = argc > 2 ? atoi(argv[2]) : 100;
  double *in = malloc(sizeof(double) * N), *out = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++) in[i] = (double)((i * 37) % 101) / 7.0;
  kernel(T, N, in, out);
  for (int i = 0; i < N; i++) printf("%a\n", out[i]);
  return 0;
}
