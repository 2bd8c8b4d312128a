/*
 * gemm.h - dataset sizes and interface of the gemm kernel.
 *
 * General matrix multiply: C := alpha*A*B + beta*C.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DNK=100.
 */
#ifndef POLYJ_GEMM_H
#define POLYJ_GEMM_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NI
#  define NI 20
# endif
# ifndef NJ
#  define NJ 25
# endif
# ifndef NK
#  define NK 30
# endif
#elif defined(SMALL_DATASET)
# ifndef NI
#  define NI 60
# endif
# ifndef NJ
#  define NJ 70
# endif
# ifndef NK
#  define NK 80
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NI
#  define NI 200
# endif
# ifndef NJ
#  define NJ 220
# endif
# ifndef NK
#  define NK 240
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NI
#  define NI 2000
# endif
# ifndef NJ
#  define NJ 2300
# endif
# ifndef NK
#  define NK 2600
# endif
#else /* LARGE_DATASET */
# ifndef NI
#  define NI 1000
# endif
# ifndef NJ
#  define NJ 1100
# endif
# ifndef NK
#  define NK 1200
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                 DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ]);

#endif /* POLYJ_GEMM_H */
