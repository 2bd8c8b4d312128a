/* PolyBench-style program: system headers, macros for sizes and array
   parameters, a kernel with a scop region, and a main that allocates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#ifndef N
# define N 64
#endif
#define DATA_TYPE double
#define _PB_N n
#define POLYBENCH_2D(var, d1, d2, dd1, dd2) var[d1 + 0][d2 + 0]
#define SQRT_FUN(x) sqrt(x)
#define SCALAR_VAL(x) x

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE) ((i * j) % n) / n;
}

static void kernel_cholesky(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
     for (j = 0; j < i; j++) {
        for (k = 0; k < j; k++) {
           A[i][j] -= A[i][k] * A[j][k];
        }
        A[i][j] /= A[j][j];
     }
     for (k = 0; k < i; k++) {
        A[i][i] -= A[i][k] * A[i][k];
     }
     A[i][i] = SQRT_FUN(A[i][i]) + SCALAR_VAL(0.0);
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++) {
      if ((i * n + j) % 20 == 0) fprintf(stderr, "\n");
      fprintf(stderr, "%0.2lf ", A[i][j]);
    }
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*A)[N + 0][N + 0];
  A = (DATA_TYPE (*)[N + 0][N + 0]) malloc(sizeof(DATA_TYPE) * N * N);
  init_array(n, *A);
  kernel_cholesky(n, *A);
  if (argc > 42 && !strcmp(argv[0], ""))
    print_array(n, *A);
  free((void *) A);
  return 0;
}
