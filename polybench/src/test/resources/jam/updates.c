/* Accumulation loops under loops with independent iterations (test program of the accumulator
   unroll-and-jam): a symmetric rank-k update with a triangular bound, a transposed
   matrix-vector product whose rows start at an offset, and two whose outer loop carries a
   dependence (no jam there): a triangular solve, and an accumulation that feeds a shifted vector
   read by the next row (jamming its rows would read values not yet written). */
#include <stdio.h>
#include <stdlib.h>

static void update(int n, int m, double alpha, double C[n][n], double A[n][m]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
#pragma endscop
}

static void product(int n, int m, double A[n][m], double y[n], double x[m]) {
  int i, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (k = 1; k < m; k++)
      y[i] = y[i] + A[i][k] * x[k - 1];
#pragma endscop
}

static void solve(int n, double L[n][n], double z[n]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++)
      z[i] = z[i] - L[i][j] * z[j];
    z[i] = z[i] / L[i][i];
  }
#pragma endscop
}

static void shift(int n, int m, double A[n][m], double s[n], double w[m + 1]) {
  int i, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (k = 0; k < m; k++) {
      s[i] = s[i] + A[i][k] * w[k + 1];
      w[k] = 0.5 * s[i];
    }
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  int m = argc > 2 ? atoi(argv[2]) : 12;
  double (*C)[n] = malloc(sizeof(double) * n * n);
  double (*L)[n] = malloc(sizeof(double) * n * n);
  double (*A)[m] = malloc(sizeof(double) * n * m);
  double *y = malloc(sizeof(double) * n), *z = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * m);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      C[i][j] = 1.0 / (i + 2 * j + 1);
      L[i][j] = (i == j ? 2.0 : 0.0) + (double)((i * 5 + j * 3) % 7) / 11;
    }
    for (int k = 0; k < m; k++) A[i][k] = (double)((i * k + 1) % 13) / 7 + 1.0 / (k + 3);
    y[i] = 0.25 * i;
    z[i] = 1.0 + i % 3;
  }
  for (int k = 0; k < m; k++) x[k] = 1.0 / (k + 1);
  update(n, m, 1.5, C, A);
  product(n, m, A, y, x);
  solve(n, L, z);
  double *w = malloc(sizeof(double) * (m + 1));
  for (int k = 0; k <= m; k++) w[k] = 1.0 / (k + 2);
  shift(n, m, A, z, w);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) printf("%a\n", C[i][j]);
    printf("%a %a\n", y[i], z[i]);
  }
  free(C);
  free(L);
  free(A);
  free(y);
  free(z);
  free(x);
  for (int k = 0; k <= m; k++) printf("%a\n", w[k]);
  free(w);
  return 0;
}
