/*
 * is.h - dataset sizes and interface of the is kernel.
 *
 * Counting keys into buckets (NAS IS's structure): an integer histogram larger than
 * the OpenMP reduction limit, so with explicit per-thread copies.
 */
#ifndef POLYJ_CREHC_IS_H
#define POLYJ_CREHC_IS_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NKEYS
#  define NKEYS 4096
# endif
# ifndef MAXKEY
#  define MAXKEY 1024
# endif
#elif defined(SMALL_DATASET)
# ifndef NKEYS
#  define NKEYS 65536
# endif
# ifndef MAXKEY
#  define MAXKEY 4096
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NKEYS
#  define NKEYS 1048576
# endif
# ifndef MAXKEY
#  define MAXKEY 65536
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NKEYS
#  define NKEYS 67108864
# endif
# ifndef MAXKEY
#  define MAXKEY 1048576
# endif
#else /* LARGE_DATASET */
# ifndef NKEYS
#  define NKEYS 16777216
# endif
# ifndef MAXKEY
#  define MAXKEY 65536
# endif
#endif

#include "polyj_bench.h"

void kernel_is(int nkeys, int key[NKEYS], int count[MAXKEY]);

#endif /* POLYJ_CREHC_IS_H */
