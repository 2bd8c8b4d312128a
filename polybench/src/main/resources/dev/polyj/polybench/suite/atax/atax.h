/*
 * atax.h - dataset sizes and interface of the atax kernel.
 *
 * Matrix transpose times matrix times vector: y := A^T*(A*x).
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_ATAX_H
#define POLYJ_ATAX_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef M
#  define M 38
# endif
# ifndef N
#  define N 42
# endif
#elif defined(SMALL_DATASET)
# ifndef M
#  define M 116
# endif
# ifndef N
#  define N 124
# endif
#elif defined(MEDIUM_DATASET)
# ifndef M
#  define M 390
# endif
# ifndef N
#  define N 410
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef M
#  define M 1800
# endif
# ifndef N
#  define N 2200
# endif
#else /* LARGE_DATASET */
# ifndef M
#  define M 1900
# endif
# ifndef N
#  define N 2100
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_atax(int m, int n, DATA_TYPE A[M][N], DATA_TYPE x[N],
                 DATA_TYPE y[N], DATA_TYPE tmp[M]);

#endif /* POLYJ_ATAX_H */
