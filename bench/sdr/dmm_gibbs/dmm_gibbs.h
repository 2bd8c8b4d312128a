/*
 * dmm_gibbs.h - dataset sizes and interface of the dmm_gibbs kernel.
 *
 * Collapsed Gibbs sampling on a Dirichlet multinomial mixture: per document and cluster, the
 * number of other documents in the cluster and their letter counts.
 */
#ifndef POLYJ_SDR_DMM_GIBBS_H
#define POLYJ_SDR_DMM_GIBBS_H

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
#  define D 400
# endif
# ifndef A
#  define A 16
# endif
# ifndef K
#  define K 4
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 4000
# endif
# ifndef D
#  define D 800
# endif
# ifndef A
#  define A 16
# endif
# ifndef K
#  define K 4
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 16000
# endif
# ifndef D
#  define D 3200
# endif
# ifndef A
#  define A 16
# endif
# ifndef K
#  define K 4
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 8000
# endif
# ifndef D
#  define D 1600
# endif
# ifndef A
#  define A 16
# endif
# ifndef K
#  define K 4
# endif
#endif

#include "polyj_bench.h"

void kernel_dmm_gibbs(int n, int nd, int na, int nk, long w[N], long dc[N], long zo[D], long zn[D],
                      long H[D][A], long Hf[D][A], long ML[K][D], long MR[K][D],
                      long NL[K][A][D], long NR[K][A][D], long ll[K][D], long sz[K][D], long t[D]);

#endif /* POLYJ_SDR_DMM_GIBBS_H */
