#!/usr/bin/env bash
# Self-play at equal time: the engine with 2 threads against itself with 1 thread, through the
# Gomocup protocol (scripts/gomoku-match.py), with random 3-stone openings and colours alternating.
#   GAMES=20 TURN=1000 RULE=4 SIZE=15 scripts/gomoku-threads.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="${BIN:-target/release/sente}"
python3 scripts/gomoku-match.py --games "${GAMES:-20}" --rule "${RULE:-4}" --size "${SIZE:-15}" \
  --turn "${TURN:-1000}" --openings 3 --seed "${SEED:-3}" \
  --a "$bin gomoku --threads 2" --b "$bin gomoku --threads 1" | tail -1
