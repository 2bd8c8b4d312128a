/*
 * dmm_lw.h - dataset sizes and interface of the dmm_lw kernel.
 *
 * Likelihood weighting on a Dirichlet multinomial mixture: per document, the number of earlier
 * documents in each cluster and the likelihood of its tokens under the drawn cluster.
 */
#ifndef POLYJ_SDR_DMM_LW_H
#define POLYJ_SDR_DMM_LW_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 400
# endif
# ifndef D
#  define D 24
# endif
# ifndef A
#  define A 6
# endif
# ifndef K
#  define K 4
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 2000
# endif
# ifndef D
#  define D 500
# endif
# ifndef A
#  define A 16
# endif
# ifndef K
#  define K 4
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 8000
# endif
# ifndef D
#  define D 2000
# endif
# ifndef A
#  define A 64
# endif
# ifndef K
#  define K 4
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 32000
# endif
# ifndef D
#  define D 8000
# endif
# ifndef A
#  define A 64
# endif
# ifndef K
#  define K 4
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 16000
# endif
# ifndef D
#  define D 4000
# endif
# ifndef A
#  define A 64
# endif
# ifndef K
#  define K 4
# endif
#endif

#include "polyj_bench.h"

void kernel_dmm_lw(int n, int nd, int na, int nk, long w[N], long dc[N], long z[D], long M[K][D],
                   long Z[D], long lw[D], long nz[D], long wt[D]);

#endif /* POLYJ_SDR_DMM_LW_H */
