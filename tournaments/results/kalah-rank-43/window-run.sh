#!/bin/bash
# The kalah window: Kalah(6,5) off from an empty database cache, 2 threads, 8 GB proof table,
# interrupted at 07:41:40 UTC if not solved.
start=$(date -d "2026-11-29 07:29:00 UTC" +%s); dl=$(date -d "2026-11-29 07:41:40 UTC" +%s)
now=$(date +%s); [ $now -lt $start ] && sleep $((start - now))
cd "$(dirname "$0")/../../.."
rm -rf /tmp/kalah-w/kc65; mkdir -p /tmp/kalah-w/kc65
free -g
tournaments/results/kalah-rank-43/loadmon.sh $dl > /tmp/window-load.txt 2>&1 &
SENTE_BIN=${SENTE_BIN:-target/release/sente} SENTE_CACHE_DIR=/tmp/kalah-w/kc65 RUST_LOG=info \
  /work/tools/heavy-excl /usr/bin/time -f "%U user %S sys %e wall %M KB" \
  tournaments/results/kalah-rank-43/window65.py $dl --threads 2 --hash 8192
md5sum /tmp/kalah-w/kc65/*.db target/kalah-cache/kalah-v2-6pits-standard-23seeds.db
