/*
 * kmeans - the update step of k-means clustering (the structure of Rodinia kmeans): each
 * point's features added to its cluster's sums and the cluster's member count incremented;
 * features are fixed-point integers.
 */
#include "kmeans.h"

static void init_array(int npoints, int nfeat, int member[NPOINTS], int feat[NPOINTS][NFEAT],
    int count[NCLUST], int sums[NCLUST][NFEAT])
{
  unsigned long long s = 141421356ULL;
  for (int i = 0; i < npoints; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    member[i] = (int)((s >> 33) % NCLUST);
    for (int f = 0; f < nfeat; f++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      feat[i][f] = (int)((s >> 33) % 1000);
    }
  }
  for (int c = 0; c < NCLUST; c++) {
    count[c] = 0;
    for (int f = 0; f < nfeat; f++)
      sums[c][f] = 0;
  }
}

void kernel_kmeans(int npoints, int nfeat, int member[NPOINTS], int feat[NPOINTS][NFEAT],
    int count[NCLUST], int sums[NCLUST][NFEAT])
{
#pragma scop
  for (int i = 0; i < npoints; i++) {
    int c = member[i];
    count[c] += 1;
    for (int f = 0; f < nfeat; f++)
      sums[c][f] += feat[i][f];
  }
#pragma endscop
}

static void print_array(int nfeat, int count[NCLUST], int sums[NCLUST][NFEAT])
{
  polyj_dump_begin("count");
  for (int c = 0; c < NCLUST; c++)
    polyj_dump_value(count[c]);
  polyj_dump_end("count");
  polyj_dump_begin("sums");
  for (int c = 0; c < NCLUST; c++)
    for (int f = 0; f < nfeat; f++)
      polyj_dump_value(sums[c][f]);
  polyj_dump_end("sums");
}

int main(int argc, char **argv)
{
  int *member = POLYJ_ALLOC_1D(int, NPOINTS);
  int (*feat)[NFEAT] = POLYJ_ALLOC_2D(int, NPOINTS, NFEAT);
  int *count = POLYJ_ALLOC_1D(int, NCLUST);
  int (*sums)[NFEAT] = POLYJ_ALLOC_2D(int, NCLUST, NFEAT);

  init_array(NPOINTS, NFEAT, member, feat, count, sums);

  POLYJ_START_TIMER();
  kernel_kmeans(NPOINTS, NFEAT, member, feat, count, sums);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(NFEAT, count, sums);

  polyj_free(member);
  polyj_free(feat);
  polyj_free(count);
  polyj_free(sums);
  return 0;
}
