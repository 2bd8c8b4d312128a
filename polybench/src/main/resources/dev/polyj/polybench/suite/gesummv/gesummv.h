/*
 * gesummv.h - dataset sizes and interface of the gesummv kernel.
 *
 * Sum of two scaled matrix-vector products: y := alpha*A*x + beta*B*x.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_GESUMMV_H
#define POLYJ_GESUMMV_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 30
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 90
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 250
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 2800
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 1300
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta,
                    DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE tmp[N],
                    DATA_TYPE x[N], DATA_TYPE y[N]);

#endif /* POLYJ_GESUMMV_H */
