#!/bin/bash
# Correctness of the QUOV storage for many run-time tile sizes from one binary (docs/quov.md):
# PROGRAM of polybench/src/test/resources/quov is optimized with --tile param --storage quov for
# each quov.fuse mode, compiled once, and run for every combination of tile sizes in
# {1, 2, 3, 5, 8, 13, 40} per band member (NTILE members) and each problem size; every output
# must equal the original's bit for bit.
#
# usage (from the repository root, after mvn -q -DskipTests package):
#   bench/quov/tile-sweep.sh PROGRAM "T N;T N" NTILE [OUTDIR]
#   e.g. bench/quov/tile-sweep.sh jacobi2d "5 12;4 19" 3
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
p=$1; sizes=$2; nt=$3; d=${4:-/tmp/quov-sweep}
mkdir -p "$d"
src=$root/polybench/src/test/resources/quov/$p.c
gcc -O2 -o "$d/$p.orig" "$src" -lm
vals="1 2 3 5 8 13 40"
for f in false faces true; do
  "$root/polyj" optimize --tile param --storage quov --pass-option quov.fuse=$f "$src" -o "$d/$p.$f.c" 2>/dev/null
  gcc -O2 -fopenmp -o "$d/$p.$f" "$d/$p.$f.c" -lm
  runs=0; bad=0
  IFS=';' read -ra sz <<< "$sizes"
  for s in "${sz[@]}"; do
    expected=$("$d/$p.orig" $s | md5sum)
    for a in $vals; do for b in $vals; do for c in $([ "$nt" -ge 3 ] && echo $vals || echo 1); do
      for e in $([ "$nt" -ge 4 ] && echo 1 3 40 || echo 1); do
        got=$(POLYJ_T1=$a POLYJ_T2=$b POLYJ_T3=$c POLYJ_T4=$e OMP_NUM_THREADS=2 "$d/$p.$f" $s | md5sum)
        runs=$((runs + 1))
        [ "$got" = "$expected" ] || { bad=$((bad + 1)); echo "differs: $p fuse=$f size $s tiles $a $b $c $e"; }
      done
    done; done; done
  done
  echo "$p quov.fuse=$f: $runs runs, $bad differ"
done
