/* Random program of seed 961347 (reduced from 21 to 21 statements): OPTIMIZE_TIMEOUT under `polyj optimize --reassociate`: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 4
#endif
#ifndef N1
#define N1 9
#endif
#ifndef N2
#define N2 8
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static float A0[E];
static double A1[E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { float *p = (float *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (float)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const float *p = (const float *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N0 - 1); i0 += 3) {
    s0 += (0.5 + s0);
    if (i0 < p0) {
      for (i1 = 0; i1 < i0; i1++) {
        for (i2 = 1; i2 < (i0 + 1); i2++) {
          for (i3 = 0; i3 < p0; i3++) {
            A0[(i1 + 1)] = floor(s0);
            s0 += ((s0 - i3) + (i0 + i3));
          }
        }
        for (i2 = 0; i2 < MIN(N2, (i0 + 2)); i2 += 3) {
          for (i3 = 0; i3 < N2; i3++) {
            const double t0 = ((i1 + A1[(i1 + 1)]) - fabs(0.125));
            if ((i3 + i2) < N1) {
              A0[(i0 + 1)] = (i1 + ((2.0 - t0) + s0));
            }
          }
        }
      }
    }
  }
  for (i0 = 0; i0 < (N3 - 1); i0++) {
    double t1 = floor(i0);
    for (i1 = 0; i1 < N3; i1++) {
      for (i2 = 2; i2 < i1; i2++) {
        for (i3 = i0; i3 < N1; i3++) {
          double t2 = i2;
          if ((i3 % 2) == 0) {
            A0[(i0 + 1)] += i1;
          }
        }
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 0;
  volatile int v1 = N1 - 0;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
