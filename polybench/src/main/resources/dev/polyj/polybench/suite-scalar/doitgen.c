/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * doitgen - kernel of the multi-resolution analysis code MADNESS: every
 * row A[r][q][*] of a 3-D tensor is multiplied by the np x np matrix C4.
 */
#include "doitgen.h"

static void init_array(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP],
                       DATA_TYPE C4[NP][NP])
{
  int i, j, k;

  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[i][j][k] = (DATA_TYPE)((i * j + k) % np) / np;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i][j] = (DATA_TYPE)(i * j % np) / np;
}

void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP],
                    DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP])
{
  int r, q, p, s;
#pragma scop
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        DATA_TYPE acc;
        acc = SCALAR_VAL(0.0);
        for (s = 0; s < np; s++)
          acc += A[r][q][s] * C4[s][p];
        sum[p] = acc;
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

static void print_array(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP])
{
  int i, j, k;

  polyj_dump_begin("A");
  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        polyj_dump_value(A[i][j][k]);
  polyj_dump_end("A");
}

int main(int argc, char **argv)
{
  int nr = NR, nq = NQ, np = NP;
  DATA_TYPE (*A)[NQ][NP] = POLYJ_ALLOC_3D(DATA_TYPE, NR, NQ, NP);
  DATA_TYPE *sum = POLYJ_ALLOC_1D(DATA_TYPE, NP);
  DATA_TYPE (*C4)[NP] = POLYJ_ALLOC_2D(DATA_TYPE, NP, NP);

  init_array(nr, nq, np, A, C4);

  POLYJ_START_TIMER();
  kernel_doitgen(nr, nq, np, A, C4, sum);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(nr, nq, np, A);

  polyj_free(A);
  polyj_free(sum);
  polyj_free(C4);
  return 0;
}
