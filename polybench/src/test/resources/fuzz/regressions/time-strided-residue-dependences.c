/* Random program of seed 900370 (18 statements): `polyj optimize` spent more than 60 s in the dependence analysis (the last writes of a statement with strided loops and an `i3 % 2` condition, split by residues, intersected pair by pair; the scalar-privatization pass analysed every array again; the coalescing of the dependences); about 40 s of CPU since on a loaded machine */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 8
#endif
#ifndef N1
#define N1 8
#endif
#ifndef N2
#define N2 4
#endif
#ifndef N3
#define N3 8
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static double A1[E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < (N1 - 1); i0 += 3) {
    if (i0 > 2) {
      for (i1 = 0; i1 < i0; i1++) {
        double t0 = 0.75;
        for (i2 = 0; i2 < (N0 - 1); i2 += 3) {
          for (i3 = (i1 + 1); i3 < N0; i3 += 2) {
            if ((i3 % 2) == 0) {
              A0[(i2 + 2)] = A1[i1];
            }
          }
          for (i3 = (N1 - 1); i3 >= 0; i3 -= 3) {
            A1[i3] = (floor(3.0) + t0);
          }
        }
        A0[i1] = t0;
      }
    }
    for (i1 = (i0 + 1); i1 < N2; i1 += 3) {
      for (i2 = 0; i2 < N1; i2 += 2) {
        for (i3 = (N2 - 1); i3 >= 2; i3--) {
          const double t1 = 0.125;
          if (i3 > 3) {
            A0[(i3 - 1)] = i1;
          }
        }
        A1[(i2 + 2)] = sqrt(fabs(i1));
      }
    }
  }
#pragma endscop
}
int main(void) {
  init();
  kernel();
  checksum();
  return 0;
}
