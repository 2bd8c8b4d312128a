#include <stdio.h>
#include <time.h>
#include <stdlib.h>
/*
 * 2-D Jacobi in single-assignment form whose boundary faces change in every time step (each face
 * cell is updated from its own previous value) and are read again in the next step by the
 * interior, as the boundary of the QUOV paper's Figure 4 is (its S1 at i = 0), in two dimensions.
 */
static void kernel(int T, int N, double in[N][N], double out[N][N]) {
  int t, i, j;
#pragma scop
  {
    double A[T + 1][N][N];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[0][i][j] = in[i][j];
    for (t = 1; t <= T; t++) {
      for (j = 0; j < N; j++)
        A[t][0][j] = 0.5 * A[t - 1][0][j] + 1.0;
      for (i = 1; i < N - 1; i++) {
        A[t][i][0] = 0.5 * A[t - 1][i][0] + 1.0;
        for (j = 1; j < N - 1; j++)
          A[t][i][j] = 0.2 * (A[t - 1][i][j] + A[t - 1][i - 1][j] + A[t - 1][i + 1][j] + A[t - 1][i][j - 1]
              + A[t - 1][i][j + 1]);
        A[t][i][N - 1] = 0.5 * A[t - 1][i][N - 1] + 1.0;
      }
      for (j = 0; j < N; j++)
        A[t][N - 1][j] = 0.5 * A[t - 1][N - 1][j] + 1.0;
    }
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        out[i][j] = A[T][i][j];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  int quiet = 0;
  double checksum = 0;
  int T = argc > 1 ? atoi(argv[1]) : 10, N = argc > 2 ? atoi(argv[2]) : 30;
  double (*in)[N] = malloc(sizeof(double) * N * N), (*out)[N] = malloc(sizeof(double) * N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) in[i][j] = (double)((i * 37 + j * 11) % 101) / 7.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  kernel(T, N, in, out);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (argc > 3) {
    /* benchmark mode: the kernel time on stderr, a checksum instead of every value */
    fprintf(stderr, "kernel_seconds %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    quiet = 1;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) if (quiet) checksum += out[i][j]; else printf("%a\n", out[i][j]);
  if (quiet) printf("%a\n", checksum);
  return 0;
}
