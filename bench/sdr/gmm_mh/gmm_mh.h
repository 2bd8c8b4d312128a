/*
 * gmm_mh.h - dataset sizes and interface of the gmm_mh kernel.
 *
 * Metropolis-Hastings on a Gaussian mixture model: per observation, the log-likelihood of every
 * other observation and the normalizer over the clusters.
 */
#ifndef POLYJ_SDR_GMM_MH_H
#define POLYJ_SDR_GMM_MH_H

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

void kernel_gmm_mh(int n, int nk, long obs[N], long zo[N], long zn[N], long prop[N], long mu[K],
                   long LL[N], long LR[N], long Z[N]);

#endif /* POLYJ_SDR_GMM_MH_H */
