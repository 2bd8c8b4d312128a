/*
 * is - the key counting of a bucket sort (the structure of NAS IS's ranking): how many keys fall
 * in each bucket.
 */
#include "is.h"

static void init_array(int nkeys, int key[NKEYS], int count[MAXKEY])
{
  unsigned long long s = 314159265ULL;
  for (int i = 0; i < nkeys; i++) {
    /* sums of four uniform numbers: roughly Gaussian keys, as NAS IS draws them */
    int k = 0;
    for (int r = 0; r < 4; r++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      k += (int)((s >> 33) % (MAXKEY / 4));
    }
    key[i] = k;
  }
  for (int b = 0; b < MAXKEY; b++)
    count[b] = 0;
}

void kernel_is(int nkeys, int key[NKEYS], int count[MAXKEY])
{
#pragma scop
  for (int i = 0; i < nkeys; i++)
    count[key[i]]++;
#pragma endscop
}

static void print_array(int count[MAXKEY])
{
  polyj_dump_begin("count");
  for (int b = 0; b < MAXKEY; b++)
    polyj_dump_value(count[b]);
  polyj_dump_end("count");
}

int main(int argc, char **argv)
{
  int *key = POLYJ_ALLOC_1D(int, NKEYS);
  int *count = POLYJ_ALLOC_1D(int, MAXKEY);

  init_array(NKEYS, key, count);

  POLYJ_START_TIMER();
  kernel_is(NKEYS, key, count);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(count);

  polyj_free(key);
  polyj_free(count);
  return 0;
}
