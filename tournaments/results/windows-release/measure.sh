#!/usr/bin/env bash
# Issue 42: scripts/release.sh on a fresh clone of /work/main (its own empty target folder),
# timed, with the load every 30 s. Run under /work/tools/heavy-excl; leaves the clone in /tmp.
set -uo pipefail
d=/tmp/win-release-clone
rm -rf "$d"
echo "start $(date -u +%T) load: $(cat /proc/loadavg)"
git clone -q /work/main "$d"
cd "$d"
echo "commit $(git rev-parse --short HEAD)"
export CARGO_TARGET_DIR="$d/target"
( while sleep 30; do echo "load $(date -u +%T) $(cat /proc/loadavg)"; done ) &
mon=$!
/usr/bin/time -f "release.sh: %e s wall, %U s user, %S s sys" bash scripts/release.sh
rc=$?
kill $mon
echo "rc=$rc end $(date -u +%T) load: $(cat /proc/loadavg)"
