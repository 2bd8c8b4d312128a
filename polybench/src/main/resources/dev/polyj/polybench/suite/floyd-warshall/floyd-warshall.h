/*
 * floyd-warshall.h - dataset sizes and interface of the floyd-warshall kernel.
 *
 * All-pairs shortest paths (Floyd-Warshall).
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_FLOYD_WARSHALL_H
#define POLYJ_FLOYD_WARSHALL_H

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
#  define N 5600
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 2800
# endif
#endif

/* Integer algorithm: the element type defaults to int. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_INT
#endif

#include "polyj_bench.h"

void kernel_floyd_warshall(int n, DATA_TYPE path[N][N]);

#endif /* POLYJ_FLOYD_WARSHALL_H */
