/*
 * tpacf - pairs of points on the unit sphere binned by the angle between them (the structure
 * of Parboil tpacf): each pair's dot product is placed among decreasing bin boundaries and the
 * pair counted in its bin.
 */
#include <math.h>
#include "tpacf.h"

static void init_array(int np, double px[NP], double py[NP], double pz[NP], double bound[NB],
    long hist[NB + 1])
{
  unsigned long long s = 577215664ULL;
  for (int i = 0; i < np; i++) {
    double v[3];
    for (int d = 0; d < 3; d++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      v[d] = (double)(s >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    }
    double r = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + 1e-12;
    px[i] = v[0] / r;
    py[i] = v[1] / r;
    pz[i] = v[2] / r;
  }
  for (int b = 0; b < NB; b++)
    bound[b] = cos((b + 1) * 3.14159265358979 / (NB + 1));
  for (int b = 0; b <= NB; b++)
    hist[b] = 0;
}

void kernel_tpacf(int np, double px[NP], double py[NP], double pz[NP], double bound[NB],
    long hist[NB + 1])
{
#pragma scop
  for (int i = 0; i < np; i++)
    for (int j = i + 1; j < np; j++) {
      double dot = px[i] * px[j] + py[i] * py[j] + pz[i] * pz[j];
      int k = 0;
      for (int b = 0; b < NB; b++)
        if (dot < bound[b])
          k = b + 1;
      hist[k] += 1;
    }
#pragma endscop
}

static void print_array(long hist[NB + 1])
{
  polyj_dump_begin("hist");
  for (int b = 0; b <= NB; b++)
    polyj_dump_value(hist[b]);
  polyj_dump_end("hist");
}

int main(int argc, char **argv)
{
  double *px = POLYJ_ALLOC_1D(double, NP);
  double *py = POLYJ_ALLOC_1D(double, NP);
  double *pz = POLYJ_ALLOC_1D(double, NP);
  double *bound = POLYJ_ALLOC_1D(double, NB);
  long *hist = POLYJ_ALLOC_1D(long, NB + 1);

  init_array(NP, px, py, pz, bound, hist);

  POLYJ_START_TIMER();
  kernel_tpacf(NP, px, py, pz, bound, hist);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(hist);

  polyj_free(px);
  polyj_free(py);
  polyj_free(pz);
  polyj_free(bound);
  polyj_free(hist);
  return 0;
}
