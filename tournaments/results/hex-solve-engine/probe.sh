#!/bin/bash
# per-opening nodes / answers of a GTP file (one dfpn-solve-state per position)
BIN=$1; GTP=$2
RUST_LOG=info /work/wt/hexsolve/scripts/talk.py -- "$BIN" hex --threads 1 < "$GTP" 2>&1 | python3 -c '
import sys,re
cell=None
for l in sys.stdin:
    m=re.match(r"> play b (\S+)",l)
    if m: cell=m.group(1)
    m=re.search(r"dfpn: (\d+) nodes.*?, ([\d.]+)(m?s), evaluated (\d+)",l)
    if m: info=(m.group(1),m.group(4),m.group(2)+m.group(3))
    if l.startswith("= ") and l.strip() in ("= white","= black") or l.startswith("? "):
        print(cell, l.strip(), *info, flush=True)
'
