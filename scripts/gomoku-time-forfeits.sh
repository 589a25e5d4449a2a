#!/usr/bin/env bash
# Counts time forfeits at the Gomocup referee's clock: the engine (two threads each by default)
# through the protocol, at 1 s per move, then at 5 s per move with 120 s per game, with the
# referee's 1 s tolerance. The issue asks for 0 in 200 games each.
#   GAMES=n          shortens the run;  RULE=0|1|4|8 and SIZE pick the game (default renju, 15)
#   OPPONENT=greedy  plays the greedy reference player instead of itself (shorter games)
#   TCS="5000:120000" picks the time controls (turn:match in ms, space-separated)
#   OUT=dir          keeps each game in dir/turnT-matchM.jsonl and the summary in .json;
#   RESUME=1         continues a run that was cut off from those records;
#   SEED=n           picks the openings (default 7; runs with other seeds can go in parallel).
#   scripts/gomoku-time-forfeits.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
games="${GAMES:-200}"
rule="${RULE:-4}"
size="${SIZE:-15}"
threads="${THREADS:-2}"
bin="${BIN:-target/release/sente}"
out="${OUT:-target/forfeits}"
engine="$bin gomoku --threads $threads"
opponent="$engine"
if [ "${OPPONENT:-self}" = greedy ]; then
  opponent="$bin gomoku --threads 1 --hash 1 --player greedy --seed {game}"
fi
resume=()
if [ "${RESUME:-0}" = 1 ]; then resume=(--resume); fi
mkdir -p "$out"
for tc in ${TCS:-1000:0 5000:120000}; do
  turn="${tc%%:*}"; match="${tc##*:}"
  echo "== $games games, rule $rule, ${size}x${size}, turn $turn ms, match $match ms, opponent ${OPPONENT:-self}"
  python3 scripts/gomoku-match.py --games "$games" --rule "$rule" --size "$size" \
    --turn "$turn" --match "$match" --tolerance 1000 --openings 3 --seed "${SEED:-7}" \
    --a "$engine" --b "$opponent" --record "$out/turn$turn-match$match.jsonl" "${resume[@]}" \
    --json "$out/turn$turn-match$match.json" | tail -1
done
