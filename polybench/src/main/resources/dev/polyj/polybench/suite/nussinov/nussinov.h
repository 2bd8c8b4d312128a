/*
 * nussinov.h - dataset sizes and interface of the nussinov kernel.
 *
 * Nussinov RNA folding: maximal number of base pairs, dynamic programming.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_NUSSINOV_H
#define POLYJ_NUSSINOV_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 60
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 180
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 500
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 5500
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 2500
# endif
#endif

/* Integer algorithm: the element type defaults to int. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_INT
#endif

#include "polyj_bench.h"

/* RNA bases A, C, G, U encoded as 0..3. */
typedef char base;

void kernel_nussinov(int n, base seq[N], DATA_TYPE table[N][N]);

#endif /* POLYJ_NUSSINOV_H */
