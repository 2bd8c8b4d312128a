/* Random program of seed 961141 (reduced from 35 to 35 statements): OPTIMIZE_TIMEOUT under `polyj optimize --reassociate`: no result after 60 s */
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
#define N2 8
#endif
#ifndef N3
#define N3 4
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static long A1[E][E];
static float A2[E][E];
static double A3[E];
static double A4[E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { long *p = (long *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { float *p = (float *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (float)next(); }
  { double *p = (double *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const long *p = (const long *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const float *p = (const float *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const double *p = (const double *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  { const double *p = (const double *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = (N1 - 1); i0 >= 2; i0--) {
    for (i1 = 2; i1 < (N2 - 1); i1++) {
      for (i2 = 0; i2 < N0; i2++) {
        for (i3 = 0; i3 < N0; i3++) {
          if ((i3 % 2) == 0) {
            A1[((i3 + i1) - 2)][((2 * i2) + 3)] = (i0 % 1009);
          }
          if ((i0 + i1) < N1) {
            A3[((i1 + i2) + 3)] -= (fmax(A3[(i1 + i0)], A4[(i2 + 1)]) + (A3[i2] + A2[0][i2]));
          }
        }
      }
      if (i0 > 1) {
        for (i2 = (i1 + 1); i2 < N0; i2++) {
          float t0 = 0.125;
          A4[i1] = A2[(i1 - 1)][((i0 + i0) - 4)];
          for (i3 = 1; i3 < i2; i3++) {
            if ((i0 % 2) == 0) {
              A1[((i3 + i3) + 2)][(i3 + 1)] += (i0 % 31);
            } else {
              A1[i3][(i1 - 2)] = ((((i0 - A1[((i0 + i0) - 1)][(i2 + 3)]) + (i2 * 6)) + 8) % 1009);
            }
          }
        }
      }
    }
    for (i1 = i0; i1 < N1; i1 += 2) {
      A1[(i0 - 2)][((i1 + i0) - 1)] = (((A1[(i1 + i1)][((i0 + i0) + 3)] - i0) + i0) % 1009);
      for (i2 = (MIN(N3, (i0 + 2)) - 1); i2 >= (i1 + 1); i2--) {
        if (i2 > 1) {
          A0[((2 * i2) - 6)] = A1[(i0 + 1)][(i2 + 2)];
        }
        A4[(i1 - 2)] += ((i1 - 2.0) + A3[((i0 + i0) + 3)]);
      }
    }
  }
  for (i0 = 0; i0 < (N1 - 1); i0++) {
    double t1 = (i0 + ((i0 > 3) ? i0 : i0));
    A1[2][i0] += (i0 % 31);
    for (i1 = 2; i1 < (i0 + 1); i1++) {
      for (i2 = 0; i2 < N1; i2++) {
        if ((i1 % 2) == 0) {
          A4[i1] = ((A2[(i1 + 3)][i1] * (t1 * A0[0])) * (2.0 + (t1 + A2[(i1 + 2)][0])));
        } else {
          A4[(i0 + 3)] = ((t1 + (A0[((2 * i0) + 3)] + 1.25)) - (0.75 * floor(t1)));
        }
      }
      for (i2 = 0; i2 < N0; i2++) {
        A0[(i0 + 2)] += ((A3[(i2 + 2)] + i0) + t1);
        for (i3 = (i2 + 1); i3 < N0; i3++) {
          if (i0 != i2) {
            A0[(2 * i0)] *= 0.5;
          }
        }
      }
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
