/* Random program of seed 972219 (reduced from 17 to 17 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 4
#endif
#ifndef N1
#define N1 3
#endif
#ifndef N2
#define N2 7
#endif
#ifndef N3
#define N3 6
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static long A0[E][E];
static double A1[E];
static double A2[E][E];
static double A4[E][E];
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { long *p = (long *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s1 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const long *p = (const long *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const double *p = (const double *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N1; i0++) {
    for (i1 = 1; i1 < (i0 + 1); i1++) {
      float t0 = s1;
      for (i2 = (p0 - 1); i2 >= i0; i2--) {
        for (i3 = 0; i3 < MIN(N0, (i0 + 2)); i3++) {
          if (i3 > 1) {
            s1 += 3.0;
          } else {
            A0[(i1 + 3)][(i3 + i3)] += (i2 % 31);
          }
        }
        double t1 = A2[1][(i1 + 2)];
      }
      A2[1][1] = A1[(i1 + 3)];
    }
    if (i0 > 2) {
      A4[(i0 + 1)][(i0 + 1)] -= 2.0;
    } else {
      s1 += 0.75;
    }
  }
  for (i0 = 0; i0 < N0; i0++) {
    A4[(i0 + 2)][i0] = ((2.0 - fmax(A0[(i0 + 1)][i0], i0)) + (i0 + (i0 * 1.25)));
    for (i1 = ((N0 - 1) - 1); i1 >= 1; i1 -= 2) {
      A0[(i0 + 3)][i0] = (A0[((2 * i0) + 1)][((i1 + i0) + 2)] % 1009);
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
