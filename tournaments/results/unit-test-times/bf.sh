#!/usr/bin/env bash
# Times the named unit tests of a lib test harness one by one, each alone in its process on one
# harness thread: appends "wall user sys rc=RC test load" to OUT. CPU time (user) is the figure
# to compare; run it under /work/tools/heavy-shared.
#   bash bf.sh target/debug/deps/sente-HASH OUT TEST...
h=$1 out=$2
shift 2
t=$(mktemp)
for test in "$@"; do
  /usr/bin/time -o "$t" -f "%e %U %S" "$h" --exact "$test" --test-threads=1 -q >/dev/null 2>&1
  rc=$?
  echo "$(tail -1 "$t") rc=$rc $test $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out"
done
rm -f "$t"
