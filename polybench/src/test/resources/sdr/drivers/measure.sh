#!/usr/bin/env bash
# Runtime of the original and the SDR-simplified gmm_gibbs at the sizes given (N K pairs):
#   polybench/src/test/resources/sdr/drivers/measure.sh 2000 10 8000 10
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../../../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/polyj" sdr --emit-c "$here/../gmm_gibbs.c" > "$work/simplified.c"
gcc -O2 -o "$work/original" "$here/gmm_gibbs_main.c" "$here/../gmm_gibbs.c"
gcc -O2 -o "$work/simplified" "$here/gmm_gibbs_main.c" "$work/simplified.c"
while [[ $# -ge 2 ]]; do
  echo "original:   $("$work/original" "$1" "$2")"
  echo "simplified: $("$work/simplified" "$1" "$2")"
  shift 2
done
