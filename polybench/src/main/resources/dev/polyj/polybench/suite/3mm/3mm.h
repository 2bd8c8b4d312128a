/*
 * 3mm.h - dataset sizes and interface of the 3mm kernel.
 *
 * Three matrix products: G := (A*B)*(C*D).
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DNM=100.
 */
#ifndef POLYJ_3MM_H
#define POLYJ_3MM_H

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
#  define NK 20
# endif
# ifndef NL
#  define NL 22
# endif
# ifndef NM
#  define NM 24
# endif
#elif defined(SMALL_DATASET)
# ifndef NI
#  define NI 40
# endif
# ifndef NJ
#  define NJ 50
# endif
# ifndef NK
#  define NK 60
# endif
# ifndef NL
#  define NL 70
# endif
# ifndef NM
#  define NM 80
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NI
#  define NI 180
# endif
# ifndef NJ
#  define NJ 190
# endif
# ifndef NK
#  define NK 200
# endif
# ifndef NL
#  define NL 210
# endif
# ifndef NM
#  define NM 220
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NI
#  define NI 1600
# endif
# ifndef NJ
#  define NJ 1800
# endif
# ifndef NK
#  define NK 2000
# endif
# ifndef NL
#  define NL 2200
# endif
# ifndef NM
#  define NM 2400
# endif
#else /* LARGE_DATASET */
# ifndef NI
#  define NI 800
# endif
# ifndef NJ
#  define NJ 900
# endif
# ifndef NK
#  define NK 1000
# endif
# ifndef NL
#  define NL 1100
# endif
# ifndef NM
#  define NM 1200
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                DATA_TYPE G[NI][NL]);

#endif /* POLYJ_3MM_H */
