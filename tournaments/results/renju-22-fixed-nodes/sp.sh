#!/bin/bash
# usage: sp.sh NAME "PARAMS" GAMES [NODES] [EVALFILE] : self-play at fixed nodes, the candidate (its
# SENTE_RENJU_PARAMS, and its --eval-file when given) against the same binary unchanged. Run from
# the project root; B is the build under test (session 22 used a frozen copy of it), OUT the folder
# the match records go under.
name=$1; params=$2; games=$3; nodes=${4:-48600}; ev=${5:+--eval-file $5}
B=${B:-target/release/sente}; OUT=${OUT:-.}
exec $B match --game renju --size 15 \
  --engine "name=new nodes=$nodes cmd=env SENTE_RENJU_PARAMS=$params $B $ev renju --threads 1 --hash 64" \
  --engine "name=base nodes=$nodes cmd=$B renju --threads 1 --hash 64" \
  --games $games --concurrency 2 --tc 30s/turn+600s/game \
  --openings tournaments/openings/renju-15-random-balanced-750.txt --out "$OUT/$name" --resume \
  --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05
