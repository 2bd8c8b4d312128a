/*
 * ep - pairs of uniform numbers turned into Gaussian deviates by the polar method; the deviates'
 * sums and the counts of pairs per annulus (the structure of NAS EP's main loop).
 */
#include <math.h>
#include "ep.h"

static void init_array(int nk, double x[2 * NK], double q[NQ], double sx[1], double sy[1])
{
  unsigned long long s = 271828183ULL;
  for (int i = 0; i < 2 * nk; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    x[i] = ((double)(s >> 11) + 0.5) / 9007199254740992.0;
  }
  for (int k = 0; k < NQ; k++)
    q[k] = 0.0;
  sx[0] = 0.0;
  sy[0] = 0.0;
}

void kernel_ep(int nk, double x[2 * NK], double q[NQ], double sx[1], double sy[1])
{
#pragma scop
  for (int i = 0; i < nk; i++) {
    double x1 = 2.0 * x[2 * i] - 1.0;
    double x2 = 2.0 * x[2 * i + 1] - 1.0;
    double t1 = x1 * x1 + x2 * x2;
    if (t1 <= 1.0) {
      double t2 = sqrt(-2.0 * log(t1) / t1);
      double t3 = x1 * t2;
      double t4 = x2 * t2;
      int l = fmax(fabs(t3), fabs(t4));
      q[l] = q[l] + 1.0;
      sx[0] = sx[0] + t3;
      sy[0] = sy[0] + t4;
    }
  }
#pragma endscop
}

static void print_array(double q[NQ], double sx[1], double sy[1])
{
  polyj_dump_begin("q");
  for (int k = 0; k < NQ; k++)
    polyj_dump_value(q[k]);
  polyj_dump_end("q");
  polyj_dump_begin("s");
  polyj_dump_value(sx[0]);
  polyj_dump_value(sy[0]);
  polyj_dump_end("s");
}

int main(int argc, char **argv)
{
  double *x = POLYJ_ALLOC_1D(double, 2 * NK);
  double *q = POLYJ_ALLOC_1D(double, NQ);
  double *sx = POLYJ_ALLOC_1D(double, 1);
  double *sy = POLYJ_ALLOC_1D(double, 1);

  init_array(NK, x, q, sx, sy);

  POLYJ_START_TIMER();
  kernel_ep(NK, x, q, sx, sy);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(q, sx, sy);

  polyj_free(x);
  polyj_free(q);
  polyj_free(sx);
  polyj_free(sy);
  return 0;
}
