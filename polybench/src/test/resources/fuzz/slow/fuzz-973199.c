/* Random program of seed 973199 (not reduced, 48 lines with statements): OPTIMIZE_TIMEOUT under `polyj optimize `: left unchanged at the compute budget after 165 s (12 million steps at about 14 microseconds each) */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 9
#endif
#ifndef N1
#define N1 8
#endif
#ifndef N2
#define N2 4
#endif
#ifndef N3
#define N3 6
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static double A1[E][E];
static double A2[E];
static double A3[E][E];
static double A4[E][E];
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s1 = (double)next();
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
  { const double *p = (const double *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  { const double *p = (const double *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N2 - 1); i0 += 2) {
    for (i1 = 2; i1 < N2; i1 += 3) {
      for (i2 = 2; i2 < MIN(N3, (i0 + 2)); i2++) {
        const double t0 = s1;
        for (i3 = (N0 - 1); i3 >= i1; i3--) {
          double t1 = 3.0;
          if (i0 != i1) {
            A4[(i3 + 1)][((i2 + i2) - 3)] = (((i0 <= i0) ? (0.5 * i0) : (A3[((i1 + i0) - 1)][(i0 + 1)] + A2[(i0 + 2)])) + (1.25 + i1));
          } else {
            A3[(2 * i1)][((i3 + i2) - 1)] = 3.0;
          }
        }
        for (i3 = (i2 + 1); i3 < (i2 + 1); i3++) {
          if (i0 > 2) {
            A2[(i3 - 3)] = (t0 - t0);
          }
        }
      }
      for (i2 = (i0 + 1); i2 < (i1 + 1); i2++) {
        for (i3 = 0; i3 < MIN(N3, (i2 + 2)); i3 += 3) {
          A3[(i2 + 2)][i1] = fmax(sqrt(fabs(A1[(i0 + 2)][(i0 + 1)])), fmax(A3[(i1 + i2)][((i1 + i0) + 3)], 2.0));
        }
        A3[0][(i0 + 1)] *= 0.5;
      }
    }
    for (i1 = 2; i1 < N3; i1++) {
      for (i2 = 2; i2 < N2; i2++) {
        s1 -= ((i1 + 2.0) + fabs(i0));
      }
      A4[(i0 + 3)][(i1 + 1)] -= (fabs(s1) - (A2[i0] + s1));
    }
  }
  for (i0 = 0; i0 < (N2 - 1); i0 += 3) {
    A3[(i0 + 3)][2] = ((sqrt(fabs(s1)) * s1) + A0[i0]);
  }
#pragma endscop
}
int main(void) {
  init();
  kernel();
  checksum();
  return 0;
}
