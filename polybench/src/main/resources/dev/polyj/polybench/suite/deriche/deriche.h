/*
 * deriche.h - dataset sizes and interface of the deriche kernel.
 *
 * Deriche recursive edge detection filter on a W x H image.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DH=100.
 */
#ifndef POLYJ_DERICHE_H
#define POLYJ_DERICHE_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef W
#  define W 64
# endif
# ifndef H
#  define H 64
# endif
#elif defined(SMALL_DATASET)
# ifndef W
#  define W 192
# endif
# ifndef H
#  define H 128
# endif
#elif defined(MEDIUM_DATASET)
# ifndef W
#  define W 720
# endif
# ifndef H
#  define H 480
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef W
#  define W 7680
# endif
# ifndef H
#  define H 4320
# endif
#else /* LARGE_DATASET */
# ifndef W
#  define W 4096
# endif
# ifndef H
#  define H 2160
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_deriche(int w, int h, DATA_TYPE alpha, DATA_TYPE imgIn[W][H],
                    DATA_TYPE imgOut[W][H], DATA_TYPE y1[W][H],
                    DATA_TYPE y2[W][H]);

#endif /* POLYJ_DERICHE_H */
