/* A row-by-row (Doolittle) LU factorization in place, each entry finished by a dot product
   (test program of the small-work version): no loop of its schedule is vectorized, its tiles run
   as a wavefront. */
#include <stdio.h>
#include <stdlib.h>
#ifdef TRACE
static int polyj_seen;
#define polyj_large_work(c) ((polyj_seen = (c) ? 2 : 1) == 2)
#endif

static void factor(int n, double M[n][n]) {
  int r, c, t;
#pragma scop
  for (r = 0; r < n; r++) {
    for (c = 0; c < r; c++) {
      for (t = 0; t < c; t++)
        M[r][c] = M[r][c] - M[r][t] * M[t][c];
      M[r][c] = M[r][c] / M[c][c];
    }
    for (c = r; c < n; c++)
      for (t = 0; t < r; t++)
        M[r][c] = M[r][c] - M[r][t] * M[t][c];
  }
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  double (*M)[n] = malloc(sizeof(double) * n * n);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      M[r][c] = 1.0 / (r + c + 1) + (r == c ? n : 0) + (double)((r * 7 + c * 3) % 5) / 16;
  factor(n, M);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      printf("%a\n", M[r][c]);
#ifdef TRACE
  fprintf(stderr, "version %d\n", polyj_seen);
#endif
  free(M);
  return 0;
}
