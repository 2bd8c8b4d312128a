/*
 * polyj_bench.h - measurement harness of the polyj benchmark suite.
 *
 * Every kernel of the suite includes this header (through its own header,
 * which first picks the default element type) and is linked with
 * polyj_bench.c.
 *
 * Compile-time switches:
 *   POLYJ_TIME           time the kernel; the elapsed seconds are printed on
 *                        stdout as "%0.6f\n".  The caches are flushed right
 *                        before the clock starts.
 *   POLYJ_DUMP           dump the live-out arrays on stderr:
 *                            begin dump: NAME
 *                            v v v ... (at most 20 values a line, "%0.2lf ")
 *                            end   dump: NAME
 *   POLYJ_CACHE_KB       size of the buffer used to flush caches (KiB).
 *   POLYJ_ALIGNMENT      alignment of arrays allocated by polyj_alloc.
 *   POLYJ_NO_POISON      do not fill fresh allocations with all-ones bytes
 *                        (NaN for floating point) before initialisation.
 *   DATA_TYPE_IS_INT / DATA_TYPE_IS_FLOAT / DATA_TYPE_IS_DOUBLE
 *                        element type; each kernel header picks its default.
 */
#ifndef POLYJ_BENCH_H
#define POLYJ_BENCH_H

#include <stddef.h>

/* ---- element type --------------------------------------------------- */

#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#if defined(DATA_TYPE_IS_INT)
# define DATA_TYPE int
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#elif defined(DATA_TYPE_IS_FLOAT)
# define DATA_TYPE float
# define SCALAR_VAL(x) x##f
# define SQRT_FUN(x) sqrtf(x)
# define EXP_FUN(x) expf(x)
# define POW_FUN(x, y) powf(x, y)
#else
# define DATA_TYPE double
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

/* ---- allocation ----------------------------------------------------- */

#ifndef POLYJ_ALIGNMENT
# define POLYJ_ALIGNMENT 64
#endif

/* Allocates count elements of elem_size bytes, aligned on POLYJ_ALIGNMENT.
   Unless POLYJ_NO_POISON is defined the memory is filled with all-ones
   bytes (NaN as floating point), so reading an element that was never
   written shows in the results. Aborts the program when out of memory. */
void *polyj_alloc(size_t count, size_t elem_size);
void polyj_free(void *ptr);

/* Typed helpers: the result points to rows of the trailing extents, so it
   can be passed directly where a parameter T A[D1][D2]... is expected. */
#define POLYJ_ALLOC_1D(T, D1) \
  ((T *)polyj_alloc((size_t)(D1), sizeof(T)))
#define POLYJ_ALLOC_2D(T, D1, D2) \
  ((T (*)[D2])polyj_alloc((size_t)(D1) * (size_t)(D2), sizeof(T)))
#define POLYJ_ALLOC_3D(T, D1, D2, D3) \
  ((T (*)[D2][D3])polyj_alloc((size_t)(D1) * (size_t)(D2) * (size_t)(D3), \
                              sizeof(T)))

/* ---- timing --------------------------------------------------------- */

void polyj_flush_cache(void);
void polyj_timer_start(void);
void polyj_timer_stop(void);
void polyj_timer_print(void);

#ifdef POLYJ_TIME
# define POLYJ_START_TIMER() polyj_timer_start()
# define POLYJ_STOP_TIMER() polyj_timer_stop()
# define POLYJ_PRINT_TIMER() polyj_timer_print()
#else
# define POLYJ_START_TIMER() ((void)0)
# define POLYJ_STOP_TIMER() ((void)0)
# define POLYJ_PRINT_TIMER() ((void)0)
#endif

/* ---- dumping -------------------------------------------------------- */

void polyj_dump_begin(const char *name);
void polyj_dump_value(double value);
void polyj_dump_end(const char *name);

/* True when the live-out data must be printed.  Without POLYJ_DUMP the
   condition is one the compiler cannot prove false (nobody starts a
   benchmark with more than 42 arguments and an empty program name), so the
   kernel's results stay live and the kernel is not optimised away. */
#ifdef POLYJ_DUMP
# define POLYJ_DUMP_WANTED(argc, argv) ((void)(argc), (void)(argv), 1)
#else
# define POLYJ_DUMP_WANTED(argc, argv) ((argc) > 42 && (argv)[0][0] == '\0')
#endif

#endif /* POLYJ_BENCH_H */
