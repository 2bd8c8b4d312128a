/*
 * histo - the histogram of an image's values (the structure of Parboil histo, without its
 * saturation).
 */
#include "histo.h"

static void init_array(int h, int w, int img[H][W], int hist[NBINS])
{
  unsigned long long s = 161803398ULL;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      /* a skewed distribution: many small values */
      int v = (int)((s >> 33) % NBINS);
      img[i][j] = (v * v) / NBINS;
    }
  for (int b = 0; b < NBINS; b++)
    hist[b] = 0;
}

void kernel_histo(int h, int w, int img[H][W], int hist[NBINS])
{
#pragma scop
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[img[i][j]] += 1;
#pragma endscop
}

static void print_array(int hist[NBINS])
{
  polyj_dump_begin("hist");
  for (int b = 0; b < NBINS; b++)
    polyj_dump_value(hist[b]);
  polyj_dump_end("hist");
}

int main(int argc, char **argv)
{
  int (*img)[W] = POLYJ_ALLOC_2D(int, H, W);
  int *hist = POLYJ_ALLOC_1D(int, NBINS);

  init_array(H, W, img, hist);

  POLYJ_START_TIMER();
  kernel_histo(H, W, img, hist);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(hist);

  polyj_free(img);
  polyj_free(hist);
  return 0;
}
