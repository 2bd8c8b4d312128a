/*
 * lda_lw.h - dataset sizes and interface of the lda_lw kernel.
 *
 * Likelihood weighting on latent Dirichlet allocation: per token, the counts of the tokens before
 * it per topic, vocabulary word and document.
 */
#ifndef POLYJ_SDR_LDA_LW_H
#define POLYJ_SDR_LDA_LW_H

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
#  define N 2000
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
#  define N 8000
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
#  define N 4000
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

void kernel_lda_lw(int n, int nk, long w[N], long dc[N], long z[N], long WL[K][NV][N],
                   long DL[K][ND][N], long nw[K][N], long nt[K][N], long nd[K][N], long Z[N],
                   long wt[N]);

#endif /* POLYJ_SDR_LDA_LW_H */
