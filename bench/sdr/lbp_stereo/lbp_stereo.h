/*
 * lbp_stereo.h - dataset sizes and interface of the lbp_stereo kernel.
 *
 * Loopy belief propagation for stereo matching: per pixel, neighbour and disparity, the
 * combination of the messages from every other neighbour.
 */
#ifndef POLYJ_SDR_LBP_STEREO_H
#define POLYJ_SDR_LBP_STEREO_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if defined(MINI_DATASET)
# ifndef T
#  define T 2
# endif
# ifndef N
#  define N 64
# endif
# ifndef K
#  define K 8
# endif
# ifndef D
#  define D 4
# endif
#elif defined(SMALL_DATASET)
# ifndef T
#  define T 3
# endif
# ifndef N
#  define N 512
# endif
# ifndef K
#  define K 16
# endif
# ifndef D
#  define D 8
# endif
#elif defined(MEDIUM_DATASET)
# ifndef T
#  define T 5
# endif
# ifndef N
#  define N 2048
# endif
# ifndef K
#  define K 16
# endif
# ifndef D
#  define D 8
# endif
#elif defined(EXTRALARGE_DATASET)
# ifndef T
#  define T 5
# endif
# ifndef N
#  define N 8192
# endif
# ifndef K
#  define K 16
# endif
# ifndef D
#  define D 16
# endif
#else /* LARGE_DATASET */
# ifndef T
#  define T 5
# endif
# ifndef N
#  define N 4096
# endif
# ifndef K
#  define K 16
# endif
# ifndef D
#  define D 16
# endif
#endif

#include "polyj_bench.h"

void kernel_lbp_stereo(int nt, int n, int nk, int nd, long cost[N][K], long msg[T + 1][N][D][K],
                       long ML[T][N][D][K], long MR[T][N][D][K]);

#endif /* POLYJ_SDR_LBP_STEREO_H */
