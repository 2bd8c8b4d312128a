/* Random program of seed 940194 (reduced from 21 to 21 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 7
#endif
#ifndef N1
#define N1 3
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
static double A0[E];
static double A1[E][E][E];
static int A2[E];
static double A3[E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { int *p = (int *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  { double *p = (double *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (double)next(); }
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
  { const int *p = (const int *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const double *p = (const double *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N3 - 1); i0++) {
    for (i1 = 2; i1 < N2; i1++) {
      s0 -= 0.5;
      s0 += sqrt(fabs((s0 + A2[((i0 + i1) + 3)])));
    }
    s0 -= floor((i0 + 0.75));
  }
  for (i0 = 0; i0 < N1; i0 += 2) {
    double t0 = s0;
    A3[(i0 + 1)] = i0;
    for (i1 = 0; i1 < (i0 + 1); i1 += 3) {
      for (i2 = 0; i2 < p0; i2 += 3) {
        A0[(2 * i1)] -= A0[(i1 + 3)];
        if (i1 > 3) {
          for (i3 = 0; i3 < p0; i3++) {
            A2[((2 * i2) + 3)] = (4 % 1009);
            A3[(i3 + 2)] = ((floor(A1[(i0 + 2)][(i3 + 2)][(i3 + 1)]) + (3.0 + 0.5)) + i0);
          }
        } else {
          A2[(i1 + 1)] = (((A2[(2 * i2)] - i2) - ((i1 * 3) - (i2 + i2))) % 1009);
        }
      }
      for (i2 = i0; i2 < N3; i2 += 2) {
        for (i3 = 0; i3 < MIN(N0, (i2 + 2)); i3 += 2) {
          const double t1 = ((i0 <= i2) ? s0 : 1.25);
          A0[((i2 + i1) + 2)] = 0.75;
          A0[((2 * i1) + 3)] += i0;
        }
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 0;
  volatile int v1 = N1 - 1;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
