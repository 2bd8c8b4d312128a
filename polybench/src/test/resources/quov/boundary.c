#include <stdio.h>
#include <time.h>
#include <stdlib.h>
/*
 * The boundary example of Yuki and Rajopadhye (IMPACT 2013, Figure 4): the value S1 writes is
 * last read by S2 in the same time step, except at i = 0, where S1 reads it again in the next.
 */
static void kernel(int T, int N, double in[N + 1], double out[N + 1]) {
  int t, i;
#pragma scop
  {
    double A[N + 1];
    for (i = 0; i <= N; i++)
      A[i] = in[i];
    for (t = 0; t <= T; t++) {
      for (i = 0; i <= N; i++)
        A[i] = 0.5 * A[i] + 1.0;
      for (i = 1; i <= N; i++)
        A[i] = 0.25 * A[i - 1] + 0.75 * A[i];
    }
    for (i = 0; i <= N; i++)
      out[i] = A[i];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  int quiet = 0;
  double checksum = 0;
  int T = argc > 1 ? atoi(argv[1]) : 10, N = argc > 2 ? atoi(argv[2]) : 40;
  double *in = malloc(sizeof(double) * (N + 1)), *out = malloc(sizeof(double) * (N + 1));
  for (int i = 0; i <= N; i++) in[i] = (double)((i * 37) % 101) / 7.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  kernel(T, N, in, out);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (argc > 3) {
    /* benchmark mode: the kernel time on stderr, a checksum instead of every value */
    fprintf(stderr, "kernel_seconds %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    quiet = 1;
  }
  for (int i = 0; i <= N; i++) if (quiet) checksum += out[i]; else printf("%a\n", out[i]);
  if (quiet) printf("%a\n", checksum);
  return 0;
}
