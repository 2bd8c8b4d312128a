/* Suffix maxima computed with i counting up. max has no inverse: the only valid reuse vector is
   [-1, 0] (B[i] from B[i + 1]), against the schedule the heuristic is given (i upwards); the exact
   search finds the schedule running i downwards (Section 6.3 of the SDR paper). */
void suffix_max(int N, long A[N], long B[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    B[i] = A[i];
    for (j = i + 1; j < N; j++)
      B[i] = max(B[i], A[j]);
  }
#pragma endscop
}
