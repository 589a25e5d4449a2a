#!/usr/bin/env python3
import subprocess, sys, re, concurrent.futures as cf
N = int(sys.argv[1]); suite = 'tournaments/renju-defence-positions.txt'
rows = [l.split()[6:] + [l.split()[4]] for l in open(suite) if len(l.split()) >= 7]
def board(moves):
    mover = len(moves) % 2
    return ["BOARD"] + [f"{m},{1 if i % 2 == mover else 2}" for i, m in enumerate(moves)] + ["DONE"]
def one(moves):
    lines = ["START 15", "INFO rule 4", "INFO thread_num 1", "INFO timeout_match 0", "INFO timeout_turn 600000",
             f"INFO max_node {N}", "INFO show_detail 1", "YXHASHCLEAR"] + board(moves)
    p = subprocess.Popen("./pbrain-rapfi", cwd="tournaments/opponents/rapfi", shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(lines) + "\n"); p.stdin.flush()
    ev = None
    for line in p.stdout:
        m = re.search(r"Eval (M?-?\d+)", line)
        if m: ev = m.group(1)
        if re.fullmatch(r"\d+,\d+", line.strip()): break
    try: p.stdin.write("END\n"); p.stdin.flush()
    except BrokenPipeError: pass
    p.wait(); return ev
with cf.ThreadPoolExecutor(2) as pool: res = list(pool.map(one, rows))
print(' '.join(str(r) for r in res))
print(f"rapfi proves {sum(1 for r in res if r and r.startswith('M'))}/{len(res)} within {N} nodes")
