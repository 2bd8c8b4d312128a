/* Interval programs whose maxima (minima) over a split point walk a column, in integers: a
 * sequence alignment (the statements of PolyBench's nussinov) and a matrix chain of minima. Their
 * reductions run with the split point outside and the column index innermost. */
int seq[64];
int table[64][64];
long cost[64][64];
long w[64][64];
#pragma scop
for (i = N - 1; i >= 0; i--) {
  for (j = i + 1; j < N; j++) {
    if (j - 1 >= 0)
      table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
    if (i + 1 < N)
      table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];
    if (j - 1 >= 0 && i + 1 < N) {
      if (i < j - 1)
        table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0)
            ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);
      else
        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
    }
    for (k = i + 1; k < j; k++)
      table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
  }
}
for (i = N - 1; i >= 0; i--)
  for (j = i + 1; j < N; j++)
    for (k = i; k < j; k++)
      cost[i][j] = cost[i][k] + cost[k + 1][j] + w[i][j] < cost[i][j] ? cost[i][k] + cost[k + 1][j] + w[i][j] : cost[i][j];
#pragma endscop
