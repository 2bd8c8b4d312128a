/* Random program of seed 920038 (reduced from 19 to 19 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 5
#endif
#ifndef N1
#define N1 5
#endif
#ifndef N2
#define N2 9
#endif
#ifndef N3
#define N3 6
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int A0[E][E];
static double A1[E][E];
static double A2[E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { int *p = (int *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const int *p = (const int *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N0; i0++) {
    A1[((2 * i0) + 3)][(i0 + 3)] = sqrt(fabs(0.125));
    for (i1 = 0; i1 < (N1 - 1); i1++) {
      if (i0 != i1) {
        for (i2 = (i1 + 1); i2 < N0; i2 += 3) {
          if (i2 > 2) {
            for (i3 = 2; i3 < MIN(N1, (i2 + 2)); i3++) {
              double t0 = 3.0;
              if ((i2 % 2) == 0) {
                A1[(i3 - 1)][(i3 - 2)] = (A2[i0] - ((t0 - i3) + ((i3 < p0) ? t0 : i0)));
              } else {
                A0[(i3 + 1)][(i0 + 2)] = ((((0 + 7) - (0 * 2)) - 3) % 1009);
              }
              A2[1] = 1.25;
            }
          } else {
            A2[i0] -= 0.5;
          }
          A1[((i1 + i2) + 3)][((i2 + i2) + 3)] = (((2.0 * A1[(i1 + 3)][((2 * i2) - 2)]) * i1) - i2);
        }
      }
    }
  }
  for (i0 = 0; i0 < (N1 - 1); i0++) {
    double t1 = ((0.75 + 2.0) - (A1[i0][i0] / (1.5 + fabs(i0))));
    for (i1 = 1; i1 < N3; i1++) {
      double t2 = t1;
      A0[((i0 + i1) + 1)][(i0 + 1)] += (A0[((i0 + i0) + 1)][i0] % 31);
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 0;
  init();
  kernel(v0);
  checksum();
  return 0;
}
