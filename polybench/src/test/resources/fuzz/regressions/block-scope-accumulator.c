/* A gemm-like nest whose accumulator is declared inside the j loop (issue 25): the optimized
   code must declare it itself and must not copy its last value to a variable out of scope. */
#include <stdio.h>
#ifndef N0
#define N0 23
#endif
#ifndef N1
#define N1 19
#endif
#ifndef N2
#define N2 17
#endif
static double A[N0][N2], B[N2][N1], C[N0][N1];

static void kernel(double alpha, double beta) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++) {
      double acc = C[i][j] * beta;
      for (k = 0; k < N2; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
#pragma endscop
}

int main(void) {
  int i, j;
  double s = 0;
  for (i = 0; i < N0; i++) for (j = 0; j < N2; j++) A[i][j] = (double)((i * j + 1) % 7) / 7;
  for (i = 0; i < N2; i++) for (j = 0; j < N1; j++) B[i][j] = (double)((i * (j + 1) + 2) % 5) / 5;
  for (i = 0; i < N0; i++) for (j = 0; j < N1; j++) C[i][j] = (double)((i + 2 * j) % 3) / 3;
  kernel(1.5, 1.2);
  for (i = 0; i < N0; i++) for (j = 0; j < N1; j++) s += C[i][j] * (i + 2 * j + 1);
  printf("%a\n", s);
  return 0;
}
