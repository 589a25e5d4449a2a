#!/bin/bash
# A match as a Slurm job array, one shard per task, on a shared file system:
#   sbatch --array=1-20 docs/examples/slurm-match.sh tournaments/hex-11.toml tournaments/results/hex-11
# When every task is done:
#   sente match merge --out tournaments/results/hex-11
# Give each task as many CPUs as its games need: --concurrency x the engines' threads.
#SBATCH --job-name=sente-match
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
set -euo pipefail
config=${1:?usage: sbatch --array=1-N slurm-match.sh CONFIG OUT}
out=${2:?usage: sbatch --array=1-N slurm-match.sh CONFIG OUT}
n=${SLURM_ARRAY_TASK_COUNT:?run as a job array: sbatch --array=1-N}
cd "${SLURM_SUBMIT_DIR:-.}"
exec bash docs/examples/run-shard.sh "$config" "$out" "$SLURM_ARRAY_TASK_ID" "$n"
