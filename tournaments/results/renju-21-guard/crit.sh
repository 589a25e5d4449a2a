#!/bin/bash
# crit.sh NAME PARAMS [SET] : Sente (sente-g, env params) at N nodes on the critical (or defence) set, judged by Rapfi at 100k nodes
cd /work/notes/guard
N=${N:-500000}
CRIT=${3:-critical.txt} exec /work/tools/heavy-shared nice -n 5 python3 critical.py "$1" "env SENTE_RENJU_PARAMS=$2 /work/notes/guard/sente-g renju" $N
