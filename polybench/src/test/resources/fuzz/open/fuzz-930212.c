/* Random program of seed 930212 (reduced from 23 to 23 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 5
#endif
#ifndef N1
#define N1 6
#endif
#ifndef N2
#define N2 4
#endif
#ifndef N3
#define N3 7
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static double A1[E][E];
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
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
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = ((N2 - 1) - 1); i0 >= 1; i0--) {
    if (i0 > 3) {
      for (i1 = 0; i1 < (i0 + 1); i1++) {
        double t0 = 1.25;
        if (i1 < p0) {
          for (i2 = 0; i2 < (i0 + 1); i2++) {
            if (i0 < p0) {
              for (i3 = (i2 + 1); i3 < p1; i3++) {
                if ((i3 + i2) < N0) {
                  A0[(i2 + 3)] = 3.0;
                }
                if (i3 != i1) {
                  A0[((i3 + i1) - 1)] *= 0.5;
                }
              }
            } else {
              A0[(i0 - 1)] -= fabs((i1 + t0));
            }
          }
        }
        if (i0 < p0) {
          for (i2 = 0; i2 < N1; i2++) {
            double t1 = (t0 * (A1[(i2 + i1)][((i1 + i2) + 2)] + A0[(i1 + 1)]));
            for (i3 = 1; i3 < N1; i3++) {
              if ((i1 % 2) == 0) {
                A0[3] = ((0.75 * i0) + (i3 + (0.5 * 0.75)));
              }
            }
          }
        }
      }
    }
    if (i0 > 3) {
      for (i1 = ((i0 + 1) - 1); i1 >= 0; i1 -= 3) {
        s1 += i1;
        A0[(i1 + 2)] += 1.25;
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 1;
  volatile int v1 = N1 - 0;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
