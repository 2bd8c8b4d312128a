/*
 * floyd-warshall - all-pairs shortest path lengths in a dense weighted
 * directed graph; path[i][j] is the weight of the edge i -> j on entry and
 * the length of the shortest path from i to j on exit.
 */
#include "floyd-warshall.h"

static void init_array(int n, DATA_TYPE path[N][N])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      /* Some pairs get a prohibitive weight ("no edge"). */
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
}

void kernel_floyd_warshall(int n, DATA_TYPE path[N][N])
{
  int i, j, k;

#pragma scop
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
#pragma endscop
}

static void print_array(int n, DATA_TYPE path[N][N])
{
  int i, j;

  polyj_dump_begin("path");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      polyj_dump_value(path[i][j]);
  polyj_dump_end("path");
}

int main(int argc, char **argv)
{
  int n = N;
  DATA_TYPE (*path)[N] = POLYJ_ALLOC_2D(DATA_TYPE, N, N);

  init_array(n, path);

  POLYJ_START_TIMER();
  kernel_floyd_warshall(n, path);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(n, path);

  polyj_free(path);
  return 0;
}
