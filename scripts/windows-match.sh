#!/usr/bin/env bash
# The Windows brain under Wine against the Linux build, through `sente match`, under each
# Gomocup rule: freestyle on 20x20 and 15x15, standard (exactly five), renju and caro, each on
# its Gomocup board. Fails unless every game ends on the board (five, a forbidden move, a full
# board or the move limit): a timeout, crash or illegal move of either side fails it. Also
# fails if the brain's peak working set (VmHWM of the Wine process, sampled twice a second)
# passes Gomocup's 350 MB, which it is told as Gomocup tells it (`INFO max_memory 367001600`).
#   scripts/windows-match.sh [GAMES_PER_RULE] [TC] [OUT] [RULES] [OPENINGS]
# Defaults: 2 games per rule (one opening, colours swapped), 300ms/turn+15s/game, two games at
# once, target/windows-test/match, every rule (RULES: a comma list of freestyle-20,
# freestyle-15, standard, renju, caro), the empty board (OPENINGS: a file in Gomocup's offset
# format, e.g. tournaments/openings/gomoku-15-26-offset.txt, each opening played with both
# colours). Gomocup's fastgame control is `5s/turn+120s/game`.
# A long check runs in pieces: with SHARD=i/n, only the runner's shard i of n is played
# (`--shard i/n --resume`), OUT is kept, and the verdict and peak cover every piece so far.
# Needs target/release/sente and target/windows-test/pbrain-sente.exe (scripts/windows-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2}
tc=${2:-300ms/turn+15s/game}
out=${3:-target/windows-test/match}
rules=${4:-freestyle-20,freestyle-15,standard,renju,caro}
openings=${5:-}
root=$(pwd)
exe=$root/target/windows-test/pbrain-sente.exe
for f in "$exe" target/release/sente; do
  [ -f "$f" ] || { echo "windows-match: missing $f" >&2; exit 2; }
done
piece=()
if [ -n "${SHARD:-}" ]; then
  piece=(--shard "$SHARD" --resume)
else
  rm -rf "$out" "$out".*.log
fi
[ -z "$openings" ] || piece+=(--openings "$openings")
mkdir -p "$out"
# The largest VmHWM (kB) of any running pbrain-sente.exe, kept in $out/peak-kb (over every piece).
[ -f "$out/peak-kb" ] || echo 0 >"$out/peak-kb"
(
  peak=$(cat "$out/peak-kb")
  while :; do
    for pid in $(pgrep -f "$exe" || true); do
      hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      if [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ]; then
        peak=$hwm
        echo "$peak" >"$out/peak-kb"
      fi
    done
    sleep 0.5
  done
) &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true' EXIT
fail=0
# name game size variant
for setting in "freestyle-20 gomoku 20 freestyle" "freestyle-15 gomoku 15 freestyle" \
  "standard gomoku 15 standard" "renju renju 15 -" "caro gomoku 15 caro"; do
  read -r name game size variant <<<"$setting"
  [[ ",$rules," == *",$name,"* ]] || continue
  variant_arg=()
  [ "$variant" = - ] || variant_arg=(--variant "$variant")
  start=$(date +%s)
  target/release/sente match --game "$game" --size "$size" "${variant_arg[@]}" \
    --engine "name=windows init=\"INFO thread_num 1; INFO max_memory 367001600\" cmd=$root/scripts/wine-run.sh $exe" \
    --engine "name=linux cmd=$root/target/release/sente $game --threads 1" \
    --games "$games" --tc "$tc" --tolerance 1s --concurrency 2 --out "$out/$name" "${piece[@]}" \
    >>"$out.$name.log" 2>&1 || { echo "windows-match: $name: the runner failed:"; tail -5 "$out.$name.log"; fail=1; continue; }
  python3 - "$out/$name" "$name" "$(($(date +%s) - start))" <<'PY' || fail=1
import glob, json, re, sys
folder, name, secs = sys.argv[1:]
# results.jsonl, or one file per shard when played in pieces.
games = [json.loads(l) for p in sorted(glob.glob(folder + '/results*.jsonl')) for l in open(p)]
on_board = re.compile(r'made five|forbidden move|board full|move limit')
bad = [g for g in games if not on_board.search(g['reason'])]
wins = sum((g['result'] == 'first') == (g['first'] == 'windows') for g in games if g['result'] in ('first', 'second'))
draws = sum(g['result'] == 'draw' for g in games)
print('windows-match: %s: %d games (this piece %s s), windows %d wins, %d draws, %d not ended on the board%s'
      % (name, len(games), secs, wins, draws, len(bad),
         ''.join('\n  game %d: %s' % (g['game'], g['reason']) for g in bad)))
sys.exit(1 if bad or not games else 0)
PY
done
peak_kb=$(cat "$out/peak-kb")
echo "windows-match: peak working set of pbrain-sente.exe $((peak_kb >> 10)) MB (Gomocup's limit 350 MB)"
if [ "$peak_kb" -eq 0 ] || [ "$peak_kb" -ge $((350 << 10)) ]; then
  fail=1
fi
exit $fail
