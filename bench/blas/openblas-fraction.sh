#!/usr/bin/env bash
# The matrix-product kernels of the built-in suite at LARGE (gemm, 2mm, 3mm, syrk, syr2k, symm,
# trmm) as a fraction of the machine's BLAS: each kernel's useful floating-point rate (its BLAS
# flop count over its time) divided by OpenBLAS cblas_dgemm's rate on gemm's LARGE product, all on
# the same number of threads, timed interleaved (dgemm, then each kernel's polyj and gcc -O3 build)
# and reported as medians.
#
#   bench/blas/openblas-fraction.sh [--threads N] [--reps R] [--out DIR]
#
# Needs the OpenBLAS development files (Debian: apt-get install libopenblas-dev) and the polyj
# jar; the kernels are built and verified by `polyj bench`, whose executables in DIR/work are timed
# again here. OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are cleared so that OpenBLAS picks its native
# kernel.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root="$(cd "$here/../.." && pwd)"
threads=2 reps=5 out=polyj-blas-out
while [[ $# -gt 0 ]]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "usage: $0 [--threads N] [--reps R] [--out DIR]" >&2; exit 2 ;;
  esac
done
kernels=(gemm 2mm 3mm syrk syr2k symm trmm)
# useful flops at LARGE (PolyBench 4.2 sizes; the BLAS counts: gemm 2mnk, syrk n(n+1)k,
# syr2k 2n(n+1)k, symm 2m^2n, trmm m^2n)
declare -A flops=(
  [gemm]=$((2 * 1000 * 1100 * 1200))
  [2mm]=$((2 * 800 * 900 * 1100 + 2 * 800 * 1200 * 900))
  [3mm]=$((2 * 800 * 900 * 1000 + 2 * 900 * 1100 * 1200 + 2 * 800 * 1100 * 900))
  [syrk]=$((1200 * 1201 * 1000))
  [syr2k]=$((2 * 1200 * 1201 * 1000))
  [symm]=$((2 * 1000 * 1000 * 1200))
  [trmm]=$((1000 * 1000 * 1200))
)
mkdir -p "$out"
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
cflags=$(pkg-config --cflags openblas 2>/dev/null || echo "-I/usr/include/x86_64-linux-gnu/openblas-pthread")
gcc -O2 $cflags "$here/dgemm_time.c" -o "$out/dgemm_time" -lopenblas
ok=0
"$root/polyj" bench --dataset LARGE --threads "$threads" --reps 1 --progress none \
  --kernels "$(IFS=,; echo "${kernels[*]}")" --out "$out/bench" >&2 || ok=$?
if [[ $ok -ne 0 ]]; then echo "$0: polyj bench reported a kernel not ok (see $out/bench/report.txt)" >&2; fi
samples="$out/samples.txt"
: > "$samples"
for ((r = 0; r < reps; r++)); do
  echo "dgemm $(OPENBLAS_NUM_THREADS=$threads "$out/dgemm_time" 1000 1100 1200 1)" >> "$samples"
  for k in "${kernels[@]}"; do
    for build in optimized baseline; do
      exe="$out/bench/work/$k/$build-time"
      [[ -x "$exe" ]] && echo "$k-$build $(OMP_NUM_THREADS=$threads "$exe" | tail -1)" >> "$samples"
    done
  done
done
flopsargs=""
for k in "${kernels[@]}"; do flopsargs+="$k=${flops[$k]} "; done
awk -v flops="$flopsargs gemm-dgemm=${flops[gemm]}" -v threads="$threads" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
  function median(name,   n, i, j, t, a) {
    n = split(s[name], a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n == 0 ? 0 : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
  }
  { s[$1] = s[$1] " " $2 }
  END {
    split(flops, f, " "); for (i in f) { split(f[i], kv, "="); fl[kv[1]] = kv[2] }
    d = median("dgemm"); rate = fl["gemm"] / d / 1e9
    printf "OpenBLAS cblas_dgemm, gemm LARGE, %d threads: %.4f s, %.1f GFLOP/s (load %s at the end)\n", threads, d, rate, load
    printf "%-8s %12s %10s %10s %12s %10s\n", "kernel", "polyj (s)", "GFLOP/s", "of dgemm", "gcc -O3 (s)", "of dgemm"
    n = split("gemm 2mm 3mm syrk syr2k symm trmm", ks, " ")
    for (i = 1; i <= n; i++) {
      k = ks[i]; p = median(k "-optimized"); g = median(k "-baseline")
      if (p == 0) { printf "%-8s %12s\n", k, "(no build)"; continue }
      printf "%-8s %12.4f %10.1f %9.0f%% %12.4f %9.1f%%\n", k, p, fl[k] / p / 1e9, 100 * fl[k] / p / 1e9 / rate, g, 100 * fl[k] / g / 1e9 / rate
    }
  }' "$samples" | tee "$out/blas-fraction.txt"
