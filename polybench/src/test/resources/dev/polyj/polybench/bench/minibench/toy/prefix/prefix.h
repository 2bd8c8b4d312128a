#ifndef PREFIX_H
#define PREFIX_H
# ifdef MINI_DATASET
#  define N 30
# else
#  define N 100000
# endif
#endif
