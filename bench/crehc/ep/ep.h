/*
 * ep.h - dataset sizes and interface of the ep kernel.
 *
 * Gaussian pairs by the polar method, counted in annuli (NAS EP's structure): two
 * conditional scalar sums and a histogram.
 */
#ifndef POLYJ_CREHC_EP_H
#define POLYJ_CREHC_EP_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NK
#  define NK 1000
# endif
# ifndef NQ
#  define NQ 10
# endif
#elif defined(SMALL_DATASET)
# ifndef NK
#  define NK 20000
# endif
# ifndef NQ
#  define NQ 10
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NK
#  define NK 400000
# endif
# ifndef NQ
#  define NQ 10
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NK
#  define NK 16000000
# endif
# ifndef NQ
#  define NQ 10
# endif
#else /* LARGE_DATASET */
# ifndef NK
#  define NK 4000000
# endif
# ifndef NQ
#  define NQ 10
# endif
#endif

#include "polyj_bench.h"

void kernel_ep(int nk, double x[2 * NK], double q[NQ], double sx[1], double sy[1]);

#endif /* POLYJ_CREHC_EP_H */
