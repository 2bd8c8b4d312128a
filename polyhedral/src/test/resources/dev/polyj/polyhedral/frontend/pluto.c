#include <math.h>
#define N 100
#define min(x,y) ((x) < (y) ? (x) : (y))
#define max(x,y) ((x) > (y) ? (x) : (y))
#define floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
#define ceild(n,d) (((n)<0) ? -((-(n))/(d)) : ((n)+(d)-1)/(d))

double a[N][N], b[N];
int n, t1;

void tiled(void)
{
  int t2, t3;
#pragma scop
  for (t1 = 0; t1 <= floord(n - 1, 4); t1++)
    for (t2 = max(1, 4 * t1); t2 <= min(n - 1, 4 * t1 + 3); t2++) {
      b[t2] = sqrt(b[t2]);
      for (t3 = ceild(t2, 2); t3 <= t2; t3++)
        a[t2][t3] = a[t2 - 1][t3] + b[t3];
    }
#pragma endscop
}
