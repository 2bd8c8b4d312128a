#ifndef COLSUM_H
#define COLSUM_H
# if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(LARGE_DATASET)
#  define LARGE_DATASET
# endif
# ifdef MINI_DATASET
#  define N 37
# elif defined(SMALL_DATASET)
#  define N 150
# else
#  define N 2000
# endif
#endif
