#!/bin/bash
# usage: spe.sh NAME EVALFILE "PARAMS" GAMES [NODES] : self-play at fixed nodes, candidate eval file (+params) vs the same binary
name=$1; ev=$2; params=$3; games=$4; nodes=${5:-48600}
B=/work/notes/fn/sente-sp
cd /work/wt/lead
exec /work/tools/heavy-shared nice -n 5 $B match --game renju --size 15 \
  --engine "name=new nodes=$nodes cmd=env SENTE_RENJU_PARAMS=$params $B --eval-file $ev renju --threads 1 --hash 64" \
  --engine "name=base nodes=$nodes cmd=$B renju --threads 1 --hash 64" \
  --games $games --concurrency 2 --tc 30s/turn+600s/game \
  --openings tournaments/openings/renju-15-random-balanced-750.txt --out /work/notes/fn/$name --resume \
  --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05
