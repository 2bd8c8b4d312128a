/*
 * symm.h - dataset sizes and interface of the symm kernel.
 *
 * Symmetric matrix multiply: C := alpha*A*B + beta*C, A symmetric (lower half stored).
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_SYMM_H
#define POLYJ_SYMM_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef M
#  define M 20
# endif
# ifndef N
#  define N 30
# endif
#elif defined(SMALL_DATASET)
# ifndef M
#  define M 60
# endif
# ifndef N
#  define N 80
# endif
#elif defined(MEDIUM_DATASET)
# ifndef M
#  define M 200
# endif
# ifndef N
#  define N 240
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef M
#  define M 2000
# endif
# ifndef N
#  define N 2600
# endif
#else /* LARGE_DATASET */
# ifndef M
#  define M 1000
# endif
# ifndef N
#  define N 1200
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[M][N], DATA_TYPE A[M][M], DATA_TYPE B[M][N]);

#endif /* POLYJ_SYMM_H */
