/*
 * doitgen.h - dataset sizes and interface of the doitgen kernel.
 *
 * Multi-resolution analysis kernel (MADNESS): A[r][q] := A[r][q]*C4.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DNP=100.
 */
#ifndef POLYJ_DOITGEN_H
#define POLYJ_DOITGEN_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NQ
#  define NQ 8
# endif
# ifndef NR
#  define NR 10
# endif
# ifndef NP
#  define NP 12
# endif
#elif defined(SMALL_DATASET)
# ifndef NQ
#  define NQ 20
# endif
# ifndef NR
#  define NR 25
# endif
# ifndef NP
#  define NP 30
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NQ
#  define NQ 40
# endif
# ifndef NR
#  define NR 50
# endif
# ifndef NP
#  define NP 60
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NQ
#  define NQ 220
# endif
# ifndef NR
#  define NR 250
# endif
# ifndef NP
#  define NP 270
# endif
#else /* LARGE_DATASET */
# ifndef NQ
#  define NQ 140
# endif
# ifndef NR
#  define NR 150
# endif
# ifndef NP
#  define NP 160
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[NR][NQ][NP],
                    DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP]);

#endif /* POLYJ_DOITGEN_H */
