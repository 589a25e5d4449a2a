# Depth and speed at a fixed time on suite positions (after the game move: attacker to move).
import sys, subprocess, re, importlib.util, os
spec = importlib.util.spec_from_file_location("rlp", "/work/wt-renju-depth/scripts/renju-lost-positions.py")
rlp = importlib.util.module_from_spec(spec); spec.loader.exec_module(rlp)
ms = int(sys.argv[1]); n = int(sys.argv[2]); engines = sys.argv[3:]
rows = [l.split() for l in open("/work/wt-renju-depth/tournaments/renju-defence-positions.txt") if l.strip()]
step = max(1, len(rows) // n)
sel = rows[::step][:n]
def run(cmd, cwd, moves, env=None):
    lines = ["START 15", "INFO rule 4", "INFO thread_num 1", "INFO timeout_match 0",
             f"INFO timeout_turn {ms}", "INFO show_detail 1"] + rlp.board_lines(moves)
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    p.stdin.write("\n".join(lines) + "\n"); p.stdin.flush()
    out = []
    for line in p.stdout:
        out.append(line.strip())
        if re.fullmatch(r"\d+,\d+", line.strip()): break
    p.stdin.write("END\n"); p.stdin.flush()
    try: err = p.communicate(timeout=5)[1]
    except Exception: p.kill(); err = ""
    return out, err
for e in engines:
    tot = []
    for parts in sel:
        moves = parts[6:] + [parts[4]]
        if e == "rapfi":
            out, err = run(["./pbrain-rapfi"], "/work/wt-renju-depth/tournaments/opponents/rapfi", moves)
            sp = [l for l in out if "Speed" in l]
            m = re.search(r"Speed (\S+) \| Depth (\d+)-(\d+) \| Eval (\S+) \| Node (\d+)", sp[-1]) if sp else None
            d, sd, ev, nodes = (int(m.group(2)), int(m.group(3)), m.group(4), int(m.group(5))) if m else (0,0,"?",0); tm = re.search(r"Time (\d+)ms", sp[-1]) if sp else None; ms_used = int(tm.group(1)) if tm else 0
        else:
            env = dict(os.environ)
            if ":" in e: binary, sp_ = e.split(":", 1); env["SENTE_RENJU_SP"] = sp_
            else: binary = e
            o, err = run([binary, "renju", "--threads", "1"], None, moves, env)
            o = "\n".join(o)
            msg = [l for l in o.splitlines() if l.startswith("MESSAGE")]
            last = msg[-1] if msg else ""
            m = re.search(r"depth (\d+).*?nodes (\d+)", last); tm = re.search(r"time (\d+) ms", last); ms_used = int(tm.group(1)) if tm else 0
            d = int(m.group(1)) if m else 0; nodes = int(m.group(2)) if m else 0; sd = 0
            ev = (re.search(r"score (-?\d+)", last) or [None, "?"])[1]
            if not m: print("RAW", msg[-3:], err[-300:])
        tot.append((d, sd, nodes, ms_used))
        print(f"{e[:40]} pos {parts[0][-12:]} {parts[1]} ply {parts[2]}: depth {d}-{sd} nodes {nodes} time {ms_used} eval {ev}", flush=True)
    print(f"== {e[:60]}: mean depth {sum(t[0] for t in tot)/len(tot):.1f}, mean nodes {sum(t[2] for t in tot)/len(tot):.0f}, nodes/s {sum(t[2] for t in tot)/max(1,sum(t[3] for t in tot))*1000:.0f} at {ms} ms")
