#include <math.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
/* A Smith-Waterman-like recurrence H[i][j] over two sequences (O(N M) elements). */
static void kernel(int N, int M, double S[N + 1][M + 1], double out[M + 1]) {
  int i, j;
#pragma scop
  {
    double H[N + 1][M + 1];
    for (j = 0; j <= M; j++)
      H[0][j] = 0.0;
    for (i = 1; i <= N; i++) {
      H[i][0] = 0.0;
      for (j = 1; j <= M; j++)
        H[i][j] = fmax(fmax(H[i - 1][j - 1] + S[i][j], fmax(H[i - 1][j], H[i][j - 1]) - 2.0), 0.0);
    }
    for (j = 0; j <= M; j++)
      out[j] = H[N][j];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  int quiet = 0;
  double checksum = 0;
  int N = argc > 1 ? atoi(argv[1]) : 40, M = argc > 2 ? atoi(argv[2]) : 50;
  double (*S)[M + 1] = malloc(sizeof(double) * (N + 1) * (M + 1)), *out = malloc(sizeof(double) * (M + 1));
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= M; j++) S[i][j] = ((i * 7 + j * 3) % 5 == 0) ? 3.0 : -1.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  kernel(N, M, S, out);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (argc > 3) {
    /* benchmark mode: the kernel time on stderr, a checksum instead of every value */
    fprintf(stderr, "kernel_seconds %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    quiet = 1;
  }
  for (int j = 0; j <= M; j++) if (quiet) checksum += out[j]; else printf("%a\n", out[j]);
  if (quiet) printf("%a\n", checksum);
  return 0;
}
