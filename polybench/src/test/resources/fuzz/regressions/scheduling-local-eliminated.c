/* Random program of seed 20261174 (fixed-seed batch): under `polyj optimize --disable-pass product-tile-sizes` the region was left unchanged ("row of width 16 wider than 13"): the scheduler's legality check added a row of the dependence polyhedron's width to a piece whose normal form had eliminated a local */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 4
#endif
#ifndef N1
#define N1 5
#endif
#ifndef N2
#define N2 8
#endif
#ifndef N3
#define N3 5
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int A0[E];
static long s0;
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { int *p = (int *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  s0 = (long)(next() * 50);
  s1 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const int *p = (const int *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = ((N2 - 1) - 1); i0 >= 1; i0--) {
    for (i1 = 2; i1 < N0; i1++) {
      for (i2 = 0; i2 < (N1 - 1); i2++) {
        for (i3 = i0; i3 < N2; i3 += 2) {
          double t0 = ((s1 - s1) * A0[(i1 + 1)]);
          if ((i2 + i1) < N0) {
            A0[((i1 + i3) - 3)] = (((i0 - (i3 - 9)) * 0) % 1009);
          }
        }
        s0 += ((2 - (A0[(i1 + 2)] * 6)) % 31);
      }
      for (i2 = ((i1 + 1) - 1); i2 >= 0; i2--) {
        s1 += (A0[i0] - s1);
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
