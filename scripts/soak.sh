#!/usr/bin/env bash
# Soak: many fast games over the four games through the match runner, two at a time, to catch
# what only shows over time: forfeits (a late move, a crash, a hang), memory that grows past
# the engine's budget, engine processes left behind.
#
#   bash scripts/soak.sh [OUT] [GAMES_PER_GAME]
#
# Defaults: tournaments/results/soak, 250 games each of Nim, Kalah(6,4), Hex 7x7 and Renju 15x15
# (1,000 in all), sente against its greedy player, at 100 ms (Nim, Kalah, Hex) and 200 ms
# (Renju) per move. Each engine runs under GNU time, whose peak resident set per process goes to
# OUT/<game>/rss.txt; the budget is --hash 16 for the GTP engines and INFO max_memory
# 67108864 (64 MB) for the Gomocup ones. Writes OUT/summary.txt: per game the games, the
# forfeits by reason, the largest peak RSS in MB and the wall time. Exit status 1 on any
# forfeit or a peak over budget.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-tournaments/results/soak}
n=${2:-250}
command -v /usr/bin/time >/dev/null || { apt-get install -y -qq time >/dev/null || exit 2; }
cargo build --release -q
bin=$(pwd)/target/release/sente
mkdir -p "$out"
summary=$out/summary.txt
{
  echo "Soak: $n games per game, concurrency 2, sente vs its greedy player"
  echo "binary: $(git rev-parse --short HEAD), started $(date -u +%FT%TZ), load: $(uptime | sed 's/.*load average: //')"
} > "$summary"
failed=0
# name | game | budget MB | tc | engine args | engine spec options | extra match flags
while IFS='|' read -r name game budget tc eargs opts extra; do
  dir=$out/$name
  rm -rf "$dir"
  mkdir -p "$dir"
  rss=$(pwd)/$dir/rss.txt
  wrap="/usr/bin/time -a -o $rss -f %M $bin"
  start=$(date +%s)
  # shellcheck disable=SC2086
  "$bin" match --game "$game" $extra --games "$n" --concurrency 2 --tc "$tc" \
    --engine "name=sente $opts cmd=$wrap $eargs" \
    --engine "name=greedy $opts cmd=$wrap $eargs --player greedy --seed 7" \
    --out "$dir" > "$dir/stdout.txt" 2> /dev/null || true
  wall=$(( $(date +%s) - start ))
  games=$(grep -c . "$dir/results.jsonl" || true)
  forfeits=$(grep -cE '"reason":"[^"]*(time forfeit|crash|no reply|bad reply|engine error|failed)' "$dir/results.jsonl" || true)
  peak_kb=$(sort -n "$rss" | tail -1)
  peak_mb=$(( ${peak_kb:-0} / 1024 ))
  procs=$(grep -c . "$rss" || true)
  verdict=ok
  if [ "$forfeits" != 0 ] || [ "$games" != "$n" ] || [ "$peak_mb" -gt "$budget" ]; then
    verdict=FAIL; failed=1
  fi
  printf '%-6s %4s games, %s forfeits, peak RSS %s MB over %s processes (budget %s MB), wall %s s: %s\n' \
    "$name" "$games" "$forfeits" "$peak_mb" "$procs" "$budget" "$wall" "$verdict" >> "$summary"
  grep -E '^(Score of|Time per move)' "$dir/stdout.txt" | sed 's/^/    /' >> "$summary" || true
done <<'EOF'
nim|nim|48|100ms/move|nim --threads 1 --hash 16||--openings tournaments/openings/nim-3heaps-1to8.txt
kalah|kalah|48|100ms/move|kalah --threads 1 --hash 16||--size 6 --openings tournaments/openings/kalah-6-4-2ply.txt
hex|hex|48|100ms/move|hex --threads 1 --hash 16||--size 7 --openings tournaments/openings/hex-7-1ply.txt
renju|renju|96|200ms/move|renju --threads 1|init="INFO max_memory 67108864"|--openings tournaments/openings/gomoku-15-26-offset.txt
EOF
echo "ended $(date -u +%FT%TZ), load: $(uptime | sed 's/.*load average: //')" >> "$summary"
cat "$summary"
exit $failed
