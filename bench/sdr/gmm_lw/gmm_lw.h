/*
 * gmm_lw.h - dataset sizes and interface of the gmm_lw kernel.
 *
 * Likelihood weighting on a Gaussian mixture model: per sample, the evidence of the samples
 * before it and the normalizer over the clusters.
 */
#ifndef POLYJ_SDR_GMM_LW_H
#define POLYJ_SDR_GMM_LW_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 200
# endif
# ifndef K
#  define K 4
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 2000
# endif
# ifndef K
#  define K 8
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 8000
# endif
# ifndef K
#  define K 10
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 60000
# endif
# ifndef K
#  define K 10
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 30000
# endif
# ifndef K
#  define K 10
# endif
#endif

#include "polyj_bench.h"

void kernel_gmm_lw(int n, int nk, long obs[N], long z[N], long mu[K], long E[N], long Z[N],
                   long wt[N]);

#endif /* POLYJ_SDR_GMM_LW_H */
