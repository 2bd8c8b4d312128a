/* Random program of seed 900045 (22 statements): `polyj optimize` spent more than 60 s in code generation, deciding which guards of the statements the loops already imply (each test solved the same equalities again); about 9 s of CPU since */
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
#define N2 9
#endif
#ifndef N3
#define N3 9
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A1[E];
static double A3[E][E];
static double A4[E][E];
static double s0;
static double s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A1; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A4; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) p[k] = (double)next(); }
  s0 = (double)next();
  s1 = (double)next();
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A1; double a = 0; for (long k = 0; k < (long)sizeof A1 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A1", A1, sizeof A1, a); }
  { const double *p = (const double *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  { const double *p = (const double *)A4; double a = 0; for (long k = 0; k < (long)sizeof A4 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A4", A4, sizeof A4, a); }
  show("s0", &s0, sizeof s0, fabs((double)s0));
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(void) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < N0; i0++) {
    double t0 = A1[(i0 + 1)];
    for (i1 = 0; i1 < (i0 + 1); i1++) {
      const float t1 = ((i1 + A3[(i0 + 2)][(i1 + 2)]) + 0.5);
      for (i2 = (i1 + 1); i2 < i1; i2++) {
        double t2 = sqrt(fabs((t0 * i1)));
        A3[(i1 + 2)][2] += 0.5;
        for (i3 = 0; i3 < (i2 + 1); i3++) {
          const double t3 = A1[(i3 + 2)];
          A4[(i2 + 2)][((i2 + i2) - 1)] -= sqrt(fabs(s1));
        }
      }
      for (i2 = 0; i2 < N1; i2++) {
        for (i3 = i2; i3 < N3; i3++) {
          if (i1 > 3) {
            A1[(i0 + 2)] = A1[(i1 + 1)];
          }
          if (i1 <= i1) {
            A3[((i1 + i2) + 2)][(i1 + 3)] += (floor(1.25) * (((i2 + i2) < N1) ? i3 : i3));
          }
        }
      }
    }
    for (i1 = 2; i1 < N3; i1 += 2) {
      A1[(i1 - 2)] += 0.75;
      for (i2 = 0; i2 < N0; i2++) {
        s0 += (i1 * (i0 + A4[(i2 + i2)][i2]));
      }
    }
  }
  for (i0 = 0; i0 < N2; i0++) {
    A1[1] *= 0.75;
  }
#pragma endscop
}
int main(void) {
  init();
  kernel();
  checksum();
  return 0;
}
