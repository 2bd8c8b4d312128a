/* Listing 1 of the SDR paper: the naive prefix sum. */
void prefix_sum(int N, long A[N], long B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = 0;
    for (j = 0; j <= i; j++)
      B[i] += A[j];
  }
#pragma endscop
}
