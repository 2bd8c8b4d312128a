/* Random program of seed 900098 (11 statements): `polyj optimize` spent more than 60 s in the dependence analysis (the candidate writes of each partial lexicographic maximum passed to the solver in many pieces, whose maximum splits every piece by every other: 8,289 dependence pieces to coalesce; 97 s of CPU before, 60 s with only each source's last writes kept apart, about 9 s with the candidates coalesced first, on a loaded machine) */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 3
#endif
#ifndef N1
#define N1 3
#endif
#ifndef N2
#define N2 4
#endif
#ifndef N3
#define N3 9
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A0[E];
static double A1[E][E];
static double A2[E][E];
static long s0;
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s0 = (long)(next() * 50);
  s1 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N2; i0++) {
    A0[i0] = (i0 * A2[(i0 + 3)][(i0 + 3)]);
  }
  for (i0 = 0; i0 < (N0 - 1); i0++) {
    A1[(i0 + 1)][0] = s1;
    if ((i0 % 2) == 0) {
      for (i1 = 0; i1 < MIN(N1, (i0 + 2)); i1++) {
        float t0 = ((i0 > 1) ? fmax(A2[(2 * i0)][(i1 + 1)], A1[((i0 + i1) + 1)][((i1 + i0) + 3)]) : (A0[(i1 + 1)] + A0[2]));
        for (i2 = 2; i2 < (i0 + 1); i2 += 3) {
          s0 += ((i1 - i1) % 31);
          for (i3 = 1; i3 < N3; i3++) {
            A0[((i0 + i2) - 1)] = (((s1 - 0.125) * fabs(1.25)) * (i3 + 0.75));
          }
        }
      }
    }
  }
#pragma endscop
}
int main(void) {
  volatile int v0 = N0 - 1;
  volatile int v1 = N1 - 0;
  init();
  kernel(v0, v1);
  checksum();
  return 0;
}
