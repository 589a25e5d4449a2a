#!/bin/bash
# Session 9: a GTP file through one switch build (temporary env switches, not committed:
# SENTE_CAPS captured pairs on/off, SENTE_SEMICAP the semi cap between two non-edge nodes,
# SENTE_PROVEN=0 the old search for the root's winning move), printing each solve's log line
# and the run's CPU seconds.   BIN=/tmp/hs9/sw2 bash switches9.sh FILE.gtp base caps4 ...
cd "$(dirname "$0")"
G=$1; shift
for v in "$@"; do
  unset SENTE_CAPS SENTE_SEMICAP SENTE_PROVEN
  case $v in
    base) export SENTE_CAPS=0;;
    caps) export SENTE_CAPS=1;;
    caps4) export SENTE_CAPS=1 SENTE_SEMICAP=4;;
    caps6) export SENTE_CAPS=1 SENTE_SEMICAP=6;;
    oldmove) export SENTE_CAPS=0 SENTE_PROVEN=0;;
  esac
  echo "$v $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  RUST_LOG=info /usr/bin/time -f "cpu %U" ../../../scripts/talk.py -- "${BIN:-/tmp/hs9/sw2}" hex --threads 1 < "$G" 2>&1 \
    | grep -E "dfpn:|cpu|^= [a-z]" | sed 's/.*INFO  sente::games::hex::session_vc. //'
done
