#!/bin/bash
# loadmon.sh UNTIL_EPOCH: every 30 s, the time, the load and the top 4 processes by CPU
while [ $(date +%s) -lt $1 ]; do
  echo "$(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) | $(ps -eo pcpu,rss,comm --sort=-pcpu | sed -n 2,5p | awk '{printf "%s%% %dMB %s; ", $1, $2/1024, $3}')"
  sleep 30
done
