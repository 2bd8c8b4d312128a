/* Random program of seed 972054 (reduced from 17 to 17 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
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
#define N2 5
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static long A0[E];
static float A1[E][E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { long *p = (long *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { float *p = (float *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (float)next(); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const long *p = (const long *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const float *p = (const float *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N2; i0++) {
    A1[((2 * i0) + 2)][(i0 + 1)] = (((0.125 + A1[((2 * i0) + 1)][i0]) + s0) + sqrt(fabs(3.0)));
    for (i1 = 0; i1 < i0; i1++) {
      float t0 = (fabs(2.0) * (s0 * 1.25));
      double t1 = (0.5 - i1);
    }
  }
  for (i0 = 0; i0 < N2; i0++) {
    for (i1 = 0; i1 < N2; i1++) {
      for (i2 = 0; i2 < (N2 - 1); i2++) {
        for (i3 = (MIN(N0, (i2 + 2)) - 1); i3 >= 0; i3--) {
          if (i2 > 2) {
            A0[((i3 + i1) + 2)] = (i0 % 1009);
          }
          if (i1 > 3) {
            A1[(i2 + 3)][(i0 + 2)] = s0;
          } else {
            A1[((2 * i0) + 3)][i0] = (((i1 - 1.25) + 3.0) + (i0 + floor(A0[(i1 + i0)])));
          }
        }
        if (i0 < p0) {
          A1[((2 * i0) + 1)][(i0 + i2)] = s0;
        }
      }
    }
    A1[3][2] = s0;
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
