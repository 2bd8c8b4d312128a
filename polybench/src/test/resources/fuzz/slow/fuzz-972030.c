/* Random program of seed 972030 (reduced from 17 to 17 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 7
#endif
#ifndef N1
#define N1 7
#endif
#ifndef N2
#define N2 7
#endif
#ifndef N3
#define N3 6
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static int A1[E][E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { int *p = (int *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const int *p = (const int *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N0 - 1); i0++) {
    for (i1 = (N1 - 1); i1 >= 1; i1--) {
      const float t0 = ((A0[((i0 + i0) + 3)] - s0) + (0.75 * i1));
      A0[(i1 + 1)] = ((s0 + A1[((2 * i0) + 3)][i0]) + 2.0);
      for (i2 = 0; i2 < (i1 + 1); i2++) {
        double t1 = A1[((i1 + i0) - 1)][((2 * i0) + 1)];
        for (i3 = 1; i3 < i1; i3++) {
          if (i2 > 1) {
            A1[(2 * i2)][(i0 + 2)] += (((3 - i0) + (i1 + i3)) % 31);
          } else {
            A1[i2][(i0 + 3)] = (i2 % 1009);
          }
          A1[((i0 + i3) + 3)][((i1 + i0) - 1)] += (((A1[(i3 + 1)][(i1 + 3)] - A1[2][(i3 + 3)]) * 2) % 31);
        }
        if ((i2 % 2) == 0) {
          for (i3 = 0; i3 < MIN(N0, (i1 + 2)); i3 += 3) {
            A1[((i0 + i0) + 1)][((i3 + i3) + 1)] = (A1[((2 * i0) + 1)][(i3 + i3)] % 1009);
            if (i3 <= i2) {
              A0[i2] -= s0;
            }
          }
        }
      }
    }
    A1[(i0 + 2)][(i0 + 3)] = (i0 % 1009);
  }
#pragma endscop
}
int main(void) {
  init();
  kernel();
  checksum();
  return 0;
}
