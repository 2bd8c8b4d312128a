/* Random program of seed 900040 (fuzz campaign), reduced: scalar promotion asked whether a
   guarded access (under `if (i1 % 2 == 0)`: a division in the relation) is a function by a
   composition on the tiled domain, over 60 s of CPU; now answered from the access's equalities. */
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
#define N2 5
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A1[E][E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N1 - 1); i0++) {
    double t0 = 2.0;
    double t1 = (t0 + (i0 + t0));
    for (i1 = 2; i1 < (i0 + 1); i1++) {
      for (i2 = 0; i2 < i0; i2++) {
        for (i3 = 1; i3 < i2; i3++) {
          if ((i1 % 2) == 0) {
            A1[((i0 + i2) + 3)][i3] = i1;
          }
        }
      }
      A1[((i0 + i0) + 1)][i0] -= (0.5 - (i0 + A1[(i0 + 1)][(i0 + 1)]));
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 0;
  volatile int v1 = N1 - 1;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
