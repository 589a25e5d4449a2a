#!/bin/bash
# One exclusive window: Sente and MoHex f888938 (/work/opp/mohex) side by side, one process a
# core (the machine has two), each 8x8 opening in a fresh process with an empty table, one
# thread, 300 s cap, until END_AT (UTC), when whatever still runs is stopped. Each engine works
# through its own list at its own pace (a slow opening of one does not hold the other up).
#   BIN=/path/sente CELLS=a1,.. [CELLS_SENTE=..] END_AT=16:39:40 TAG=w1 \
#     /work/tools/heavy-excl bash run-excl.sh
# SIZE=4 (with 4x4 cells) checks the script, not a measurement. MIDGAME=1: Sente runs the 45-position
# 9x9 middle-game benchmark (../hex-9-midgame-solve/bench.py, 3 s each) before its openings.
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
VS=../hex-solve-engine/vs-mohex.py
END=$(TZ=UTC date -d "${END_AT:?}" +%s)
stamp() { echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) $*"; }
if [ "${1:-}" = series ]; then
  log=$2; cells=$3; shift 3
  {
    if [ -n "${MIDGAME:-}" ] && [ "$1" = --bin ]; then
      # The 45-position 9x9 middle game first (3 s each, one thread, fresh table each).
      stamp "midgame"
      python3 ../hex-9-midgame-solve/bench.py --bin "$2" --timelimit 3 > "${log%-*}-midgame.log" 2>&1
    fi
    stamp "${SIZE:-8}x${SIZE:-8} $cells"
    python3 $VS --size ${SIZE:-8} --cells "$cells" --fresh --timelimit 300 "$@"
    stamp end
  } > "$log" 2>&1
  exit 0
fi
stamp start
uptime
setsid bash "$0" series "$TAG-sente.log" "${CELLS_SENTE:-$CELLS}" --bin "${BIN:?}" & P1=$!
setsid bash "$0" series "$TAG-mohex.log" "$CELLS" --mohex /work/opp/mohex --stats & P2=$!
setsid bash -c "sleep $(( END - $(date +%s) )); echo \"\$(date -u +%T) window end: stopping\"; kill -- -$P1 -$P2" & W=$!
wait $P1 $P2
kill -- -$W 2>/dev/null
stamp done
uptime
