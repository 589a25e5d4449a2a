#!/bin/bash
# make.sh T: the GTP files of a T-second search by each engine, three genmoves (b, w, b) from one
# 11x11 and one 13x13 middle game: ours-SIZE.gtp (time_settings/time_left as `sente match`
# sends them) and mohex-SIZE.gtp (param_mohex max_time T, one thread, as the match configs).
cd "$(dirname "$0")"; R=../hex-play-selfplay; T=$1
for s in 11 13; do
  if [ $s = 11 ]; then src=$R/sp-vc-cache-1g-11/mid1.gtp; n=24; else src=$R/sp-vc-cache-1g/bench-game3-13x13.gtp; n=21; fi
  { head -$n $src; echo "time_settings 0 $T 1"; for c in b w b; do echo "time_left $c $T 1"; echo "genmove $c"; done; echo quit; } > ours-$s.gtp
  { echo "param_mohex max_time $T"; echo "param_mohex num_threads 1"; head -$n $src; for c in b w b; do echo "genmove $c"; done; echo quit; } > mohex-$s.gtp
done
