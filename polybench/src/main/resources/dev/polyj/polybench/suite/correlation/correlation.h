/*
 * correlation.h - dataset sizes and interface of the correlation kernel.
 *
 * Pearson correlation matrix of N observations of M variables.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_CORRELATION_H
#define POLYJ_CORRELATION_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef M
#  define M 28
# endif
# ifndef N
#  define N 32
# endif
#elif defined(SMALL_DATASET)
# ifndef M
#  define M 80
# endif
# ifndef N
#  define N 100
# endif
#elif defined(MEDIUM_DATASET)
# ifndef M
#  define M 240
# endif
# ifndef N
#  define N 260
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef M
#  define M 2600
# endif
# ifndef N
#  define N 3000
# endif
#else /* LARGE_DATASET */
# ifndef M
#  define M 1200
# endif
# ifndef N
#  define N 1400
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_correlation(int m, int n, DATA_TYPE float_n,
                        DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                        DATA_TYPE mean[M], DATA_TYPE stddev[M]);

#endif /* POLYJ_CORRELATION_H */
