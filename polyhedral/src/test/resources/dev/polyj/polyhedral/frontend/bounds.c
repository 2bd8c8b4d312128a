/* min/max, floord/ceild, C division, strides, decreasing loops, conditions */
int min(int a, int b);
int max(int a, int b);
int floord(int a, int b);
int ceild(int a, int b);

void kernel_bounds(int n, int m, double A[50][50], double B[50], double x)
{
  int i, j;
#pragma scop
  for (i = 1; i < n; i += 3)
    for (j = max(0, i - 2); j <= min(n - 1, i + 2); j++)
      A[i][j] = A[j][i] + x;
  for (i = floord(n, 2); i <= ceild(3 * m + 1, 4); i++)
    B[i] = B[i + 1];
  for (i = 0; i < n / 2 + (m - 1) / 3; i++)
    if (i % 3 == 1 || (i > m && !(i == 4)))
      B[2 * i + 1] = B[i] * 2;
  for (i = n - 1; i >= m; i--)
    for (j = i; j > i - 3 && j >= 0; j -= 2)
      A[i][j] = A[i][n - 1 - j];
  for (i = 0; i <= n; i++)
    if (i >= m && i <= 2 * m)
      B[i < m + 1 ? i : m + 1] = x;
    else
      B[i] = B[i] - x;
#pragma endscop
}
