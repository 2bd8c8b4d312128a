#ifndef SCALE_H
#define SCALE_H
# if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(LARGE_DATASET)
#  define LARGE_DATASET
# endif
# ifdef MINI_DATASET
#  define N 45
# elif defined(SMALL_DATASET)
#  define N 400
# else
#  define N 100000
# endif
#endif
