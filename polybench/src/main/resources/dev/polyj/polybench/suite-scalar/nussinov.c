/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * nussinov - Nussinov's dynamic programming algorithm for RNA folding.
 * table[i][j] is the largest number of base pairs the subsequence
 * seq[i..j] can form (upper triangle only).
 */
#include "nussinov.h"

/* 1 when two bases are complementary (their codes add up to 3). */
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) (((s1) >= (s2)) ? (s1) : (s2))

static void init_array(int n, base seq[N], DATA_TYPE table[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    seq[i] = (base)((i + 1) % 4);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i][j] = 0;
}

void kernel_nussinov(int n, base seq[N], DATA_TYPE table[N][N])
{
  int i, j, k;
#pragma scop
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      DATA_TYPE t;
      t = table[i][j];
      if (j - 1 >= 0)
        t = max_score(t, table[i][j - 1]);
      if (i + 1 < n)
        t = max_score(t, table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          t = max_score(t, table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          t = max_score(t, table[i + 1][j - 1]);
      }
      for (k = i + 1; k < j; k++)
        t = max_score(t, table[i][k] + table[k + 1][j]);
      table[i][j] = t;
    }
  }
#pragma endscop
}

static void print_array(int n, DATA_TYPE table[N][N])
{
  int i, j;

  polyj_dump_begin("table");
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      polyj_dump_value(table[i][j]);
  polyj_dump_end("table");
}

int main(int argc, char **argv)
{
  int n = N;
  base *seq = POLYJ_ALLOC_1D(base, N);
  DATA_TYPE (*table)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  init_array(n, seq, table);

  POLYJ_START_TIMER();
  kernel_nussinov(n, seq, table);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, table);

  polyj_free(seq);
  polyj_free(table);
  return 0;
}
