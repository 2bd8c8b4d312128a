/* Random program of seed 900328 (16 statements): `polyj optimize` spent more than 60 s in the dependence analysis (the candidate writes of each partial lexicographic maximum passed to the solver in many pieces, whose maximum splits every piece by every other; 93 s of CPU before, about 5 s with the candidates coalesced first, on a loaded machine) */
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
#define N3 5
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static float A1[E][E];
static double s0;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { float *p = (float *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (float)next(); }
  s0 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const float *p = (const float *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2;
#pragma scop
  for (i0 = 0; i0 < (N0 - 1); i0 += 3) {
    const double t0 = ((s0 * i0) + floor(i0));
    for (i1 = 0; i1 < N1; i1++) {
      const double t1 = i0;
      if ((i1 % 2) == 0) {
        for (i2 = 2; i2 < i0; i2++) {
          const float t2 = ((i1 + 2.0) * s0);
          A1[((i2 + i1) + 1)][(i1 + 3)] = (((t0 - A1[i0][i0]) + 3.0) + (i0 / (1.5 + fabs((i0 - s0)))));
        }
      } else {
        A0[i1] = i0;
      }
    }
    if ((i0 % 2) == 0) {
      for (i1 = 2; i1 < MIN(N3, (i0 + 2)); i1 += 3) {
        if (i1 != i0) {
          A1[(i1 + 2)][(i1 - 2)] = ((i1 < p0) ? t0 : 0.5);
        } else {
          A1[(i0 + 1)][(i1 - 1)] = i0;
        }
      }
    }
  }
  for (i0 = 0; i0 < (N3 - 1); i0++) {
    A0[i0] = ((i0 > 2) ? ((3.0 + A0[(i0 + 3)]) - (i0 * 0.75)) : ((s0 * s0) - 0.75));
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
