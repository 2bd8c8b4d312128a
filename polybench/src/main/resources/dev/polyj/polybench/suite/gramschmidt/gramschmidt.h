/*
 * gramschmidt.h - dataset sizes and interface of the gramschmidt kernel.
 *
 * QR decomposition by the modified Gram-Schmidt process.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DN=100.
 */
#ifndef POLYJ_GRAMSCHMIDT_H
#define POLYJ_GRAMSCHMIDT_H

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

void kernel_gramschmidt(int m, int n, DATA_TYPE A[M][N], DATA_TYPE R[N][N],
                        DATA_TYPE Q[M][N]);

#endif /* POLYJ_GRAMSCHMIDT_H */
