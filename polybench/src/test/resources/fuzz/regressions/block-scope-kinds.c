/* Block-scope declarations of every kind inside a region: float and double temporaries with
   initializers, const, an int, a local array without initializer, names that shadow a variable of
   the function (read again after the region) and names declared twice with different types. */
#include <stdio.h>
#ifndef N0
#define N0 21
#endif
#ifndef N1
#define N1 18
#endif
static float F[N0][N1], G[N0][N1];
static double H[N0][N1];

int main(void) {
  int i, j;
  double t = 3.0;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++) {
      F[i][j] = (float)((i * 7 + j * 3) % 11) / 3.0f;
      G[i][j] = 0;
      H[i][j] = i - j;
    }
#pragma scop
  for (i = 1; i < N0; i++)
    for (j = 0; j < N1; j++) {
      float t = F[i - 1][j] * 0.5f;
      const double c = 2.0;
      int k2 = i + j;
      G[i][j] = t + c + k2;
    }
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++) {
      double w[3];
      w[0] = H[i][j];
      w[1] = w[0] * 2;
      w[2] = w[1] + t;
      H[i][j] = w[2];
    }
  for (i = 0; i < N0; i++) {
    double t = H[i][0];
    H[i][1] += t;
  }
  for (i = 0; i < N0; i++) {
    int t = i * 2;
    H[i][2] += t / 3;
  }
#pragma endscop
  double s = t;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++) s += G[i][j] * (i + 1) + H[i][j] * (j + 2);
  printf("%a\n", s);
  return 0;
}
