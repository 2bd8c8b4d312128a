/* A triangular product (syrk's lower triangle, C = A A^T): the outer loop parallelized as it is
 * ("static") or the whole triangle collapsed into one flat loop over ranks ("collapsed").
 * See run.sh and docs/multifor.md. */
#include <stdio.h>
#include <time.h>
#ifndef N
#define N 1600
#endif
#ifndef M
#define M 200
#endif
static double A[N][M], C[N][N];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  int n = N;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++) A[i][k] = (double) ((i * 7 + k * 13) % 17) / 17.0;
  double t0 = now();
#ifdef COLLAPSED
  #pragma polyj collapse
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0;
      for (int k = 0; k < M; k++) s += A[i][k] * A[j][k];
      C[i][j] = s;
    }
#else
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0;
      for (int k = 0; k < M; k++) s += A[i][k] * A[j][k];
      C[i][j] = s;
    }
#endif
  double t1 = now();
  double check = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) check += C[i][j] * (1 + (i + j) % 3);
  printf("%.6f s  checksum %.10g\n", t1 - t0, check);
  return 0;
}
