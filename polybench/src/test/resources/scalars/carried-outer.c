/* x flows from one iteration of t to the next (not expandable along t); y is private to each t. */
#pragma scop
for (t = 0; t < T; t++) {
  for (i = 0; i < N; i++)
    if (t >= 1)
      B[i][t] = x * A[i][t];
  for (i = 0; i < N; i++) {
    y = A[i][t] + 1.0;
    x = y * 0.5;
  }
  C[t] = y;
}
#pragma endscop
