#!/bin/bash
# Bytes allocated and kernel time of a QUOV test program per quov.fuse mode (docs/quov.md): the
# program of polybench/src/test/resources/quov is optimized with --storage quov and each mode, with
# run-time tile sizes (--tile param) and with the default compile-time sizes, compiled with
# gcc -O3 and a counting malloc, and run on one thread REPS times, alternating between the
# binaries; the best kernel time is printed. Every checksum must equal the original's.
#
# usage (from the repository root, after mvn -q -DskipTests package):
#   bench/quov/fuse-modes.sh PROGRAM "T N" [REPS] [OUTDIR]
#   e.g. bench/quov/fuse-modes.sh jacobi2d "100 1000" 3
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
p=$1; size=$2; reps=${3:-3}; d=${4:-/tmp/quov-fuse}
mkdir -p "$d"
src=$root/polybench/src/test/resources/quov/$p.c
ulimit -s unlimited 2>/dev/null || ulimit -s 16000000 # the original keeps the full array on the stack
cat > "$d/count.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
static size_t total;
static void report(void) { fprintf(stderr, "allocated_bytes %zu\n", total); }
void *counting_malloc(size_t n) {
  static int once;
  if (!once) { once = 1; atexit(report); }
  total += n;
  return malloc(n);
}
C
gcc -O2 -c -o "$d/count.o" "$d/count.c"
gcc -O3 -fopenmp -Dmalloc=counting_malloc -o "$d/$p.orig" "$src" "$d/count.o" -lm
variants="orig"
for tiles in param fixed; do
  for f in false faces; do
    v=$tiles.$f
    opt=(--storage quov --pass-option quov.fuse=$f)
    [ $tiles = param ] && opt+=(--tile param)
    /usr/bin/time -f "$v optimize %e s" "$root/polyj" optimize "${opt[@]}" "$src" -o "$d/$p.$v.c" 2>"$d/$p.$v.notes"
    grep -q "run in the interior's band" "$d/$p.$v.notes" && echo "$v: boundary statements moved into the band"
    /usr/bin/time -f "$v gcc -O3 %U s" gcc -O3 -fopenmp -Dmalloc=counting_malloc -o "$d/$p.$v" "$d/$p.$v.c" "$d/count.o" -lm
    variants="$variants $v"
  done
done
export OMP_NUM_THREADS=1
declare -A best alloc sum
for r in $(seq "$reps"); do
  for v in $variants; do
    "$d/$p.$v" $size bench > "$d/$p.$v.out" 2> "$d/$p.$v.err"
    t=$(grep kernel_seconds "$d/$p.$v.err" | cut -d' ' -f2)
    if [ -z "${best[$v]}" ] || awk "BEGIN { exit !($t < ${best[$v]}) }"; then best[$v]=$t; fi
    alloc[$v]=$(grep allocated_bytes "$d/$p.$v.err" | cut -d' ' -f2)
    sum[$v]=$(cat "$d/$p.$v.out")
  done
done
echo "| $p $size | bytes allocated (minus the original's) | best kernel time of $reps |"
echo "|---|---:|---:|"
for v in $variants; do
  [ "${sum[$v]}" = "${sum[orig]}" ] || echo "checksum of $v differs: ${sum[$v]} ${sum[orig]}" >&2
  echo "| $v | $(( ${alloc[$v]} - ${alloc[orig]} )) | ${best[$v]} s |"
done
