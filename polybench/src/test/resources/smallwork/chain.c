/* An interval recurrence (test program of the small-work version): each entry is the best split
   of its interval, read across a column of the table into one accumulator; the schedule keeps the
   program's order (in floating point: integer maxima would be interchanged to walk rows). */
#include <stdio.h>
#include <stdlib.h>
#ifdef TRACE
static int polyj_seen;
#define polyj_large_work(c) ((polyj_seen = (c) ? 2 : 1) == 2)
#endif

static void best(int n, double w[n], double T[n][n]) {
  int a, b, s;
#pragma scop
  for (a = n - 2; a >= 0; a--)
    for (b = a + 1; b < n; b++)
      for (s = a; s < b; s++)
        T[a][b] = T[a][b] > T[a][s] + T[s + 1][b] - w[s] ? T[a][b] : T[a][s] + T[s + 1][b] - w[s];
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  double *w = malloc(sizeof(double) * n);
  double (*T)[n] = malloc(sizeof(double) * n * n);
  for (int a = 0; a < n; a++) {
    w[a] = (a * 5) % 3;
    for (int b = 0; b < n; b++)
      T[a][b] = (a * 13 + b * 7) % 11;
  }
  best(n, w, T);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      printf("%.17g\n", T[a][b]);
#ifdef TRACE
  fprintf(stderr, "version %d\n", polyj_seen);
#endif
  free(w);
  free(T);
  return 0;
}
