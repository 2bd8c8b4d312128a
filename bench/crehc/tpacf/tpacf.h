/*
 * tpacf.h - dataset sizes and interface of the tpacf kernel.
 *
 * Angular correlation of point pairs binned by their dot product (Parboil tpacf's
 * structure): a bin found by a search over the bin boundaries, counted in a histogram.
 */
#ifndef POLYJ_CREHC_TPACF_H
#define POLYJ_CREHC_TPACF_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef NP
#  define NP 100
# endif
# ifndef NB
#  define NB 20
# endif
#elif defined(SMALL_DATASET)
# ifndef NP
#  define NP 400
# endif
# ifndef NB
#  define NB 20
# endif
#elif defined(MEDIUM_DATASET)
# ifndef NP
#  define NP 2000
# endif
# ifndef NB
#  define NB 20
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef NP
#  define NP 12000
# endif
# ifndef NB
#  define NB 20
# endif
#else /* LARGE_DATASET */
# ifndef NP
#  define NP 6000
# endif
# ifndef NB
#  define NB 20
# endif
#endif

#include "polyj_bench.h"

void kernel_tpacf(int np, double px[NP], double py[NP], double pz[NP], double bound[NB],
    long hist[NB + 1]);

#endif /* POLYJ_CREHC_TPACF_H */
