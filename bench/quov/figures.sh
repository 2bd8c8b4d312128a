#!/bin/bash
# Figures of the QUOV storage mapping (docs/quov.md): for each test program of
# polybench/src/test/resources/quov at a large size, the bytes of the temporary array before
# (declared size) and after (bytes the contracted code allocates), the peak resident memory and
# the kernel time of the original (gcc -O3), of polyj with run-time tile sizes, and of polyj with
# run-time tile sizes and --storage quov, one thread each. Every run's checksum must agree.
#
# usage (from the repository root, after mvn -q -DskipTests package):
#   bench/quov/figures.sh [OUTDIR] [REPS] [PROGRAM...]   (default: every program)
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/quov-figures}
reps=${2:-3}
shift $(( $# < 2 ? $# : 2 ))
only=" $* "
mkdir -p "$out"
progs=$root/polybench/src/test/resources/quov
ulimit -s unlimited 2>/dev/null || ulimit -s 16000000 # the originals keep the full arrays on the stack
cat > "$out/count.c" <<'C'
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
gcc -O2 -c -o "$out/count.o" "$out/count.c"
export OMP_NUM_THREADS=1
# name, sizes, bytes of the declared temporary (8-byte doubles)
runs="jacobi1d:1000 4000:$(( 1001 * 4000 * 8 ))
jacobi2d:100 1000:$(( 101 * 1000 * 1000 * 8 ))
heat3d:40 120:$(( 41 * 120 * 120 * 120 * 8 ))
smith_waterman:5000 5000:$(( 5001 * 5001 * 8 ))
boundary:1000 100000:$(( 100001 * 8 ))"
best() { sort -n | head -1; }
echo "| program | size | bytes before | bytes after | peak RSS before -> after (MB) | time gcc -O3 | polyj param | polyj param + quov |"
echo "|---|---|---:|---:|---|---:|---:|---:|"
echo "$runs" | while IFS=: read -r name size bytes; do
  [ "$only" = "  " ] || [[ "$only" == *" $name "* ]] || continue
  src=$progs/$name.c
  "$root/polyj" optimize --tile param "$src" -o "$out/$name.param.c" 2>/dev/null
  "$root/polyj" optimize --tile param --storage quov "$src" -o "$out/$name.quov.c" 2>"$out/$name.notes"
  for v in orig param quov; do
    s=$src; [ $v != orig ] && s=$out/$name.$v.c
    gcc -O3 -fopenmp -Dmalloc=counting_malloc -o "$out/$name.$v" "$s" "$out/count.o" -lm
  done
  declare -A t rss alloc sum
  for v in orig param quov; do
    times=""
    for r in $(seq "$reps"); do
      /usr/bin/time -f "rss_kb %M" "$out/$name.$v" $size bench > "$out/$name.$v.out" 2> "$out/$name.$v.err"
      times="$times $(grep kernel_seconds "$out/$name.$v.err" | cut -d' ' -f2)"
    done
    t[$v]=$(echo $times | tr ' ' '\n' | best)
    rss[$v]=$(grep rss_kb "$out/$name.$v.err" | cut -d' ' -f2)
    alloc[$v]=$(grep allocated_bytes "$out/$name.$v.err" | cut -d' ' -f2)
    sum[$v]=$(cat "$out/$name.$v.out")
  done
  [ "${sum[orig]}" = "${sum[quov]}" ] && [ "${sum[orig]}" = "${sum[param]}" ] || echo "checksums differ for $name: ${sum[orig]} ${sum[param]} ${sum[quov]}" >&2
  after=$(( ${alloc[quov]} - ${alloc[orig]} ))
  echo "| $name | $size | $bytes | $after | $(( ${rss[orig]} / 1024 )) -> $(( ${rss[quov]} / 1024 )) | ${t[orig]} s | ${t[param]} s | ${t[quov]} s |"
done
