/*
 * adi.h - dataset sizes and interface of the adi kernel.
 *
 * Alternating direction implicit solver for 2-D heat diffusion.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_ADI_H
#define POLYJ_ADI_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef TSTEPS
#  define TSTEPS 20
# endif
# ifndef N
#  define N 20
# endif
#elif defined(SMALL_DATASET)
# ifndef TSTEPS
#  define TSTEPS 40
# endif
# ifndef N
#  define N 60
# endif
#elif defined(MEDIUM_DATASET)
# ifndef TSTEPS
#  define TSTEPS 100
# endif
# ifndef N
#  define N 200
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef TSTEPS
#  define TSTEPS 1000
# endif
# ifndef N
#  define N 2000
# endif
#else /* LARGE_DATASET */
# ifndef TSTEPS
#  define TSTEPS 500
# endif
# ifndef N
#  define N 1000
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_adi(int tsteps, int n, DATA_TYPE u[N][N], DATA_TYPE v[N][N],
                DATA_TYPE p[N][N], DATA_TYPE q[N][N]);

#endif /* POLYJ_ADI_H */
