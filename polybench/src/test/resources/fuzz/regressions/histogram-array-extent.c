/* Reduced from the random program of seed 972057 (fuzz campaign): a parallel reduction into a
   global array declared with size macros, compiled with other values of the macros than the ones
   read (-DN0=5 ...). The reduction clause named an array section of the extent read
   (`reduction(+:A2[0:68])`, above the compiled extent: gcc rejects it) and the per-thread copies of
   a large histogram were sized by it (out of bounds when compiled smaller). An array object is now
   reduced whole (`reduction(+:A2)`) and its copies are sized with sizeof. */
#include <stdio.h>
#include <string.h>
#include <math.h>
#ifndef N0
#define N0 9
#endif
#ifndef N1
#define N1 8
#endif
#ifndef N2
#define N2 6
#endif
#ifndef N3
#define N3 9
#endif
#define E (2 * (N0 + N1 + N2 + N3) + 4)
static int A2[E];
static int H[E * 300];
static int B[E][E];
static long s1;
static unsigned long long seed = 88172645463325252ULL;
static double next(void) { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return (double)(seed % 2001) / 1000.0 - 1.0; }
static void init(void) {
  { int *p = (int *)A2; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  { int *p = (int *)H; for (long k = 0; k < (long)sizeof H / (long)sizeof *p; k++) p[k] = (int)(next() * 50); }
  { int *p = (int *)B; for (long k = 0; k < (long)sizeof B / (long)sizeof *p; k++) p[k] = (int)((next() + 1.0) * 1000.0) % E; }
  s1 = (long)(next() * 50);
}
static void show(const char *name, const void *data, long bytes, double asum) {
  const unsigned char *b = (const unsigned char *)data; unsigned long long h = 1469598103934665603ULL;
  for (long k = 0; k < bytes; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%s %.10e bits=%016llx\n", name, asum, h);
}
static void checksum(void) {
  { const int *p = (const int *)A2; double a = 0; for (long k = 0; k < (long)sizeof A2 / (long)sizeof *p; k++) a += fabs((double)p[k]); show("A2", A2, sizeof A2, a); }
  { const int *p = (const int *)H; double a = 0; for (long k = 0; k < (long)sizeof H / (long)sizeof *p; k++) a += fabs((double)p[k]); show("H", H, sizeof H, a); }
  show("s1", &s1, sizeof s1, fabs((double)s1));
}
static void kernel(void) {
  int i0, i1;
#pragma scop
  for (i0 = 2; i0 < (N3 - 1); i0++) {
    s1 = 1;
    for (i1 = (i0 + 1); i1 < (i0 + 1); i1++) {
      A2[(i0 + 1)] += 1;
    }
  }
#pragma endscop
}
static void histogram(void) {
  int i0, i1;
#pragma scop
  for (i0 = 0; i0 < 2 * N0; i0++)
    for (i1 = 0; i1 < N1; i1++)
      H[B[i0][i1] * 300 + i1] += i0 + 1;
#pragma endscop
}
int main(void) {
  init();
  kernel();
  histogram();
  checksum();
  return 0;
}
