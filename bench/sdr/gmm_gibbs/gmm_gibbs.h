/*
 * gmm_gibbs.h - dataset sizes and interface of the gmm_gibbs kernel.
 *
 * Gibbs sampling on a Gaussian mixture model (the SDR paper's Section 2.2): per observation, the
 * counts and sums of every other observation in each cluster.
 */
#ifndef POLYJ_SDR_GMM_GIBBS_H
#define POLYJ_SDR_GMM_GIBBS_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 100
# endif
# ifndef K
#  define K 4
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 500
# endif
# ifndef K
#  define K 8
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 2000
# endif
# ifndef K
#  define K 10
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 16000
# endif
# ifndef K
#  define K 10
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 8000
# endif
# ifndef K
#  define K 10
# endif
#endif

#include "polyj_bench.h"

void kernel_gmm_gibbs(int n, int nk, long obs[N], long zo[N], long zn[N], long CL[K][N],
                      long CR[K][N], long SL[K][N], long SR[K][N], long w[K][N], long t[N]);

#endif /* POLYJ_SDR_GMM_GIBBS_H */
