/* Random program of seed 961444 (reduced from 26 to 26 statements): OPTIMIZE_TIMEOUT under `polyj optimize --reassociate`: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 8
#endif
#ifndef N1
#define N1 8
#endif
#ifndef N2
#define N2 5
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E][E];
static double A1[E][E];
static double s0;
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
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
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N0; i0++) {
    s1 += ((i0 + 0.125) + 3.0);
    A1[(i0 + 2)][((2 * i0) + 3)] *= 0.875;
  }
  for (i0 = (N3 - 1); i0 >= 0; i0--) {
    for (i1 = 0; i1 < N3; i1++) {
      float t0 = A1[(i0 + 2)][(i0 + 2)];
      for (i2 = (MIN(N1, (i1 + 2)) - 1); i2 >= (i0 + 1); i2--) {
        double t1 = t0;
        for (i3 = 1; i3 < (i2 + 1); i3++) {
          double t2 = A1[(i2 + 2)][i1];
          if ((i0 % 2) == 0) {
            A1[(i2 + 3)][i2] += fabs((((i0 + i0) < N1) ? A0[(i0 + 2)][0] : 3.0));
          } else {
            A1[((i2 + i2) + 1)][((i0 + i0) + 2)] *= 0.875;
          }
        }
        for (i3 = 0; i3 < MIN(N3, (i2 + 2)); i3++) {
          if (i3 != i0) {
            s0 -= (s0 + i0);
          }
          double t3 = (t0 * floor(t1));
        }
      }
      for (i2 = 2; i2 < (i0 + 1); i2++) {
        float t4 = t0;
        if ((i1 + i2) < N0) {
          for (i3 = 2; i3 < N0; i3++) {
            if (i1 > 2) {
              A1[i0][((i2 + i0) - 1)] = (((i0 + i3) < N0) ? ((s1 / (1.5 + fabs(i1))) + (0.75 + A1[i2][(i1 + i0)])) : (s0 * (i1 + 0.5)));
            } else {
              A1[i2][(i0 + 1)] -= ((1.25 * A1[((i2 + i1) + 1)][3]) + 0.5);
            }
          }
        }
        A1[((i1 + i2) - 1)][((i1 + i2) - 2)] = (((A1[((i1 + i0) + 1)][(i1 + 1)] * 0.75) + fmax(0.5, i2)) * ((0.125 - i2) + t0));
      }
    }
    A1[(i0 + 1)][1] *= 1.0;
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
