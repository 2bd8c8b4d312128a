/* Random program of seed 900105 (fuzz campaign), reduced: a float temporary defined by a double
   element (`float t0 = A2[i0 + 1]; A3[i0 + 2] = t0;`) was forwarded by delicm without its
   rounding to float; the forwarded value is now cast to the temporary's type. */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 7
#endif
#ifndef N1
#define N1 9
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
static double A2[E];
static double A3[E];
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { double *p = (double *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (double)next(); }
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const double *p = (const double *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
}
static void kernel(int p0, int p1) {
  int i0;
#pragma scop
  for (i0 = 0; i0 < p1; i0++) {
    float t0 = A2[(i0 + 1)];
    A3[(i0 + 2)] = t0;
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
