/*
 * fdtd-2d.h - dataset sizes and interface of the fdtd-2d kernel.
 *
 * 2-D finite-difference time-domain electromagnetic kernel.
 *
 * Select a dataset with -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET,
 * -DLARGE_DATASET (the default) or -DEXTRALARGE_DATASET; any size can also
 * be given on its own, e.g. -DNY=100.
 */
#ifndef POLYJ_FDTD_2D_H
#define POLYJ_FDTD_2D_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef TMAX
#  define TMAX 20
# endif
# ifndef NX
#  define NX 20
# endif
# ifndef NY
#  define NY 30
# endif
#elif defined(SMALL_DATASET)
# ifndef TMAX
#  define TMAX 40
# endif
# ifndef NX
#  define NX 60
# endif
# ifndef NY
#  define NY 80
# endif
#elif defined(MEDIUM_DATASET)
# ifndef TMAX
#  define TMAX 100
# endif
# ifndef NX
#  define NX 200
# endif
# ifndef NY
#  define NY 240
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef TMAX
#  define TMAX 1000
# endif
# ifndef NX
#  define NX 2000
# endif
# ifndef NY
#  define NY 2600
# endif
#else /* LARGE_DATASET */
# ifndef TMAX
#  define TMAX 500
# endif
# ifndef NX
#  define NX 1000
# endif
# ifndef NY
#  define NY 1200
# endif
#endif

/* The element type defaults to double. */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#include "polyj_bench.h"

void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[NX][NY],
                    DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                    DATA_TYPE _fict_[TMAX]);

#endif /* POLYJ_FDTD_2D_H */
