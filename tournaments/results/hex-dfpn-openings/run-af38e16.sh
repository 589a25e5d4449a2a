# The exclusive hold that gave the fifth session's figures (run as: flock -x /work/heavy.lock bash run-af38e16.sh);
# /tmp/hc/sente-af38e16 is hex-conn af38e16, /tmp/hc/sente-main main 5ab9029, both release builds.
cd /work/wt-hex-conn
R=/tmp/hc/res; mkdir -p $R
echo "start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin /tmp/hc/sente-af38e16 --mohex tournaments/opponents/mohex > $R/solver6-af38e16-same-run.txt
tail -1 $R/solver6-af38e16-same-run.txt
python3 scripts/hex-openings.py --size 6 --timelimit 30 --bin /tmp/hc/sente-main > $R/solver6-main5ab9029.txt
tail -1 $R/solver6-main5ab9029.txt
echo "7x7 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 7 --timelimit 300 --bin /tmp/hc/sente-af38e16 --mohex tournaments/opponents/mohex > $R/solver7-af38e16-same-run.txt
tail -1 $R/solver7-af38e16-same-run.txt
echo "8x8 start $(date -u) $(uptime)"
python3 scripts/hex-openings.py --size 8 --timelimit 40 --cells a1,b2,c3,d4 --bin /tmp/hc/sente-af38e16 --mohex tournaments/opponents/mohex > $R/solver8-af38e16-same-run.txt 2>&1
tail -5 $R/solver8-af38e16-same-run.txt
echo "end $(date -u) $(uptime)"
echo "sprt start $(date -u) $(uptime)"
rm -rf /tmp/hc/res/sp-conn
timeout 540 /tmp/hc/sente-af38e16 match --game hex --size 9 --engine 'name=new cmd=/tmp/hc/sente-af38e16 hex --threads 1 --hash 64' --engine 'name=base cmd=/tmp/hc/sente-main hex --threads 1 --hash 64' --openings tournaments/openings/hex-9-1ply.txt --games 300 --concurrency 2 --tc 300ms/move --sprt 'elo0=0' 'elo1=50' 'alpha=0.05' 'beta=0.1' --out /tmp/hc/res/sp-conn > /tmp/hc/res/sp-conn.log 2>&1
tail -5 /tmp/hc/res/sp-conn.log
echo "end2 $(date -u) $(uptime)"
