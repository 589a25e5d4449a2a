#!/bin/bash
# The 17:00-17:15 window: Kalah(6,5) twice from an empty cache (25 seeds, cbcc2aa: the cache file
# written on a nice-19 thread during the search), then Kalah(6,4) from an empty cache once and
# warm three times.
cd "$(dirname "$0")"
export SENTE_BIN=/tmp/kalah-sente-cbcc2aa
uptime
./window-run.sh 17:14:00 25 $PWD/window2-25a.log
uptime
./window-run.sh 17:14:00 25 $PWD/window2-25b.log
uptime
rm -rf /tmp/kalah-w/kc64b; mkdir -p /tmp/kalah-w/kc64b
./warm64.sh /tmp/kalah-w/kc64b 4 > $PWD/window2-64.log 2>&1
uptime
