#!/bin/bash
# Runs a binary on a GTP file (one `dfpn-solve-state` per position) and prints its summed df-pn
# nodes, positions judged, answers, and wall and CPU seconds of the whole run.
#   bash measure.sh BIN FILE.gtp
BIN=$1; GTP=$2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$HERE/../../..
start=$(date +%s.%N)
RUST_LOG=info /usr/bin/time -f "cpu %U" "$ROOT/scripts/talk.py" -- "$BIN" hex --threads 1 < "$GTP" 2>&1 | python3 -c '
import sys,re
n=e=0; ans=[]; cpu="?"
for l in sys.stdin:
    m=re.search(r"dfpn: (\d+) nodes.*evaluated (\d+)",l)
    if m: n+=int(m.group(1)); e+=int(m.group(2))
    m=re.match(r"cpu (\S+)",l)
    if m: cpu=m.group(1)
    if l.startswith("= ") and l.strip()!="=": ans.append(l.split()[1])
    if l.startswith("? "): ans.append("unsolved")
print("nodes",n,"evaluated",e,"white",ans.count("white"),"black",ans.count("black"),"unsolved",ans.count("unsolved"),"cpu_s",cpu, end=" ")
'
echo "wall_s $(echo "$(date +%s.%N) - $start" | bc)"
