/*
 * polyj_bench.c - measurement harness of the polyj benchmark suite.
 * See polyj_bench.h for the compile-time switches.
 */
#define _POSIX_C_SOURCE 200112L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "polyj_bench.h"

#ifndef POLYJ_CACHE_KB
# define POLYJ_CACHE_KB 32768
#endif

/* ---- allocation ----------------------------------------------------- */

void *polyj_alloc(size_t count, size_t elem_size)
{
  void *ptr = NULL;
  size_t bytes = count * elem_size;
  if (bytes == 0)
    bytes = 1;
  if (count != 0 && bytes / count != elem_size) {
    fprintf(stderr, "polyj: allocation size overflows\n");
    exit(1);
  }
  if (posix_memalign(&ptr, POLYJ_ALIGNMENT, bytes) != 0 || ptr == NULL) {
    fprintf(stderr, "polyj: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
#ifndef POLYJ_NO_POISON
  /* All-ones bytes read as NaN (floating point) or -1 (integers), so a
     kernel that reads an element its initialisation skipped shows it in the
     dump instead of silently reading zeros. */
  memset(ptr, 0xff, bytes);
#endif
  return ptr;
}

void polyj_free(void *ptr)
{
  free(ptr);
}

/* ---- timing --------------------------------------------------------- */

/* Reads and writes a buffer larger than the last-level cache so that the
   kernel starts with cold caches. */
void polyj_flush_cache(void)
{
  size_t count = (size_t)POLYJ_CACHE_KB * 1024 / sizeof(double);
  double *buffer = (double *)calloc(count, sizeof(double));
  volatile double sink = 0.0;
  double acc = 0.0;
  size_t i;
  if (buffer == NULL)
    return;
  for (i = 0; i < count; i++)
    buffer[i] = (double)(i & 7);
  for (i = 0; i < count; i++)
    acc += buffer[i];
  sink = acc;
  (void)sink;
  free(buffer);
}

static struct timespec polyj_t0, polyj_t1;

static double polyj_seconds(const struct timespec *t)
{
  return (double)t->tv_sec + (double)t->tv_nsec * 1.0e-9;
}

void polyj_timer_start(void)
{
  polyj_flush_cache();
  clock_gettime(CLOCK_MONOTONIC, &polyj_t0);
}

void polyj_timer_stop(void)
{
  clock_gettime(CLOCK_MONOTONIC, &polyj_t1);
}

void polyj_timer_print(void)
{
  printf("%0.6f\n", polyj_seconds(&polyj_t1) - polyj_seconds(&polyj_t0));
  fflush(stdout);
}

/* ---- dumping -------------------------------------------------------- */

static long polyj_dump_count;

void polyj_dump_begin(const char *name)
{
  polyj_dump_count = 0;
  fprintf(stderr, "begin dump: %s\n", name);
}

void polyj_dump_value(double value)
{
  fprintf(stderr, "%0.2lf ", value);
  polyj_dump_count++;
  if (polyj_dump_count % 20 == 0)
    fputc('\n', stderr);
}

void polyj_dump_end(const char *name)
{
  if (polyj_dump_count % 20 != 0)
    fputc('\n', stderr);
  fprintf(stderr, "end   dump: %s\n", name);
  fflush(stderr);
}
