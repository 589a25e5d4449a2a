#!/bin/bash
# usage: win-fresh.sh DIR COMMIT LOG — a fresh clone of the win branch at COMMIT in DIR (beside
# /work/shared), then scripts/test.sh timed; run under /work/tools/heavy-excl.
set -u
dir=$1 commit=$2 log=$3
rm -rf "$dir"
git clone -q /work/wt/win "$dir" && cd "$dir" && git checkout -q "$commit" || exit 1
{
  echo "start $(date -u +%T) $(uptime) $(git log --oneline -1)"
  ( while sleep 30; do echo "load $(date -u +%T) $(cut -d' ' -f1-3 /proc/loadavg)"; done ) &
  mon=$!
  time bash scripts/test.sh
  rc=$?
  kill $mon
  echo "rc $rc end $(date -u +%T) $(uptime)"
} > "$log" 2>&1
