/* Random program of seed 960077 (reduced from 15 to 15 statements): OPTIMIZE_TIMEOUT under `polyj optimize --reassociate`: no result after 60 s */
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
#define N2 5
#endif
#ifndef N3
#define N3 9
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static double A2[E][E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < p0; i0++) {
    double t0 = ((0.5 - 2.0) * (2.0 + i0));
    A2[(i0 + 3)][0] += ((3.0 + i0) + (t0 + A0[i0]));
  }
  for (i0 = 0; i0 < (N0 - 1); i0 += 3) {
    const double t1 = i0;
    A2[1][(i0 + 1)] -= ((t1 - i0) + A2[0][(i0 + 3)]);
    if ((i0 % 2) == 0) {
      for (i1 = (MIN(N2, (i0 + 2)) - 1); i1 >= 0; i1--) {
        for (i2 = 0; i2 < MIN(N1, (i1 + 2)); i2++) {
          double t2 = A0[(i1 + 1)];
          for (i3 = 1; i3 < N0; i3++) {
            if (i3 > 1) {
              A2[(i3 + 3)][(i2 + 2)] = 0.5;
            } else {
              A0[((2 * i1) + 2)] = t1;
            }
          }
        }
        A2[((i0 + i1) + 2)][(i1 + 3)] = (((i0 + i1) * i0) + (1.25 + A0[((i1 + i1) + 2)]));
      }
    }
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
