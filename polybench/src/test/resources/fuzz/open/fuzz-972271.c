/* Random program of seed 972271 (reduced from 23 to 23 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
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
#define N2 8
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static long A1[E][E];
static double A2[E];
static int A3[E][E];
static double s0;
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { long *p = (long *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { int *p = (int *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  s0 = (double)next();
  s1 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const long *p = (const long *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const int *p = (const int *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 1; i0 < N2; i0++) {
    for (i1 = (i0 - 1); i1 >= 0; i1--) {
      for (i2 = 0; i2 < N3; i2++) {
        double t0 = ((1.25 - s1) - 0.75);
        const double t1 = A1[((i0 + i1) + 1)][3];
        s0 -= s0;
      }
      if ((i1 + i0) < N0) {
        for (i2 = 2; i2 < MIN(N3, (i0 + 2)); i2++) {
          A1[((i0 + i1) + 3)][((i2 + i0) - 2)] += (A1[(i2 - 2)][1] % 31);
          if (i1 > 2) {
            for (i3 = 1; i3 < (N1 - 1); i3 += 2) {
              A1[(i1 + 3)][((i0 + i3) + 2)] = ((3 + i3) % 1009);
              A2[((i3 + i2) + 2)] = s1;
            }
          }
        }
      }
    }
    for (i1 = 0; i1 < i0; i1 += 2) {
      for (i2 = 0; i2 < N0; i2++) {
        const double t2 = (A2[((i2 + i0) - 1)] + (0.75 + 2.0));
        A2[(2 * i1)] = A3[(i2 + 3)][i2];
      }
      A0[(i1 + 2)] = s0;
    }
  }
  for (i0 = (N1 - 1); i0 >= 0; i0--) {
    for (i1 = ((i0 + 1) - 1); i1 >= 0; i1--) {
      double t3 = i1;
      A1[(i0 + 1)][(i0 + 1)] = ((A3[(i1 + 1)][1] + ((A1[((i0 + i0) + 1)][(i0 + 3)] * 0) - (7 * 1))) % 1009);
      A3[(i1 + 1)][0] = ((A3[(i0 + 2)][(i0 + i1)] * 5) % 1009);
    }
  }
#pragma endscop
}
int main(void) {
  init();
  kernel();
  checksum();
  return 0;
}
