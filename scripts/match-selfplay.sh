#!/usr/bin/env bash
# A 100-game Nim match, sente (theory) against the greedy reference player, played with
# concurrency 1 and then 2; prints each summary and wall time. Results go to
# tournaments/results/nim-selfplay-c1 and -c2 (replaced). Usage: scripts/match-selfplay.sh [games] [tc]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
tc=${2:-100ms/move}
cargo build --release --quiet
bin=target/release/sente
for c in 1 2; do
  out=tournaments/results/nim-selfplay-c$c
  rm -rf "$out"
  start=$(date +%s.%N)
  "$bin" match --game nim \
    --engine "name=sente cmd=$bin nim --threads 1 --hash 1" \
    --engine "name=greedy cmd=$bin nim --threads 1 --hash 1 --player greedy --seed 7" \
    --games "$games" --concurrency "$c" --tc "$tc" \
    --openings tournaments/openings/nim-3heaps-1to8.txt --out "$out" 2>/dev/null
  end=$(date +%s.%N)
  echo "concurrency $c: wall time $(awk "BEGIN { printf \"%.2f\", $end - $start }") s"
  echo
done
