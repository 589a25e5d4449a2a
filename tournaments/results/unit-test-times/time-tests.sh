#!/usr/bin/env bash
# Times each unit test of the test-profile lib harness in its own process (wall, CPU user, sys),
# appending "T name wall user sys rc" to $OUT (default /tmp/test-times.txt); tests already there
# are skipped, so a stopped run resumes. Run it under /work/tools/yielding: a SIGINT ends the
# test in progress (its whole process group: some tests install their own SIGINT handler and
# /usr/bin/time ignores the signal) and the script, without recording that test.
#   HARNESS=target/debug/deps/sente-HASH bash time-tests.sh
set -u
h=${HARNESS:?the lib test harness, from cargo test --lib --no-run}
out=${OUT:-/tmp/test-times.txt}
touch "$out"
pid=
trap '[ -n "$pid" ] && kill -9 -- -"$pid" 2>/dev/null; exit 130' INT TERM
"$h" --list 2>/dev/null | sed -n 's/: test$//p' > "$out.list"
while read -r t; do
  grep -q -F "T $t " "$out" && continue
  setsid /usr/bin/time -o "$out.t" -f "%e %U %S" "$h" --exact "$t" --test-threads=1 -q >/dev/null 2>&1 &
  pid=$!
  wait "$pid"
  rc=$?
  pid=
  [ $rc -eq 0 ] || [ $rc -eq 101 ] || exit 1
  echo "T $t $(tail -1 "$out.t") $rc" >> "$out"
done < "$out.list"
