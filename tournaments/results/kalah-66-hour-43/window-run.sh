#!/bin/bash
# The kalah window's (6,6) report run (issue 43): Kalah(6,6) off, `solve` from an empty database
# cache, 2 threads, HASH-MB proof table, SEEDS-seed database (SENTE_KALAH_DB_SEEDS), interrupted
# at DEADLINE (UTC, HH:MM:SS); the solver's log at debug level (each probe's outcome and the
# first pit that proved it), a progress line every 10 s, the load every 30 s.
# Usage: SENTE_BIN=... window-run.sh HH:MM:SS SEEDS HASH-MB LOG
dl=$(date -d "$(date -u +%F) $1 UTC" +%s); seeds=$2; hash=$3; log=$4
cd "$(dirname "$0")/../../.."
rm -rf /tmp/kalah-w/kc66; mkdir -p /tmp/kalah-w/kc66
tournaments/results/kalah-rank-43/loadmon.sh $dl > ${log%.log}-load.txt 2>&1 &
mon=$!
SENTE_KALAH_DB_SEEDS=$seeds SENTE_CACHE_DIR=/tmp/kalah-w/kc66 \
  RUST_LOG=info,sente::games::kalah::solver=debug \
  /work/tools/heavy-excl /usr/bin/time -f "%U user %S sys %e wall %M KB" \
  tournaments/results/kalah-66-hour-43/window66.py $dl 6 6 --threads 2 --hash $hash > $log 2>&1
kill $mon
ls -l /tmp/kalah-w/kc66 >> $log
rm -rf /tmp/kalah-w/kc66
