#!/bin/sh
# Times the triangular product with the outer loop parallel (static schedule) and collapsed into
# one flat loop over ranks (polyj multifor), THREADS threads (default 4), three runs each.
# Usage: bench/collapse/run.sh [THREADS]    (from the repository root, after mvn -q -DskipTests package)
set -e
T=${1:-4}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
HERE=$(dirname "$0")
sed 's/^#ifdef COLLAPSED/#if 1/' "$HERE/triangular.c" > "$D/c.c"
"$HERE/../../polyj" multifor "$D/c.c" > "$D/collapsed.c"
gcc -O3 -fopenmp "$HERE/triangular.c" -o "$D/static"
gcc -O3 -fopenmp "$D/collapsed.c" -o "$D/collapsed"
# one chunk per rank range of 200000 chunks, sequentially: the cost of unranking
gcc -O3 -DM=1 -DPOLYJ_CHUNKS=1 "$D/collapsed.c" -o "$D/one"
gcc -O3 -DM=1 -DPOLYJ_CHUNKS=200000 "$D/collapsed.c" -o "$D/many"
for r in 1 2 3; do
  printf 'static    '; OMP_NUM_THREADS=$T "$D/static"
  printf 'collapsed '; OMP_NUM_THREADS=$T "$D/collapsed"
done
printf '1 chunk (M=1)        '; "$D/one"
printf '200000 chunks (M=1)  '; "$D/many"
