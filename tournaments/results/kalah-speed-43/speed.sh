#!/bin/bash
# Kalah(6,4) off from the start, 23-seed cached database, 1 and 2 threads, for each binary given;
# then a 20-seed database build (2 threads, empty cache) with the first binary.
# Run it under heavy-excl: the figures are wall times. Usage: speed.sh CACHE BIN...
cache=$1; shift
uptime
for bin in "$@"; do
  for t in 1 2 1 2; do
    echo "== $bin threads $t"
    SENTE_BIN=$bin SENTE_KALAH_DB_SEEDS=23 SENTE_CACHE_DIR=$cache RUST_LOG=info \
      scripts/kalah-solve.py --threads $t -- "newgame 6 4; solve" 2>&1 | grep "solve: value"
  done
done
uptime
rm -rf /tmp/kc20-speed; mkdir /tmp/kc20-speed
SENTE_BIN=$1 SENTE_KALAH_DB_SEEDS=20 SENTE_CACHE_DIR=/tmp/kc20-speed RUST_LOG=info \
  scripts/kalah-solve.py --threads 2 -- "newgame 6 4; solve" 2>&1 | grep -a "built in\|solve: value"
rm -rf /tmp/kc20-speed
uptime
