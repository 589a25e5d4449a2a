#!/usr/bin/env bash
# The same Gomocup match as `sente match`, run by c-gomoku-cli, a second and independent manager
# (it adjudicates renju fouls itself): a check that our runner's figures are not an artefact of
# our own referee. Needs c-gomoku-cli and Rapfi built into tournaments/opponents/ (docs/match.md, "Playing the real opponents").
#
#   bash scripts/c-gomoku-cli-match.sh [OUT] [RULE] [OPENINGS] [GAMES]
#
# Defaults: tournaments/results/cgc-renju-15-vs-rapfi, rule 4 (renju), the 26 standard openings,
# 52 games (each opening with both colours), 1 s per turn, one thread each, two games at once.
# Writes OUT/command.txt, OUT/games.sgf, OUT/games.pgn, OUT/output.txt (what c-gomoku-cli printed).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-tournaments/results/cgc-renju-15-vs-rapfi}
rule=${2:-4}
openings=${3:-tournaments/openings/gomoku-15-26-offset.txt}
games=${4:-52}
opp=tournaments/opponents
# The start-up rule only; the manager sends INFO rule before every game.
game=gomoku; [ "$rule" = 4 ] && game=renju
for f in "$opp/c-gomoku-cli" "$opp/rapfi/pbrain-rapfi" target/release/sente; do
  [ -x "$f" ] || { echo "missing $f (see docs/match.md, "Playing the real opponents"; cargo build --release)" >&2; exit 2; }
done
mkdir -p "$out"
# c-gomoku-cli reads every line as an opening: comments out.
grep -v '^[[:space:]]*\(#\|;\|$\)' "$openings" > "$out/openings.txt"
cmd=("$opp/c-gomoku-cli"
  -each tc=0/1 thread=1
  -engine name=sente "cmd=$(pwd)/target/release/sente $game --threads 1"
  -engine name=rapfi "cmd=$(pwd)/$opp/rapfi/pbrain-rapfi"
  -rule "$rule" -boardsize 15 -games "$games" -repeat -concurrency 2 -drawafter 225
  -openings "file=$out/openings.txt" type=offset order=sequential
  -sgf "$out/games.sgf" -pgn "$out/games.pgn")
printf '%q ' "${cmd[@]}" > "$out/command.txt"
echo >> "$out/command.txt"
echo "binary: $(git rev-parse --short HEAD), load before: $(uptime | sed 's/.*load average: //')" >> "$out/command.txt"
start=$(date +%s)
"${cmd[@]}" 2>&1 | tee "$out/output.txt"
echo "wall time: $(( $(date +%s) - start )) s, load after: $(uptime | sed 's/.*load average: //')" >> "$out/command.txt"
