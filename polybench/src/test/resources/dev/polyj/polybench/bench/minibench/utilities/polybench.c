/* Timer of the stand-in PolyBench harness: prints the kernel's seconds as "%0.6f\n". */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <time.h>
#include "polybench.h"

static struct timespec t0, t1;

void polybench_timer_start(void) { clock_gettime(CLOCK_MONOTONIC, &t0); }

void polybench_timer_stop(void) { clock_gettime(CLOCK_MONOTONIC, &t1); }

void polybench_timer_print(void)
{
  printf("%0.6f\n", (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
}
