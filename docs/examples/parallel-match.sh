#!/usr/bin/env bash
# A match spread over machines with GNU parallel: parallel-match.sh CONFIG OUT N [HOSTS_FILE]
# Each host needs the project (same path, `sente` on PATH or SENTE=...) and the engines; each
# shard's results file is copied back (--return), then the shards are merged here.
# Without HOSTS_FILE the N shards run on this machine, as many at once as it has cores.
set -euo pipefail
config=${1:?usage: parallel-match.sh CONFIG OUT N [HOSTS_FILE]}
out=${2:?} n=${3:?}
hosts=${4:-}
mkdir -p "$out"
if [ -n "$hosts" ]; then
  dir=$(pwd)
  parallel --sshloginfile "$hosts" --workdir "$dir" \
    --return "$out/results-shard-{}-of-$n.jsonl" --cleanup=false \
    bash docs/examples/run-shard.sh "$config" "$out" {} "$n" ::: $(seq 1 "$n")
else
  parallel bash docs/examples/run-shard.sh "$config" "$out" {} "$n" ::: $(seq 1 "$n")
fi
"${SENTE:-sente}" match merge --out "$out"
