/* Random program of seed 971229 (reduced from 20 to 20 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 6
#endif
#ifndef N1
#define N1 9
#endif
#ifndef N2
#define N2 6
#endif
#ifndef N3
#define N3 3
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E][E];
static double A1[E];
static double A2[E][E];
static double A4[E][E];
static long s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s0 = (long)(next() * 50);
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const double *p = (const double *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < p0; i0++) {
    for (i1 = 2; i1 < (i0 + 1); i1 += 3) {
      A4[(i0 + 1)][(i1 - 1)] = fabs(A0[(i1 + 3)][((i1 + i1) + 2)]);
      for (i2 = 0; i2 < N3; i2++) {
        if (i2 > 2) {
          for (i3 = 1; i3 < N0; i3 += 2) {
            s0 += ((2 - 5) % 31);
            if (i2 != i1) {
              A1[(i1 + 1)] += ((((i2 + i1) < N2) ? A1[(i3 + 2)] : 1.25) + 3.0);
            }
          }
        }
      }
    }
    double t0 = (A4[(i0 + 2)][i0] * (i0 - i0));
  }
  for (i0 = (N0 - 1); i0 >= 0; i0 -= 3) {
    double t1 = ((0.5 + i0) * (3.0 + 2.0));
    for (i1 = 0; i1 < p1; i1++) {
      double t2 = (0.125 * (A1[(i0 + 2)] + A2[1][(i0 + 2)]));
      for (i2 = 0; i2 < N0; i2++) {
        for (i3 = (MIN(N2, (i1 + 2)) - 1); i3 >= 0; i3--) {
          A1[i2] += fmax(2.0, (0.75 - A2[((i0 + i2) + 1)][((i2 + i2) + 1)]));
          if (i0 != i1) {
            A2[((2 * i2) + 2)][i3] = ((A1[((2 * i0) + 3)] + A0[(i2 + 1)][i2]) + (0.75 * 0.125));
          } else {
            s0 += (((0 * 0) * 0) % 31);
          }
        }
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 1;
  volatile int v1 = N1 - 1;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
