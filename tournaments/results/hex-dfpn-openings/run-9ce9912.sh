# The exclusive hold of the sixth session (run as: BIN=/tmp/hc2/sente-t2 TAG=9ce9912 /work/bin/heavy-excl bash run-9ce9912.sh);
# /tmp/hc2/sente-t2 is hex-conn 9ce9912, /tmp/hc2/sente-base main e467687, both release builds.
cd /work/wt-hex-conn
R=/tmp/hc2/res; mkdir -p $R
echo "start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver6-$TAG-same-run.txt
tail -1 $R/solver6-$TAG-same-run.txt
echo "7x7 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin $BIN --mohex tournaments/opponents/mohex > $R/solver7-$TAG-same-run.txt
tail -1 $R/solver7-$TAG-same-run.txt
echo "end $(date -u) $(uptime)"
echo "base6: $(timeout 100 python3 scripts/hex-openings.py --size 6 --bin /tmp/hc2/sente-base | tail -1)"
echo "new6: $(timeout 100 python3 scripts/hex-openings.py --size 6 --bin $BIN | tail -1)"
