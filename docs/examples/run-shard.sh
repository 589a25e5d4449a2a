#!/usr/bin/env bash
# Plays one shard of a match: run-shard.sh CONFIG OUT I N  (I from 1 to N).
# Every shard of one match gets the same CONFIG and OUT (a folder on a shared file system, or
# one collected afterwards); each writes OUT/results-shard-I-of-N.jsonl and its summary.
# --resume makes a re-run of a cut-off shard continue where it stopped.
# When every shard is done:  sente match merge --out OUT
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 CONFIG OUT I N" >&2
  exit 2
fi
config=$1 out=$2 i=$3 n=$4
exec "${SENTE:-sente}" match --config "$config" --out "$out" --shard "$i/$n" --resume
