/*
 * 2mm.h - dataset sizes and interface of the 2mm kernel.
 *
 * Two chained matrix products: D := alpha*A*B*C + beta*D.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DNL=100.
 */
#ifndef POLYJ_2MM_H
#define POLYJ_2MM_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NI
#  define NI 16
# endif
# ifndef NJ
#  define NJ 18
# endif
# ifndef NK
#  define NK 22
# endif
# ifndef NL
#  define NL 24
# endif
#elif defined(SMALL_DATASET)
# ifndef NI
#  define NI 40
# endif
# ifndef NJ
#  define NJ 50
# endif
# ifndef NK
#  define NK 70
# endif
# ifndef NL
#  define NL 80
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NI
#  define NI 180
# endif
# ifndef NJ
#  define NJ 190
# endif
# ifndef NK
#  define NK 210
# endif
# ifndef NL
#  define NL 220
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NI
#  define NI 1600
# endif
# ifndef NJ
#  define NJ 1800
# endif
# ifndef NK
#  define NK 2200
# endif
# ifndef NL
#  define NL 2400
# endif
#else /* LARGE_DATASET */
# ifndef NI
#  define NI 800
# endif
# ifndef NJ
#  define NJ 900
# endif
# ifndef NK
#  define NK 1100
# endif
# ifndef NL
#  define NL 1200
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_2mm(int ni, int nj, int nk, int nl,
                DATA_TYPE alpha, DATA_TYPE beta,
                DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL]);

#endif /* POLYJ_2MM_H */
