/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * 2mm - two chained matrix multiplications.
 *
 *   tmp := alpha * A * B          (ni x nj)
 *   D   := beta * D + tmp * C     (ni x nl)
 */
#include "2mm.h"

static void init_array(int ni, int nj, int nk, int nl,
                       DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)(i * (j + 1) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)(i * (j + 2) % nk) / nk;
}

void kernel_2mm(int ni, int nj, int nk, int nl,
                DATA_TYPE alpha, DATA_TYPE beta,
                DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      DATA_TYPE t;
      t = SCALAR_VAL(0.0);
      for (k = 0; k < nk; ++k)
        t += alpha * A[i][k] * B[k][j];
      tmp[i][j] = t;
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE d;
      d = D[i][j] * beta;
      for (k = 0; k < nj; ++k)
        d += tmp[i][k] * C[k][j];
      D[i][j] = d;
    }
#pragma endscop
}

static void print_array(int ni, int nl, DATA_TYPE D[NI][NL])
{
  int i, j;

  polyj_dump_begin("D");
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      polyj_dump_value(D[i][j]);
  polyj_dump_end("D");
}

int main(int argc, char **argv)
{
  int ni = NI, nj = NJ, nk = NK, nl = NL;
  DATA_TYPE alpha, beta;
  DATA_TYPE (*tmp)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NJ);
  DATA_TYPE (*A)[NK] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NK);
  DATA_TYPE (*B)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NK, NJ);
  DATA_TYPE (*C)[NL] = POLYJ_ALLOC_2D(DATA_TYPE, NJ, NL);
  DATA_TYPE (*D)[NL] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NL);

  init_array(ni, nj, nk, nl, &alpha, &beta, A, B, C, D);

  POLYJ_START_TIMER();
  kernel_2mm(ni, nj, nk, nl, alpha, beta, tmp, A, B, C, D);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(ni, nl, D);

  polyj_free(tmp);
  polyj_free(A);
  polyj_free(B);
  polyj_free(C);
  polyj_free(D);
  return 0;
}
