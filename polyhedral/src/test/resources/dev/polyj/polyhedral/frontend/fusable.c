void kernel_fusable(int n, int m, double A[20][25], double B[20][25], double C[20][25])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = 2.0 * A[i][j];
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      C[i][j] = B[i][j] + A[i][j];
#pragma endscop
}
