/*
 * kmeans.h - dataset sizes and interface of the kmeans kernel.
 *
 * The update step of k-means (Rodinia kmeans' structure): member counts and
 * per-cluster sums of fixed-point features, two histograms.
 */
#ifndef POLYJ_CREHC_KMEANS_H
#define POLYJ_CREHC_KMEANS_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NPOINTS
#  define NPOINTS 1000
# endif
# ifndef NFEAT
#  define NFEAT 4
# endif
# ifndef NCLUST
#  define NCLUST 5
# endif
#elif defined(SMALL_DATASET)
# ifndef NPOINTS
#  define NPOINTS 20000
# endif
# ifndef NFEAT
#  define NFEAT 8
# endif
# ifndef NCLUST
#  define NCLUST 8
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NPOINTS
#  define NPOINTS 200000
# endif
# ifndef NFEAT
#  define NFEAT 8
# endif
# ifndef NCLUST
#  define NCLUST 16
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NPOINTS
#  define NPOINTS 8000000
# endif
# ifndef NFEAT
#  define NFEAT 16
# endif
# ifndef NCLUST
#  define NCLUST 32
# endif
#else /* LARGE_DATASET */
# ifndef NPOINTS
#  define NPOINTS 2000000
# endif
# ifndef NFEAT
#  define NFEAT 16
# endif
# ifndef NCLUST
#  define NCLUST 16
# endif
#endif

#include "polyj_bench.h"

void kernel_kmeans(int npoints, int nfeat, int member[NPOINTS], int feat[NPOINTS][NFEAT],
    int count[NCLUST], int sums[NCLUST][NFEAT]);

#endif /* POLYJ_CREHC_KMEANS_H */
