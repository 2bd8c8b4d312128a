/*
 * isl's array dataflow analysis on dataflow problems written in the flow command's YAML (as
 * PolybenchFlowTest writes them with -Dpolyj.flowbench.dump=DIR): for each input file, the time
 * of isl_union_access_info_compute_flow (median of REPS runs, CPU time) and isl's result, written
 * next to the input as FILE.isl.yaml so the two implementations' results can be compared.
 *
 *   gcc -O2 -o /tmp/flow_ops bench/isl/flow_ops.c -lisl && /tmp/flow_ops REPS FILE.yaml...
 */
#include <isl/ctx.h>
#include <isl/flow.h>
#include <isl/union_map.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void put(FILE *out, const char *key, isl_union_map *m) {
  char *s = isl_union_map_to_str(m);
  fprintf(out, "%s: \"%s\"\n", key, s);
  free(s);
  isl_union_map_free(m);
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  isl_ctx *ctx = isl_ctx_alloc();
  double total = 0;
  for (int f = 2; f < argc; f++) {
    FILE *in = fopen(argv[f], "r");
    if (!in) { perror(argv[f]); return 2; }
    isl_union_access_info *info = isl_union_access_info_read_from_file(ctx, in);
    fclose(in);
    if (!info) { fprintf(stderr, "%s: cannot read\n", argv[f]); return 2; }
    double times[reps];
    isl_union_flow *flow = NULL;
    for (int r = 0; r < reps; r++) {
      isl_union_flow_free(flow);
      double t0 = cpu();
      flow = isl_union_access_info_compute_flow(isl_union_access_info_copy(info));
      times[r] = cpu() - t0;
    }
    qsort(times, reps, sizeof(double), cmp);
    total += times[reps / 2];
    printf("%-28s %9.3f ms\n", argv[f], 1e3 * times[reps / 2]);
    char name[4096];
    snprintf(name, sizeof name, "%s", argv[f]);
    char *dot = strrchr(name, '.');
    if (dot) *dot = 0;
    strncat(name, ".isl.yaml", sizeof name - strlen(name) - 1);
    FILE *out = fopen(name, "w");
    put(out, "must_dependence", isl_union_flow_get_must_dependence(flow));
    put(out, "may_dependence", isl_union_flow_get_may_dependence(flow));
    put(out, "must_no_source", isl_union_flow_get_must_no_source(flow));
    put(out, "may_no_source", isl_union_flow_get_may_no_source(flow));
    put(out, "full_must_dependence", isl_union_flow_get_full_must_dependence(flow));
    put(out, "full_may_dependence", isl_union_flow_get_full_may_dependence(flow));
    fclose(out);
    isl_union_flow_free(flow);
    isl_union_access_info_free(info);
  }
  printf("TOTAL %9.1f ms\n", 1e3 * total);
  isl_ctx_free(ctx);
  return 0;
}
