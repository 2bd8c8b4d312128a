/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * gemm - C := alpha * A * B + beta * C.
 */
#include "gemm.h"

static void init_array(int ni, int nj, int nk,
                       DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK],
                       DATA_TYPE B[NK][NJ])
{
  int i, j;

  *alpha = SCALAR_VAL(1.5);
  *beta = SCALAR_VAL(1.2);
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)(i * (j + 1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)(i * (j + 2) % nj) / nj;
}

void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      DATA_TYPE c;
      c = C[i][j] * beta;
      for (k = 0; k < nk; k++)
        c += alpha * A[i][k] * B[k][j];
      C[i][j] = c;
    }
#pragma endscop
}

static void print_array(int ni, int nj, DATA_TYPE C[NI][NJ])
{
  int i, j;

  polyj_dump_begin("C");
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      polyj_dump_value(C[i][j]);
  polyj_dump_end("C");
}

int main(int argc, char **argv)
{
  int ni = NI, nj = NJ, nk = NK;
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NJ);
  DATA_TYPE (*A)[NK] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NK);
  DATA_TYPE (*B)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NK, NJ);

  init_array(ni, nj, nk, &alpha, &beta, C, A, B);

  POLYJ_START_TIMER();
  kernel_gemm(ni, nj, nk, alpha, beta, C, A, B);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(ni, nj, C);

  polyj_free(C);
  polyj_free(A);
  polyj_free(B);
  return 0;
}
