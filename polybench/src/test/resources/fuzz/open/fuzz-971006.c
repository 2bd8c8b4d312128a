/* Random program of seed 971006 (reduced from 13 to 13 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 9
#endif
#ifndef N1
#define N1 5
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
static long A0[E][E];
static double A1[E][E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { long *p = (long *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const long *p = (const long *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N1 - 1); i0 += 3) {
    for (i1 = i0; i1 < (N1 - 1); i1++) {
      if ((i1 % 2) == 0) {
        for (i2 = 0; i2 < N0; i2++) {
          A0[((2 * i1) + 3)][(i2 + i0)] = (5 % 1009);
        }
      }
      for (i2 = 1; i2 < N3; i2++) {
        for (i3 = ((N2 - 1) - 1); i3 >= 0; i3 -= 2) {
          if (i0 != i2) {
            A0[(i3 + 3)][((i2 + i3) - 1)] = (((i0 + (i2 + 1)) * 7) % 1009);
          } else {
            A0[((2 * i0) + 3)][(i0 + i3)] += (4 % 31);
          }
        }
        if (i0 > 1) {
          A1[(i1 + 3)][(i1 + 3)] = (((i2 > 2) ? (2.0 + 3.0) : fmax(A0[((2 * i2) - 1)][((2 * i2) + 3)], 0.5)) + 2.0);
        }
      }
    }
    A0[(i0 + 1)][(i0 + 1)] += (((2 - 4) * 8) % 31);
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
