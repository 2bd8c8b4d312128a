/* Random program of seed 972340 (reduced from 11 to 11 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 5
#endif
#ifndef N1
#define N1 3
#endif
#ifndef N2
#define N2 6
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
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
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
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0) {
  int i0, i1, i2;
#pragma scop
  for (i0 = 1; i0 < N0; i0++) {
    float t0 = ((i0 > 2) ? (A0[(i0 + 3)][(i0 - 1)] * s0) : (0.125 - 0.125));
    A1[(i0 - 1)][(i0 - 1)] = fabs(0.5);
  }
  for (i0 = 1; i0 < N2; i0 += 3) {
    if (i0 > 2) {
      for (i1 = 0; i1 < MIN(N3, (i0 + 2)); i1++) {
        double t1 = (A0[1][((i1 + i1) + 1)] + 3.0);
        if ((i1 % 2) == 0) {
          for (i2 = 2; i2 < (i0 + 1); i2++) {
            A0[i1][((2 * i2) + 2)] = sqrt(fabs(s0));
          }
        }
        A0[i0][(i0 + 3)] = fabs(((2.0 - A0[(i1 + i1)][i1]) * (0.75 + i1)));
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 1;
  init();
  kernel(v0);
  checksum();
  return 0;
}
