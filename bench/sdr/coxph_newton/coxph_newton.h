/*
 * coxph_newton.h - dataset sizes and interface of the coxph_newton kernel.
 *
 * Newton's method for the Cox proportional hazards model: per iteration and observation, the
 * weighted sums over its risk set.
 */
#ifndef POLYJ_SDR_COXPH_NEWTON_H
#define POLYJ_SDR_COXPH_NEWTON_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef T
#  define T 2
# endif
# ifndef N
#  define N 100
# endif
# ifndef K
#  define K 2
# endif
#elif defined(SMALL_DATASET)
# ifndef T
#  define T 2
# endif
# ifndef N
#  define N 500
# endif
# ifndef K
#  define K 3
# endif
#elif defined(MEDIUM_DATASET)
# ifndef T
#  define T 3
# endif
# ifndef N
#  define N 1500
# endif
# ifndef K
#  define K 4
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef T
#  define T 3
# endif
# ifndef N
#  define N 8000
# endif
# ifndef K
#  define K 4
# endif
#else /* LARGE_DATASET */
# ifndef T
#  define T 3
# endif
# ifndef N
#  define N 4000
# endif
# ifndef K
#  define K 4
# endif
#endif

#include "polyj_bench.h"

void kernel_coxph_newton(int nt, int n, int nk, long x[N][K], long beta[T + 1][K], long eta[T][N],
                         long e[T][N], long R[T][N], long G[T][K][N], long H[T][K][K][N],
                         long gr[T][K], long hs[T][K]);

#endif /* POLYJ_SDR_COXPH_NEWTON_H */
