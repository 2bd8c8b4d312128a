#!/usr/bin/env bash
# polyj bench on a Slurm cluster: one shard of the benchmark per task of a job array.
#
#   mvn -q -DskipTests package                       # once, on a node that sees the same files
#   jobid=$(sbatch --parsable --array=1-8 bench/cluster/slurm-array.sh)
#   sbatch --dependency=afterany:$jobid --wrap "./polyj bench merge polyj-bench-shards/* --out polyj-bench-report"
#
# Task k of an array of N tasks runs `polyj bench --shard k/N` (the array must be contiguous,
# any first index) and writes its results to $POLYJ_BENCH_OUT/k. Every task must use the same
# options: set them in POLYJ_BENCH_ARGS (default: the LARGE data set, 5 runs, --threads from
# --cpus-per-task). Timings want a node to themselves, hence --exclusive.
#
#SBATCH --job-name=polyj-bench
#SBATCH --array=1-8
#SBATCH --cpus-per-task=4
#SBATCH --exclusive
#SBATCH --time=04:00:00
#SBATCH --output=polyj-bench-%A_%a.log
set -euo pipefail

root="${POLYJ_DIR:-${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}}"
out="${POLYJ_BENCH_OUT:-$root/polyj-bench-shards}"
threads="${SLURM_CPUS_PER_TASK:-4}"
read -r -a args <<< "${POLYJ_BENCH_ARGS:---dataset LARGE --reps 5 --threads $threads}"

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" || -z "${SLURM_ARRAY_TASK_COUNT:-}" ]]; then
  echo "slurm-array.sh: not a job array task (submit it with sbatch --array=1-N)" >&2
  exit 2
fi
index=$(( SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1 ))
count=$SLURM_ARRAY_TASK_COUNT

# Build once before submitting: N tasks building the same tree at once would collide.
if [[ ! -f "$root/polybench/target/polyj.jar" ]]; then
  echo "slurm-array.sh: $root/polybench/target/polyj.jar is missing; run 'mvn -q -DskipTests package' in $root first" >&2
  exit 2
fi

mkdir -p "$out"
status=0
"$root/polyj" bench --shard "$index/$count" --out "$out/$index" --progress plain "${args[@]}" || status=$?
# 1 means some kernel is wrong or failed: the shard's results are complete and the merged
# report shows it. Anything else is a failed task.
if [[ $status -eq 1 ]]; then
  echo "slurm-array.sh: shard $index/$count: some kernels are not ok (see $out/$index/report.txt)" >&2
  exit 0
fi
exit $status
