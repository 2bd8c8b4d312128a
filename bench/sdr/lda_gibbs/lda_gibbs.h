/*
 * lda_gibbs.h - dataset sizes and interface of the lda_gibbs kernel.
 *
 * Collapsed Gibbs sampling on latent Dirichlet allocation: per token and topic, the counts of
 * every other token per vocabulary word and per document.
 */
#ifndef POLYJ_SDR_LDA_GIBBS_H
#define POLYJ_SDR_LDA_GIBBS_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 60
# endif
# ifndef K
#  define K 4
# endif
# ifndef NV
#  define NV 6
# endif
# ifndef ND
#  define ND 3
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 600
# endif
# ifndef K
#  define K 8
# endif
# ifndef NV
#  define NV 8
# endif
# ifndef ND
#  define ND 8
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 1500
# endif
# ifndef K
#  define K 10
# endif
# ifndef NV
#  define NV 8
# endif
# ifndef ND
#  define ND 8
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 6000
# endif
# ifndef K
#  define K 10
# endif
# ifndef NV
#  define NV 8
# endif
# ifndef ND
#  define ND 8
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 3000
# endif
# ifndef K
#  define K 10
# endif
# ifndef NV
#  define NV 8
# endif
# ifndef ND
#  define ND 8
# endif
#endif

#include "polyj_bench.h"

void kernel_lda_gibbs(int n, int nk, long w[N], long dc[N], long zo[N], long zn[N],
                      long WL[K][NV][N], long WR[K][NV][N], long DL[K][ND][N], long DR[K][ND][N],
                      long nw[K][N], long nt[K][N], long nd[K][N],
                      long t[N]);

#endif /* POLYJ_SDR_LDA_GIBBS_H */
