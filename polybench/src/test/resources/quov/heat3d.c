#include <stdio.h>
#include <time.h>
#include <stdlib.h>
/*
 * A 3-D seven-point stencil in single-assignment form: step t is defined on the cube t <= i, j, k
 * <= N - 1 - t, which shrinks by one point on each side per step (no boundary statements needed).
 */
static void kernel(int T, int N, double in[N][N][N], double out[N][N][N]) {
  int t, i, j, k;
#pragma scop
  {
    double A[T + 1][N][N][N];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          A[0][i][j][k] = in[i][j][k];
    for (t = 1; t <= T; t++)
      for (i = t; i < N - t; i++)
        for (j = t; j < N - t; j++)
          for (k = t; k < N - t; k++)
            A[t][i][j][k] = 0.125 * (A[t - 1][i - 1][j][k] + A[t - 1][i + 1][j][k] + A[t - 1][i][j - 1][k]
                + A[t - 1][i][j + 1][k] + A[t - 1][i][j][k - 1] + A[t - 1][i][j][k + 1]) + 0.25 * A[t - 1][i][j][k];
    for (i = T; i < N - T; i++)
      for (j = T; j < N - T; j++)
        for (k = T; k < N - T; k++)
          out[i][j][k] = A[T][i][j][k];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  int quiet = 0;
  double checksum = 0;
  int T = argc > 1 ? atoi(argv[1]) : 4, N = argc > 2 ? atoi(argv[2]) : 14;
  double (*in)[N][N] = malloc(sizeof(double) * N * N * N), (*out)[N][N] = calloc((size_t)N * N * N, sizeof(double));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) in[i][j][k] = (double)((i * 37 + j * 11 + k * 5) % 101) / 7.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  kernel(T, N, in, out);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (argc > 3) {
    /* benchmark mode: the kernel time on stderr, a checksum instead of every value */
    fprintf(stderr, "kernel_seconds %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    quiet = 1;
  }
  for (int i = T; i < N - T; i++)
    for (int j = T; j < N - T; j++)
      for (int k = T; k < N - T; k++) if (quiet) checksum += out[i][j][k]; else printf("%a\n", out[i][j][k]);
  if (quiet) printf("%a\n", checksum);
  return 0;
}
