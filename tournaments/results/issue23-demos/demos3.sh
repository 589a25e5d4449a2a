#!/usr/bin/env bash
set -u
W=/work/wt-tests-fail
D=/tmp/t23-demo
restore() { (cd $W && tar --exclude=./target --exclude=./.git -cf - .) | (cd $D && tar xf -); }
cd $D
restore
python3 /tmp/t23/break3.py > /tmp/t23/b3.log 2>&1 || exit 1
{ date
  cargo test --test match -- max_moves sync_timeout 2>&1
  cargo test --test protocol 2>&1
  date; } >> /tmp/t23/b3.log
restore
echo DEMOS3 DONE >> /tmp/t23/b3.log
