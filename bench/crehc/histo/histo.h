/*
 * histo.h - dataset sizes and interface of the histo kernel.
 *
 * Histogram of an image's values (Parboil histo's structure, without saturation).
 */
#ifndef POLYJ_CREHC_HISTO_H
#define POLYJ_CREHC_HISTO_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef H
#  define H 64
# endif
# ifndef W
#  define W 64
# endif
# ifndef NBINS
#  define NBINS 256
# endif
#elif defined(SMALL_DATASET)
# ifndef H
#  define H 256
# endif
# ifndef W
#  define W 256
# endif
# ifndef NBINS
#  define NBINS 1024
# endif
#elif defined(MEDIUM_DATASET)
# ifndef H
#  define H 1024
# endif
# ifndef W
#  define W 1024
# endif
# ifndef NBINS
#  define NBINS 4096
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef H
#  define H 8192
# endif
# ifndef W
#  define W 4096
# endif
# ifndef NBINS
#  define NBINS 4096
# endif
#else /* LARGE_DATASET */
# ifndef H
#  define H 4096
# endif
# ifndef W
#  define W 2048
# endif
# ifndef NBINS
#  define NBINS 4096
# endif
#endif

#include "polyj_bench.h"

void kernel_histo(int h, int w, int img[H][W], int hist[NBINS]);

#endif /* POLYJ_CREHC_HISTO_H */
