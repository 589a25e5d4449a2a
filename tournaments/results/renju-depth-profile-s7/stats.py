import sys, subprocess, re, importlib.util, os
spec = importlib.util.spec_from_file_location("rlp", "/work/wt-renju-depth/scripts/renju-lost-positions.py")
rlp = importlib.util.module_from_spec(spec); spec.loader.exec_module(rlp)
ms = int(sys.argv[1]); n = int(sys.argv[2]); binary = sys.argv[3]; sp = sys.argv[4] if len(sys.argv) > 4 else ""
rows = [l.split() for l in open("/work/wt-renju-depth/tournaments/renju-defence-positions.txt") if l.strip()]
sel = rows[::max(1, len(rows)//n)][:n]
tot = {}
for parts in sel:
    moves = parts[6:] + [parts[4]]
    env = dict(os.environ, SENTE_RENJU_STATS="1", SENTE_RENJU_SP=sp)
    lines = ["START 15", "INFO rule 4", "INFO thread_num 1", "INFO timeout_match 0", f"INFO timeout_turn {ms}", "INFO show_detail 1"] + rlp.board_lines(moves)
    p = subprocess.Popen([binary, "renju", "--threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    p.stdin.write("\n".join(lines) + "\n"); p.stdin.flush()
    for line in p.stdout:
        if re.fullmatch(r"\d+,\d+", line.strip()): break
    p.stdin.write("END\n"); p.stdin.flush()
    err = p.communicate(timeout=10)[1]
    sts = [l for l in err.splitlines() if "STATS" in l]
    if not sts: continue
    st = sts[-1]
    for k, v in re.findall(r"(\w+/?\w*)=(\d+)", st):
        tot[k] = tot.get(k, 0) + int(v)
print(" ".join(f"{k}={v}" for k, v in tot.items()))
print(f"first-move cut rate {tot['cut_first']/tot['cut_nodes']:.3f}, mean moves at cut {tot['cut_moves_sum']/tot['cut_nodes']:.2f}, mean moves at fail-low all-nodes {tot['moves_at_fail_low']/max(1,tot['allnode_fail_low']):.2f}, qs share {tot['qs']/(tot['qs']+tot['pvs']):.3f}")
