/* rowupdate: a rank-one update of each row followed by the row's sum, in one pass over A. */
#include <polybench.h>
#include "rowupdate.h"

static void kernel_rowupdate(int n, double A[N][N], double B[N][N], double C[N][N], double u[N], double v[N], double r[N], double c[N])
{
  int i, j;
#pragma scop
  for (j = 0; j < n; j++)
    c[j] = 0.0;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u[i] * v[j];
    r[i] = 0.0;
    for (j = 0; j < n; j++)
      r[i] = r[i] + A[i][j] * v[j];
    for (j = 0; j < n; j++)
      c[j] = c[j] + A[i][j] * r[i];
  }
#pragma endscop
}

static void dump(const char *name, int n, int m, double *a)
{
  int i;
  POLYBENCH_DUMP_BEGIN(name);
  for (i = 0; i < n * m; i++) {
    if (i % 20 == 0) fprintf(POLYBENCH_DUMP_TARGET, "\n");
    fprintf(POLYBENCH_DUMP_TARGET, "%0.6lf ", a[i]);
  }
  POLYBENCH_DUMP_END(name);
}

static void print_arrays(int n, double *A, double *C, double *r, double *c)
{
  POLYBENCH_DUMP_START;
  dump("A", n, n, A);
  dump("C", n, n, C);
  dump("r", n, 1, r);
  dump("c", n, 1, c);
  POLYBENCH_DUMP_FINISH;
}

int main(int argc, char **argv)
{
  int n = N, i, j;
  double (*A)[N] = malloc(sizeof(double) * N * N);
  double (*B)[N] = malloc(sizeof(double) * N * N);
  double (*C)[N] = malloc(sizeof(double) * N * N);
  double *u = malloc(sizeof(double) * N);
  double *v = malloc(sizeof(double) * N);
  double *r = malloc(sizeof(double) * N);
  double *c = malloc(sizeof(double) * N);
  for (i = 0; i < n; i++) {
    u[i] = (double)(i % 5) / 5;
    v[i] = (double)(i % 3) / 3;
    r[i] = c[i] = 0.0;
    for (j = 0; j < n; j++) {
      A[i][j] = (double)((i * j + 1) % 7) / 7;
      B[i][j] = (double)((i + 2 * j) % 11) / 11;
      C[i][j] = (double)((i + j) % 5) / 5;
    }
  }
  polybench_start_instruments;
  kernel_rowupdate(n, A, B, C, u, v, r, c);
  polybench_stop_instruments;
  polybench_print_instruments;
  polybench_prevent_dce(print_arrays(n, &A[0][0], &C[0][0], r, c));
  free(A);
  free(B);
  free(C);
  free(u);
  free(v);
  free(r);
  free(c);
  return 0;
}
