/*
 * gemver.h - dataset sizes and interface of the gemver kernel.
 *
 * Rank-2 update followed by two matrix-vector products.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_GEMVER_H
#define POLYJ_GEMVER_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 40
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 120
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 400
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 4000
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 2000
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                   DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                   DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                   DATA_TYPE y[N], DATA_TYPE z[N]);

#endif /* POLYJ_GEMVER_H */
