#!/bin/bash
# The kalah window: Kalah(6,5) off from an empty database cache, 2 threads, 8 GB proof table (as
# in kalah-rank-43, kalah-build-43 and kalah-lookahead-43), SEEDS-seed database
# (SENTE_KALAH_DB_SEEDS), interrupted at DEADLINE (UTC, HH:MM:SS) if not solved.
# Usage: SENTE_BIN=... window-run.sh HH:MM:SS SEEDS LOG
dl=$(date -d "$(date -u +%F) $1 UTC" +%s); seeds=$2; log=$3
cd "$(dirname "$0")/../../.."
rm -rf /tmp/kalah-w/kc65; mkdir -p /tmp/kalah-w/kc65
tournaments/results/kalah-rank-43/loadmon.sh $dl > ${log%.log}-load.txt 2>&1 &
mon=$!
SENTE_KALAH_DB_SEEDS=$seeds SENTE_CACHE_DIR=/tmp/kalah-w/kc65 RUST_LOG=info \
  /work/tools/heavy-excl /usr/bin/time -f "%U user %S sys %e wall %M KB" \
  tournaments/results/kalah-rank-43/window65.py $dl --threads 2 --hash 8192 > $log 2>&1
kill $mon
md5sum /tmp/kalah-w/kc65/*.db >> $log
rm -rf /tmp/kalah-w/kc65
