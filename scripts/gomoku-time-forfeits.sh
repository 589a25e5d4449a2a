#!/usr/bin/env bash
# Counts time forfeits at the Gomocup referee's clock: self-play of the engine against itself
# (two threads each by default) through the protocol, at 1 s per move, then at 5 s per move with
# 120 s per game, with the referee's 1 s tolerance. The issue asks for 0 in 200 games each;
# GAMES=n shortens the run, RULE=0|1|4|8 and SIZE pick the game (default renju, 15).
#   scripts/gomoku-time-forfeits.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
games="${GAMES:-200}"
rule="${RULE:-4}"
size="${SIZE:-15}"
threads="${THREADS:-2}"
engine="target/release/sente gomoku --threads $threads"
mkdir -p target/forfeits
for tc in "1000 0" "5000 120000"; do
  set -- $tc
  echo "== $games games, rule $rule, ${size}x${size}, turn $1 ms, match $2 ms"
  python3 scripts/gomoku-match.py --games "$games" --rule "$rule" --size "$size" \
    --turn "$1" --match "$2" --tolerance 1000 --openings 3 --seed 7 \
    --a "$engine" --b "$engine" --json "target/forfeits/turn$1-match$2.json" | tail -1
done
