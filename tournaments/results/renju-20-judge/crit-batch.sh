#!/bin/bash
cd /work/notes/judge
N=${N:-500000}
B=/work/notes/fn/sente-sp
run() { /work/tools/heavy-shared nice -n 5 python3 critical.py "$1" "env SENTE_RENJU_PARAMS=$2 $B renju" $N; }
run base "" & run A "lmr_cut_node=24,lmr_not_improving=16,lmr_continuous_attack=8,lmr_deeper_margin=34,fail_high_reduction=16" & wait
run cont16 "lmr_continuous_attack=16" & run fbe21 "forced_block_extension=21" & wait
run deeper "lmr_deeper_margin=34" & run fhr16 "fail_high_reduction=16" & wait
