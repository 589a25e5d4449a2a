# The exclusive hold of the seventh session (run as: BIN=/tmp/hc3/sente-883c135 TAG=883c135 /work/bin/heavy-excl bash run-883c135.sh);
# /tmp/hc3/sente-883c135 is a release build of hex-conn 883c135 (same binary as a325eed: docs only since).
cd /work/wt-hex-conn
R=/tmp/hc3/res; mkdir -p $R
echo "start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver6-$TAG-same-run.txt
tail -1 $R/solver6-$TAG-same-run.txt
echo "7x7 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver7-$TAG-same-run.txt
tail -1 $R/solver7-$TAG-same-run.txt
echo "end $(date -u) $(uptime)"
