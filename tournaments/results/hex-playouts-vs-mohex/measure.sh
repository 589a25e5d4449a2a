#!/bin/bash
# measure.sh BIN: our playouts (the genmove log line) and MoHex's (its search statistics) in the
# searches of make.sh's files, from the project root's tournaments/opponents/mohex. Timing: run
# it under /work/tools/heavy-excl.
O=$(cd "$(dirname "$0")" && pwd); BIN=$1; cd "$O/../../.."
for s in 11 13; do
  echo "== $s x $s ours ($BIN) $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  RUST_LOG=info python3 $O/drive.py $O/ours-$s.gtp $BIN hex --threads 1 2>&1 | grep -E 'genmove \(mcts\)|^= [a-z]'
  echo "== $s x $s mohex $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 $O/drive.py $O/mohex-$s.gtp tournaments/opponents/mohex --use-logfile=false 2>&1 | grep -E '^(Count|GamesPlayed|Time|Games/s|Elapsed Time)|^= [a-z]'
done
echo "== end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
