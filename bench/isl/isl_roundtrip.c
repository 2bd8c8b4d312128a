/*
 * Reads one set or relation in isl notation per line and prints it back as isl prints it, or
 * ERROR when isl cannot read it: checks that what polyj prints means the same in isl.
 *
 *   gcc -O2 -o /tmp/isl_roundtrip bench/isl/isl_roundtrip.c -lisl && /tmp/isl_roundtrip < FILE
 */
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) > 0) {
    if (line[n - 1] == '\n') line[n - 1] = 0;
    char *s = NULL;
    isl_union_map *m = isl_union_map_read_from_str(ctx, line);
    if (m) {
      s = isl_union_map_to_str(m);
      isl_union_map_free(m);
    } else {
      isl_ctx_reset_error(ctx);
      isl_union_set *set = isl_union_set_read_from_str(ctx, line);
      if (set) {
        s = isl_union_set_to_str(set);
        isl_union_set_free(set);
      } else {
        isl_ctx_reset_error(ctx);
      }
    }
    printf("%s\n", s ? s : "ERROR");
    free(s);
  }
  free(line);
  isl_ctx_free(ctx);
  return 0;
}
