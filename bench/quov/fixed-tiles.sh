#!/bin/bash
# Correctness of the QUOV storage with compile-time tile sizes (docs/quov.md): PROGRAM of
# polybench/src/test/resources/quov is optimized with --storage quov (default quov.fuse=faces) for
# each list of tile sizes, compiled, and run for each problem size on two threads; every output
# must equal the original's bit for bit. Also prints how long each optimization took.
#
# usage (from the repository root, after mvn -q -DskipTests package):
#   bench/quov/fixed-tiles.sh PROGRAM "T N;T N" ["SIZES SIZES ..."] [OUTDIR]
#   e.g. bench/quov/fixed-tiles.sh jacobi2d "5 12;4 19;40 70" "1 2,3,5 4 5,2,3 7,1,4 13 32"
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
p=$1; sizes=$2; tiles=${3:-"1 2,3,5 4 5,2,3 7,1,4 13 32"}; d=${4:-/tmp/quov-fixed}
mkdir -p "$d"
src=$root/polybench/src/test/resources/quov/$p.c
gcc -O2 -o "$d/$p.orig" "$src" -lm
IFS=';' read -ra sz <<< "$sizes"
runs=0; bad=0
for t in $tiles; do
  v=$p.$(echo "$t" | tr , x)
  s0=$(date +%s.%N)
  "$root/polyj" optimize --storage quov --tile "$t" "$src" -o "$d/$v.c" 2>"$d/$v.notes"
  echo "$p --tile $t: optimized in $(echo "$(date +%s.%N) - $s0" | bc) s"
  gcc -O2 -fopenmp -o "$d/$v" "$d/$v.c" -lm
  for s in "${sz[@]}"; do
    expected=$("$d/$p.orig" $s | md5sum)
    got=$(OMP_NUM_THREADS=2 "$d/$v" $s | md5sum)
    runs=$((runs + 1))
    [ "$got" = "$expected" ] || { bad=$((bad + 1)); echo "differs: $p --tile $t size $s"; }
  done
done
echo "$p: $runs runs, $bad differ"
