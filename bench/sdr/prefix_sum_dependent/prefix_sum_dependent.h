/*
 * prefix_sum_dependent.h - dataset sizes and interface of the prefix_sum_dependent kernel.
 *
 * A prefix sum whose inputs depend on earlier results (the SDR paper's Equation (4)).
 */
#ifndef POLYJ_SDR_PREFIX_SUM_DEPENDENT_H
#define POLYJ_SDR_PREFIX_SUM_DEPENDENT_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef N
#  define N 400
# endif
#elif defined(SMALL_DATASET)
# ifndef N
#  define N 4000
# endif
#elif defined(MEDIUM_DATASET)
# ifndef N
#  define N 12000
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef N
#  define N 100000
# endif
#else /* LARGE_DATASET */
# ifndef N
#  define N 40000
# endif
#endif

#include "polyj_bench.h"

void kernel_prefix_sum_dependent(int n, long A[N + 1], long B[N]);

#endif /* POLYJ_SDR_PREFIX_SUM_DEPENDENT_H */
