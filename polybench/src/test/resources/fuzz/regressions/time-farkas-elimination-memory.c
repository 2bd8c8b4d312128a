/* Random program of seed 930235 (fuzz campaign, 25 statements), reduced: `polyj optimize` ran out
   of memory in the scheduler. The Farkas multipliers of a dependence (strided i2 under a descending
   i1, `if (i0 < p0)`) were projected out by plain Fourier-Motzkin: 102 rows, then 635, 37,369 and
   319,508. Redundant rows are now removed (exact rational tests) before any step that would combine
   more than 256 pairs; the 635 rows hold 21 irredundant ones. About 8 s of CPU since: default
   configuration only. */
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
#define N2 3
#endif
#ifndef N3
#define N3 6
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static long A1[E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { long *p = (long *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (long)(next() * 50); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const long *p = (const long *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N0; i0++) {
    for (i1 = (N0 - 1); i1 >= 0; i1--) {
      if (i0 < p0) {
        for (i2 = 1; i2 < i1; i2 += 3) {
          for (i3 = 1; i3 < (i1 + 1); i3++) {
            A1[((i3 + i2) + 1)] = 3;
                      }
          A1[(i1 + 3)] = 5;
        }
      }
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
