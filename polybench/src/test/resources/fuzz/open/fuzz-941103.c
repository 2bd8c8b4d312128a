/* Random program of seed 941103 (reduced from 22 to 22 statements): OPTIMIZE_TIMEOUT under `polyj optimize `: no result after 60 s */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 3
#endif
#ifndef N1
#define N1 6
#endif
#ifndef N2
#define N2 3
#endif
#ifndef N3
#define N3 5
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int A0[E];
static double A2[E][E];
static float A3[E][E];
static long s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { int *p = (int *)A0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  { double *p = (double *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (double)next(); }
  { float *p = (float *)A3; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) p[k] = (float)next(); }
  s1 = (long)(next() * 50);
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const int *p = (const int *)A0; double a = 0; for (long k = 0; k < (long)sizeof A0 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A0", A0, sizeof A0, a); }
  { const double *p = (const double *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const float *p = (const float *)A3; double a = 0; for (long k = 0; k < (long)sizeof A3 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A3", A3, sizeof A3, a); }
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(int p0, int p1) {
  int i0, i1, i2, i3;
#pragma scop
  for (i0 = 0; i0 < p0; i0++) {
    if ((i0 % 2) == 0) {
      for (i1 = 0; i1 < N2; i1++) {
        for (i2 = 1; i2 < N2; i2++) {
          for (i3 = ((i0 + 1) - 1); i3 >= 0; i3--) {
            double t0 = 0.5;
            if (i2 != i0) {
              s1 += (3 % 31);
            } else {
              A0[(i1 + 3)] = ((i3 - A0[(i0 + 2)]) % 1009);
            }
            A3[(i2 - 1)][(i3 + 2)] = (A0[(i0 + 2)] * (fmax(0.5, A3[i2][(i3 + 1)]) + i0));
          }
          for (i3 = 1; i3 < N2; i3 += 3) {
            A3[(i0 + 1)][((i3 + i1) + 1)] = (((A2[(i1 + 1)][((2 * i2) + 3)] + i2) - (0.75 + 1.25)) * i0);
            if ((i3 % 2) == 0) {
              A3[(i0 + i1)][(i3 + 2)] = (((3.0 / (1.5 + fabs(1.25))) - (i2 - 0.125)) - 0.125);
            } else {
              A2[2][(i1 + 1)] *= 1.0;
            }
          }
        }
        for (i2 = 0; i2 < (i1 + 1); i2++) {
          A2[(i0 + 2)][((i0 + i1) + 2)] = ((i1 - (0.5 / (1.5 + fabs(i1)))) + ((0.5 * i0) * A3[((i1 + i0) + 3)][((i0 + i0) + 3)]));
          for (i3 = 2; i3 < N0; i3++) {
            double t1 = 0.125;
            if (i2 != i2) {
              s1 += ((0 * 9) % 31);
            }
          }
        }
      }
    } else {
      A2[(i0 + 3)][(i0 + 2)] = (i0 * ((A2[(i0 + 3)][((2 * i0) + 1)] + 1.25) * ((i0 > 2) ? A3[(i0 + 2)][(i0 + 1)] : 0.5)));
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
