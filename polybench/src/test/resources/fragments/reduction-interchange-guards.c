/* Integer maxima and minima that the reductions pass takes by default, where the schedule of all
 * dependences already has parallel loops (so no interchange of reduction loops): a split-point
 * minimum under a modulo guard, and an alignment with gap maxima along a column and a row after a
 * plain assignment of the element, which must stay before every term. */
long D[48][48];
int H[48][48];
int S[48][48];
#pragma scop
for (i = N - 1; i >= 0; i--)
  for (j = i + 2; j < N; j++)
    for (k = i + 1; k < j; k++)
      if (k % 2 == 0)
        D[i][j] = D[i][k] + D[k][j] < D[i][j] ? D[i][k] + D[k][j] : D[i][j];
for (i = 1; i < N; i++)
  for (j = 1; j < N; j++) {
    H[i][j] = H[i - 1][j - 1] + S[i][j];
    for (k = 1; k <= i; k++)
      H[i][j] = H[i][j] >= H[i - k][j] - k ? H[i][j] : H[i - k][j] - k;
    for (l = 1; l <= j; l++)
      H[i][j] = H[i][j] >= H[i][j - l] - l ? H[i][j] : H[i][j - l] - l;
  }
#pragma endscop
