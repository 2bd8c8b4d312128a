#include <stdio.h>
#include <time.h>
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
  int quiet = 0;
  double checksum = 0;
  int T = argc > 1 ? atoi(argv[1]) : 20, N = argc > 2 ? atoi(argv[2]) : 100;
  double *in = malloc(sizeof(double) * N), *out = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++) in[i] = (double)((i * 37) % 101) / 7.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  kernel(T, N, in, out);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (argc > 3) {
    /* benchmark mode: the kernel time on stderr, a checksum instead of every value */
    fprintf(stderr, "kernel_seconds %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    quiet = 1;
  }
  for (int i = 0; i < N; i++) if (quiet) checksum += out[i]; else printf("%a\n", out[i]);
  if (quiet) printf("%a\n", checksum);
  return 0;
}
