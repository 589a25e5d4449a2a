# The first exclusive hold of the eighth session (run as: BIN=/tmp/hc4/sente-08a07b2 TAG=08a07b2 /work/bin/heavy-excl bash run-08a07b2.sh);
# /tmp/hc4/sente-08a07b2 is a release build of hex-conn 08a07b2.
cd /work/wt-hex-conn
R=/tmp/hc4/res; mkdir -p $R
echo "start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver6-$TAG-same-run.txt
tail -1 $R/solver6-$TAG-same-run.txt
echo "7x7 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver7-$TAG-same-run.txt
tail -1 $R/solver7-$TAG-same-run.txt
echo "8x8 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 8 --timelimit 180 --cells a1 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver8-$TAG-same-run.txt
cat $R/solver8-$TAG-same-run.txt
echo "end $(date -u) $(uptime)"
