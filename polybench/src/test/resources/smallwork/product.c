/* A matrix product (test program of the small-work version): its schedule's loops are
   vectorized, so it keeps its optimized code at every size. */
#include <stdio.h>
#include <stdlib.h>

static void product(int n, double P[n][n], double X[n][n], double Y[n][n]) {
  int a, b, d;
#pragma scop
  for (a = 0; a < n; a++)
    for (b = 0; b < n; b++) {
      P[a][b] = 0.5 * P[a][b];
      for (d = 0; d < n; d++)
        P[a][b] += X[a][d] * Y[d][b];
    }
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  double (*P)[n] = malloc(sizeof(double) * n * n), (*X)[n] = malloc(sizeof(double) * n * n),
         (*Y)[n] = malloc(sizeof(double) * n * n);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      P[a][b] = (a + 2 * b) % 7;
      X[a][b] = 1.0 / (a + b + 1);
      Y[a][b] = (double)((a * b) % 9) / 8;
    }
  product(n, P, X, Y);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      printf("%a\n", P[a][b]);
  free(P);
  free(X);
  free(Y);
  return 0;
}
