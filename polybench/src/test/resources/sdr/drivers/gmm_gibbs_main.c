/* Runs gmm_gibbs (original or simplified by `polyj sdr --emit-c`) once at N, K from the command
   line and prints the time and a checksum of the assignments. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

long score(long count, long sum, long x) { return (count * 13 + sum * 5 - x * count) % 997; }
long choose(long total) { return (long) (((unsigned long) total * 2654435761UL >> 7) % 5); }

void gmm_gibbs(int N, int K, long obs[N], long zo[N], long zn[N], long CL[K][N], long CR[K][N],
               long SL[K][N], long SR[K][N], long w[K][N], long t[N]);

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 2000, K = argc > 2 ? atoi(argv[2]) : 10;
  long *obs = malloc(sizeof(long[N])), *zo = malloc(sizeof(long[N])), *zn = malloc(sizeof(long[N]));
  long *t = malloc(sizeof(long[N]));
  long (*CL)[N] = malloc(sizeof(long[K][N])), (*CR)[N] = malloc(sizeof(long[K][N]));
  long (*SL)[N] = malloc(sizeof(long[K][N])), (*SR)[N] = malloc(sizeof(long[K][N]));
  long (*w)[N] = malloc(sizeof(long[K][N]));
  for (int i = 0; i < N; i++) {
    obs[i] = (i * 7919) % 101;
    zo[i] = (i * 31) % 5;
  }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  gmm_gibbs(N, K, obs, zo, zn, CL, CR, SL, SR, w, t);
  clock_gettime(CLOCK_MONOTONIC, &b);
  long sum = 0;
  for (int i = 0; i < N; i++) sum = sum * 31 + zn[i];
  printf("N=%d K=%d time=%.4f s checksum=%ld\n", N, K, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), sum);
  return 0;
}
