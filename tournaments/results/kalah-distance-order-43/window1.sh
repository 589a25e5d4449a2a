#!/bin/bash
# The 15:55-16:15 window: Kalah(6,5) with the 25-seed database, the (6,4) warm solve twice, then
# Kalah(6,5) with a 26-seed database (interrupted at 16:14:00 if not solved).
cd "$(dirname "$0")"
export SENTE_BIN=/tmp/kalah-sente-f5fb22f
uptime
./window-run.sh 16:14:00 25 $PWD/window1-25.log
uptime
./warm64.sh /tmp/kalah-w/kc64 2 > $PWD/window1-warm64.log 2>&1
uptime
./window-run.sh 16:14:00 26 $PWD/window1-26.log
uptime
