/* Random program of seed 950233 (reduced from 18 to 18 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 5
#endif
#ifndef N1
#define N1 9
#endif
#ifndef N2
#define N2 6
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E][E];
static double A1[E][E];
static long A2[E][E];
static int A4[E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { long *p = (long *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { int *p = (int *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const long *p = (const long *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const int *p = (const int *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = (N0 - 1); i0 >= 0; i0--) {
    for (i1 = 2; i1 < N3; i1++) {
      A1[((i0 + i1) + 1)][i0] = s0;
    }
  }
  for (i0 = 2; i0 < (N1 - 1); i0++) {
    const float t0 = ((i0 * 2.0) + i0);
    for (i1 = i0; i1 < MIN(N1, (i0 + 2)); i1++) {
      double t1 = (i0 + (A2[(i1 + 1)][(i0 + 3)] + A1[i0][(i0 - 1)]));
      for (i2 = 0; i2 < N1; i2++) {
        if (i2 > 2) {
          A0[(i1 + 2)][(i0 + 3)] *= 0.875;
        }
      }
    }
    for (i1 = 0; i1 < N0; i1++) {
      for (i2 = i1; i2 < N3; i2 += 2) {
        for (i3 = (N1 - 1); i3 >= 1; i3--) {
          if (i1 > 2) {
            A4[((i0 + i1) + 1)] = (((i2 + (A4[((i2 + i0) + 1)] - i3)) * 3) % 1009);
          } else {
            A4[((i3 + i2) - 1)] += (A4[((2 * i1) + 1)] % 31);
          }
        }
        for (i3 = 0; i3 < (N1 - 1); i3++) {
          double t2 = ((i3 + t0) + 2.0);
        }
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 1;
  init();
  kernel(v0);
  checksum();
  return 0;
}
