#!/bin/bash
# Kalah(6,4) off, 2 threads, default options, RUNS times, each in a fresh process, with the
# 20-seed database cached in CACHE (the first run builds it if CACHE is empty; then warm).
# Usage: SENTE_BIN=... warm64.sh CACHE RUNS
cd "$(dirname "$0")/../../.."
for i in $(seq $2); do
  echo "run $i $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  SENTE_CACHE_DIR=$1 RUST_LOG=info /work/tools/heavy-excl /usr/bin/time -f "%U user %e wall %M KB" \
    scripts/kalah-solve.py --threads 2 -- "newgame 6 4; solve" 2>&1 | grep -E "built in|cached in|waited|loaded|solve:|wall|^=" | sed 's/^\[[^]]*\] //'
done
