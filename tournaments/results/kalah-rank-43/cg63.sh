#!/bin/bash
# callgrind of Kalah(6,3) off solve, 11-seed database in /tmp/kc11, 1 thread. Usage: cg63.sh BIN OUT
cd "$(dirname "$0")/../../.."
CG_BIN=$1 CG_OUT=$2 SENTE_KALAH_DB_SEEDS=11 SENTE_CACHE_DIR=/tmp/kc11 RUST_LOG=info \
  SENTE_BIN=tournaments/results/kalah-rank-43/cg-wrap.sh scripts/kalah-solve.py --threads 1 -- "newgame 6 3; solve" 2>&1 | grep -E "solve|Collected"
