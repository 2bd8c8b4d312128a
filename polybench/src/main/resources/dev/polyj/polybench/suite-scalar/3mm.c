/*
 * Scalar-promoted variant: the kernel as loop-invariant code motion and value numbering leave it
 * (accumulators and hoisted loads in scalars); it computes bit for bit what the original computes.
 */
/*
 * 3mm - three matrix multiplications.
 *
 *   E := A * B    (ni x nj)
 *   F := C * D    (nj x nl)
 *   G := E * F    (ni x nl)
 */
#include "3mm.h"

static void init_array(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL])
{
  int i, j;

  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / (5 * ni);
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i][j] = (DATA_TYPE)(i * (j + 3) % nl) / (5 * nl);
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % nk) / (5 * nk);
}

void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                DATA_TYPE G[NI][NL])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      DATA_TYPE e;
      e = SCALAR_VAL(0.0);
      for (k = 0; k < nk; ++k)
        e += A[i][k] * B[k][j];
      E[i][j] = e;
    }
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE f;
      f = SCALAR_VAL(0.0);
      for (k = 0; k < nm; ++k)
        f += C[i][k] * D[k][j];
      F[i][j] = f;
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      DATA_TYPE g;
      g = SCALAR_VAL(0.0);
      for (k = 0; k < nj; ++k)
        g += E[i][k] * F[k][j];
      G[i][j] = g;
    }
#pragma endscop
}

static void print_array(int ni, int nl, DATA_TYPE G[NI][NL])
{
  int i, j;

  polyj_dump_begin("G");
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      polyj_dump_value(G[i][j]);
  polyj_dump_end("G");
}

int main(int argc, char **argv)
{
  int ni = NI, nj = NJ, nk = NK, nl = NL, nm = NM;
  DATA_TYPE (*E)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NJ);
  DATA_TYPE (*A)[NK] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NK);
  DATA_TYPE (*B)[NJ] = POLYJ_ALLOC_2D(DATA_TYPE, NK, NJ);
  DATA_TYPE (*F)[NL] = POLYJ_ALLOC_2D(DATA_TYPE, NJ, NL);
  DATA_TYPE (*C)[NM] = POLYJ_ALLOC_2D(DATA_TYPE, NJ, NM);
  DATA_TYPE (*D)[NL] = POLYJ_ALLOC_2D(DATA_TYPE, NM, NL);
  DATA_TYPE (*G)[NL] = POLYJ_ALLOC_2D(DATA_TYPE, NI, NL);

  init_array(ni, nj, nk, nl, nm, A, B, C, D);

  POLYJ_START_TIMER();
  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  POLYJ_STOP_TIMER();
  POLYJ_PRINT_TIMER();

  if (POLYJ_DUMP_WANTED(argc, argv))
    print_array(ni, nl, G);

  polyj_free(E);
  polyj_free(A);
  polyj_free(B);
  polyj_free(F);
  polyj_free(C);
  polyj_free(D);
  polyj_free(G);
  return 0;
}
