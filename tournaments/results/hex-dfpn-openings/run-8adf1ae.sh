# The exclusive holds of the ninth session (run as: /work/bin/heavy-excl bash run-8adf1ae.sh [part]);
# /tmp/hc5/sente-8adf1ae is a release build of hex-conn 8adf1ae, /tmp/hc5/sente-51e004c of main 51e004c.
cd /work/wt-hex-conn
BIN=/tmp/hc5/sente-8adf1ae; BASE=/tmp/hc5/sente-51e004c; TAG=8adf1ae
R=/tmp/hc5/res; mkdir -p $R
echo "start $(date -u) $(uptime)"
if [ "$1" != b2 ]; then
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver6-$TAG-same-run.txt
tail -1 $R/solver6-$TAG-same-run.txt
echo "7x7 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver7-$TAG-same-run.txt
tail -1 $R/solver7-$TAG-same-run.txt
echo "7x7 main 51e004c start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin $BASE > $R/solver7-51e004c.txt
tail -1 $R/solver7-51e004c.txt
echo "8x8 a1 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 8 --timelimit 180 --cells a1 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver8-$TAG-same-run.txt
cat $R/solver8-$TAG-same-run.txt
echo "bench start $(date -u) $(uptime)"
for b in $BASE $BIN $BASE $BIN; do echo $b; $b bench hex-mcts --threads 1 2>&1 | tail -1; done
else
python3 scripts/hex-openings.py --size 8 --timelimit 180 --cells b2 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver8b2-$TAG-same-run.txt
cat $R/solver8b2-$TAG-same-run.txt
fi
echo "end $(date -u) $(uptime)"
