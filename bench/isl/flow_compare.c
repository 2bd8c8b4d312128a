#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/union_map.h>
/* flow_compare A B: compares the four keys of two flow outputs (YAML, one key a line) by isl
 * equality; exit 1 when some key differs or cannot be read. */
static char *get(const char *file, const char *key) {
  FILE *f = fopen(file, "r"); if (!f) return NULL;
  char line[1 << 16]; size_t kl = strlen(key);
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, key, kl) == 0 && line[kl] == ':') {
      char *v = line + kl + 1; while (*v == ' ') v++;
      size_t n = strlen(v); while (n && (v[n-1] == '\n' || v[n-1] == ' ')) v[--n] = 0;
      if (*v == '"') { v++; n = strlen(v); if (n && v[n-1] == '"') v[n-1] = 0; }
      fclose(f); return strdup(v);
    }
  }
  fclose(f); return NULL;
}
int main(int argc, char **argv) {
  const char *keys[] = {"must_dependence", "may_dependence", "must_no_source", "may_no_source"};
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  int bad = 0;
  for (int k = 0; k < 4; k++) {
    char *a = get(argv[1], keys[k]), *b = get(argv[2], keys[k]);
    if (!a || !b) { printf("%s: missing\n", keys[k]); bad = 1; continue; }
    isl_union_map *ma = isl_union_map_read_from_str(ctx, a);
    isl_union_map *mb = isl_union_map_read_from_str(ctx, b);
    if (!ma || !mb) { printf("%s: unreadable %s\n", keys[k], !ma ? a : b); bad = 1; }
    else if (isl_union_map_is_equal(ma, mb) != isl_bool_true) { printf("%s: differ\n  polyj %s\n  isl   %s\n", keys[k], a, b); bad = 1; }
    isl_union_map_free(ma); isl_union_map_free(mb); free(a); free(b);
  }
  isl_ctx_free(ctx);
  return bad;
}
