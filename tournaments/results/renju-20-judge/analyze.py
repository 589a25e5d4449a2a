import json,sys,collections
CAP=2000
def cap(v): return max(-CAP,min(CAP,v))
stats=collections.defaultdict(lambda:[0,0.0,0,0,0])  # n, sumloss, blunders, agree, n_undecided
blunders=[]
for f in sys.argv[1:]:
  for l in open(f):
    r=json.loads(l)
    if 'made five' not in r['reason']: continue
    r['sente_black']=(('Black' in r['reason'])==r['won'])
    ev={k:(e,b) for k,e,b,d in r['evals'] if e is not None}
    st=r['stones']; nop=len(st)-len(r['evals'])
    for k in sorted(ev):
        if k+1 not in ev: continue
        black_to_move = k%2==0
        sente_moves = black_to_move==r['sente_black']
        who=('sente' if sente_moves else 'rapfi')+('-B' if black_to_move else '-W')
        e0=ev[k][0]; e1=ev[k+1][0]
        if abs(e0)>=1500: continue
        loss=cap(e0)+cap(e1)
        s=stats[who]; s[0]+=1; s[1]+=loss; s[2]+= loss>300; 
        mv=st[k]; s[3]+= ev[k][1]==f"{mv[0]},{mv[1]}"
        if loss>300 and sente_moves: blunders.append((loss,r['src'][-30:],r['game'],k,e0,e1,ev[k][1],mv))
for w in sorted(stats):
    n,sl,b,a,_=stats[w]; print(f"{w:8s} moves {n:5d} mean loss {sl/n:7.1f} blunders>300 {b:4d} ({100*b/n:4.1f}%) agree {100*a/n:4.1f}%")
if '-v' in sys.argv[0:1]: pass
import os
if os.environ.get('V'):
  for x in sorted(blunders,reverse=True)[:40]: print(x)
if os.environ.get('W'):
  for x in sorted(blunders,reverse=True):
    loss,src,game,k,e0,e1,best,mv=x
    print(loss,game,k,'W' if k%2 else 'B',e0,e1,'rapfi',best,'sente',mv)
