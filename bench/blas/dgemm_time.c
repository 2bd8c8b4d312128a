/*
 * Times one double-precision matrix product C = alpha * A * B + beta * C of the given sizes with
 * the CBLAS interface (cblas_dgemm of the BLAS it is linked with), row-major like PolyBench's
 * arrays, and prints the median of the timed runs in seconds after one untimed warm-up run.
 *
 *   dgemm_time NI NJ NK REPS
 */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int by_value(const void *a, const void *b) {
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s NI NJ NK REPS\n", argv[0]);
    return 2;
  }
  int ni = atoi(argv[1]), nj = atoi(argv[2]), nk = atoi(argv[3]), reps = atoi(argv[4]);
  if (ni < 1 || nj < 1 || nk < 1 || reps < 1) {
    fprintf(stderr, "%s: sizes and repetitions must be positive\n", argv[0]);
    return 2;
  }
  double *a = malloc(sizeof(double) * ni * nk);
  double *b = malloc(sizeof(double) * nk * nj);
  double *c = malloc(sizeof(double) * ni * nj);
  double *t = malloc(sizeof(double) * reps);
  if (!a || !b || !c || !t) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 3;
  }
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++) a[i * nk + k] = (double) (i * (k + 1) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++) b[k * nj + j] = (double) (k * (j + 2) % nj) / nj;
  for (int r = -1; r < reps; r++) {
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nj; j++) c[i * nj + j] = (double) ((i * j + 1) % ni) / ni;
    double start = now();
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, nj, nk, 1.5, a, nk, b, nj, 1.2, c, nj);
    if (r >= 0) t[r] = now() - start;
  }
  qsort(t, reps, sizeof(double), by_value);
  printf("%.6f\n", t[reps / 2]);
  return 0;
}
