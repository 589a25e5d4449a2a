#!/bin/bash
# Session 10's exclusive window (14:15-14:30 UTC): Sente (the branch's solver, built at e986e7d
# and copied to /tmp/hs10/new) and MoHex f888938 (/work/opp/mohex) side by side, one process a
# core (the machine has two), each opening in a fresh process with an empty table, one thread,
# 300 s cap: the 36 6x6 openings, the 7x7 sample, then the 8x8 openings CELLS8 in that order,
# until the window's end (14:29:40 UTC), when whatever still runs is stopped.
#   CELLS8=a1,... /work/tools/heavy-excl bash run-excl10.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
END=${END_AT:-$(TZ=UTC date -d '14:29:40' +%s)}
# DRY=1: the same steps on 3x3 and 4x4 boards (a check of the script, not a measurement).
S6=6; S7=7; S8=8
[ -n "${DRY:-}" ] && { S6=3; S7=4; S8=4; }
stamp() { echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) $*"; }
if [ "${1:-}" = series ]; then
  log=$2; shift 2
  {
    stamp "6x6 all"
    python3 vs-mohex.py --size $S6 --fresh --timelimit 300 "$@"
    stamp "7x7 sample"
    python3 vs-mohex.py --size $S7 --cells a1,a2,b2,e2,c3,d4,b6 --fresh --timelimit 300 "$@"
    stamp "8x8 $CELLS8"
    python3 vs-mohex.py --size $S8 --cells "$CELLS8" --fresh --timelimit 300 "$@"
    stamp end
  } > "$log" 2>&1
  exit 0
fi
stamp start
setsid bash "$0" series excl10-sente.log --bin /tmp/hs10/new & P1=$!
setsid bash "$0" series excl10-mohex.log --mohex /work/opp/mohex --stats & P2=$!
setsid bash -c "sleep $(( END - $(date +%s) )); echo \"\$(date -u +%T) window end: stopping\"; kill -- -$P1 -$P2" & W=$!
wait $P1 $P2
kill -- -$W 2>/dev/null
stamp done
