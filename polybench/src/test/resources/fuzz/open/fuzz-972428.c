/* Random program of seed 972428 (reduced from 21 to 21 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 3
#endif
#ifndef N1
#define N1 8
#endif
#ifndef N2
#define N2 6
#endif
#ifndef N3
#define N3 9
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E][E];
static double A1[E];
static double A2[E][E];
static int A3[E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { int *p = (int *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
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
  { const int *p = (const int *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N2 - 1); i0++) {
    for (i1 = 1; i1 < N0; i1++) {
      for (i2 = 0; i2 < (i1 + 1); i2++) {
        float t0 = i1;
        for (i3 = 0; i3 < MIN(N1, (i0 + 2)); i3 += 3) {
          A3[(i2 + 2)] = (((i0 * 4) * 9) % 1009);
          A3[i1] += (A3[i2] % 31);
        }
        if (i2 <= i1) {
          for (i3 = 0; i3 < MIN(N3, (i1 + 2)); i3++) {
            const double t1 = (0.5 + (A3[(i3 + 2)] * t0));
          }
        }
      }
      A3[(i0 + 2)] = ((A3[(i0 + 3)] * 1) % 1009);
    }
    for (i1 = (i0 + 1); i1 < (i0 + 1); i1++) {
      const float t2 = fabs(0.125);
      A0[((i0 + i1) + 3)][(i1 + i0)] = (((i0 != i0) ? (i1 * t2) : 1.25) * ((A3[i0] + t2) - 0.125));
      A1[((i1 + i1) - 1)] = fabs(A0[((i0 + i1) + 1)][((i0 + i0) + 2)]);
    }
  }
  for (i0 = 2; i0 < (N1 - 1); i0++) {
    if (i0 < p0) {
      A1[i0] = (0.5 * 1.25);
    }
    if (i0 < p0) {
      A1[(i0 - 2)] = (0.75 + (0.75 + A3[(i0 - 2)]));
    } else {
      A2[i0][(i0 - 2)] = 3.0;
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
