#!/usr/bin/env python3
"""The renju lost-position suite (issue 24): positions from Sente's losses to Rapfi where Rapfi,
searching 1 s, reports a forced win for the side to move, and how often Sente finds a winning move.

  build:  scripts/renju-lost-positions.py build RESULTS.jsonl... --out tournaments/renju-lost-positions.txt
          For every game Sente lost, Rapfi scans the positions where it was to move (--scan-ms each)
          until it first reports a mate; the first of them and the next ones (--per-game in all) that
          Rapfi confirms at --ms are kept. Each game's scan is also written to --diagnosis: Rapfi's
          evaluation, from its own side, at each of its turns, and at the turn before the first mate
          (Sente to move) whether Sente was already lost there at --ms (then the game was lost
          earlier; otherwise the move Sente played there let the win in).
  score:  scripts/renju-lost-positions.py score tournaments/renju-lost-positions.txt --ms 1000
          Sente searches each position --ms (turn cap, no game clock, one thread); its move wins when
          it is Rapfi's move or a move already proven, else Rapfi searches the position after it
          (--ms) and the move wins when Rapfi, now defending, reports being mated. Verdicts are cached
          in FILE.verdicts (one `moves|move|win` line each) so a rerun costs only Sente's searches.

  drift:  scripts/renju-lost-positions.py drift RESULTS.jsonl... --out FILE.jsonl [--colour B] [--max-ply 20]
          For Sente's turns in its lost games (of --colour) up to --max-ply and before Rapfi's first
          mate, Rapfi searches the position before Sente's move and the one after it (--ms each):
          its move and evaluation for Sente's side, and how much Sente's move lost by Rapfi's
          measure (before minus after). A positional suite: where the games drift, and Rapfi's
          choice there.

  agree:  scripts/renju-lost-positions.py agree DRIFT.jsonl [--sente BIN] [--eval-file F] --ms 1000
          Sente searches each turn of a drift file and the share of Rapfi's moves it plays is
          printed: a positional score for comparing evaluations or searches.

  defence-build:  scripts/renju-lost-positions.py defence-build DIAGNOSIS.jsonl RESULTS.jsonl... --out FILE
          The defence suite: each Sente turn just before Rapfi's first mate (the diagnosis's
          `sente_turn_before`, not already lost there) where Rapfi, searching --ms, has a move after
          which it (now the attacker) reports no mate: a non-losing move existed and Sente's game
          move let the win in. Line: `source game ply side game-move rapfi-move moves...`.
  defence:  scripts/renju-lost-positions.py defence FILE [--sente BIN] --ms 1000
          Sente searches each position --ms; its move holds when it is Rapfi's move, loses when it is
          the game move, else Rapfi searches the position after it (--ms) and the move loses when
          Rapfi, the attacker, reports a mate (searching --verdict-ms, by default --ms). Verdicts
          are cached in FILE.verdicts.
  attack:  scripts/renju-lost-positions.py attack FILE [--sente BIN] [--eval-file F] --ms 1000
          The other side of the defence suite: Sente searches each position after the game move
          (the attacker to move, where Rapfi found its mate) and the share it proves won (a mate
          score) is printed: how far Sente's tree sees the wins Rapfi's sees in 200 ms.

Positions file: one line each, `source game ply side mate best moves...`: the run and game the
position comes from, the ply (stones on the board), the side to move (B or W), Rapfi's mate distance
in plies, Rapfi's move and the moves from the empty board, as `x,y`. Everything runs one thread per
engine, --jobs positions at once; run it under /work/bin/heavy-excl (it is a timing).
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RAPFI_DIR = os.path.join(ROOT, "tournaments", "opponents", "rapfi")
EVAL_RE = re.compile(r"Eval ([-+]?M?-?\d+)")
# Sente's final line with show_detail: `MESSAGE search x,y score N depth ...`.
SENTE_SCORE_RE = re.compile(r"MESSAGE search \S+ score (-?\d+)")
# Sente's scores at or above this are proven wins (WIN less the plies to the five).
SENTE_PROVEN = 29000


def board_lines(moves):
    """A Gomocup BOARD block in move order (renju wants the first stone Black's), the side to move own."""
    mover = len(moves) % 2
    out = ["BOARD"]
    for i, m in enumerate(moves):
        out.append(f"{m},{1 if i % 2 == mover else 2}")
    out.append("DONE")
    return out


def ask(cmd, cwd, moves, ms, rule=4):
    """One search of `ms` on a fresh engine: (move, last evaluation text or None)."""
    lines = ["START 15", f"INFO rule {rule}", "INFO thread_num 1", "INFO timeout_match 0",
             f"INFO timeout_turn {ms}", "INFO show_detail 1"] + board_lines(moves)
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    ev = None
    move = None
    try:
        for line in p.stdout:
            line = line.strip()
            m = EVAL_RE.search(line) or SENTE_SCORE_RE.search(line)
            if m:
                ev = m.group(1)
            if re.fullmatch(r"\d+,\d+", line):
                move = line
                break
    finally:
        try:
            p.stdin.write("END\n")
            p.stdin.flush()
        except BrokenPipeError:
            pass
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
    return move, ev


def rapfi(moves, ms):
    return ask(["./pbrain-rapfi"], RAPFI_DIR, moves, ms)


def mate_for_mover(ev):
    """Plies to a mate Rapfi reports for the side to move, or None."""
    if ev and ev.startswith("+M"):
        return int(ev[2:])
    return None


def mated(ev):
    return bool(ev) and ev.startswith("-M")


def lost_games(paths):
    for path in paths:
        src = os.path.basename(os.path.dirname(os.path.abspath(path)))
        with open(path) as f:
            for line in f:
                g = json.loads(line)
                if "sente" not in (g["first"], g["second"]):
                    continue
                winner = {"first": g["first"], "second": g["second"]}.get(g["result"])
                if winner is None or winner == "sente":
                    continue
                opening = g["opening"].split()
                yield src, g["game"], opening, g["moves"], 0 if g["first"] == "rapfi" else 1


def scan_game(args, game):
    src, number, opening, moves, rapfi_colour = game
    full = opening + moves
    turns = [n for n in range(len(opening), len(full)) if n % 2 == rapfi_colour]
    trace = []
    first = None
    for k, n in enumerate(turns):
        _, ev = rapfi(full[:n], args.scan_ms)
        trace.append((n, ev))
        if mate_for_mover(ev):
            first = k
            break
    diag = {"source": src, "game": number, "trace": trace}
    kept = []
    if first is None:
        return diag, kept
    # Rapfi at --ms may see the win a turn or two earlier than the scan did.
    start = first
    for k in (first - 1, first - 2):
        if k < 0:
            break
        _, ev = rapfi(full[:turns[k]], args.ms)
        if mate_for_mover(ev):
            start = k
        else:
            break
    before = turns[start] - 1
    if before >= len(opening):
        _, ev = rapfi(full[:before], args.ms)
        diag["sente_turn_before"] = {"ply": before, "eval": ev, "already_lost": mated(ev)}
    for n in turns[start:]:
        if len(kept) >= args.per_game:
            break
        best, ev = rapfi(full[:n], args.ms)
        d = mate_for_mover(ev)
        if d is None or d < args.min_mate:
            continue
        side = "B" if n % 2 == 0 else "W"
        kept.append(f"{src} {number} {n} {side} {d} {best} " + " ".join(full[:n]))
    diag["first_mate_ply"] = turns[start]
    return diag, kept


def build(args):
    games = list(lost_games(args.results))
    print(f"{len(games)} lost games", file=sys.stderr)
    out, diags = [], []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for i, (diag, kept) in enumerate(pool.map(lambda g: scan_game(args, g), games)):
            diags.append(diag)
            out.extend(kept)
            print(f"[{i + 1}/{len(games)}] {diag['source']} game {diag['game']}: "
                  f"first mate at ply {diag.get('first_mate_ply')}, kept {len(kept)} "
                  f"(total {len(out)})", file=sys.stderr, flush=True)
    with open(args.out, "w") as f:
        f.write("".join(line + "\n" for line in out))
    if args.diagnosis:
        with open(args.diagnosis, "w") as f:
            for d in diags:
                f.write(json.dumps(d) + "\n")
    print(f"{len(out)} positions -> {args.out}", file=sys.stderr)


def drift_game(args, game):
    src, number, opening, moves, rapfi_colour = game
    full = opening + moves
    out = []
    for n in range(len(opening), min(len(full) - 1, args.max_ply + 1)):
        if n % 2 == rapfi_colour:
            continue
        best, before = rapfi(full[:n], args.ms)
        _, after = rapfi(full[:n + 1], args.ms)
        row = {"source": src, "game": number, "ply": n, "side": "B" if n % 2 == 0 else "W",
               "sente": full[n], "rapfi": best, "before": before, "after": after,
               "moves": " ".join(full[:n])}
        numeric = [e for e in (before, after) if e and "M" not in e]
        if len(numeric) == 2:
            row["loss"] = int(before) + int(after)
        out.append(row)
        if mate_for_mover(after) or mated(before):
            break
    return out


def drift(args):
    games = [g for g in lost_games(args.results)
             if args.colour is None or ("B" if g[4] == 1 else "W") == args.colour]
    print(f"{len(games)} lost games", file=sys.stderr)
    rows = []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for i, out in enumerate(pool.map(lambda g: drift_game(args, g), games)):
            rows.extend(out)
            print(f"[{i + 1}/{len(games)}] {len(out)} turns", file=sys.stderr, flush=True)
    with open(args.out, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    losses = [r["loss"] for r in rows if "loss" in r]
    same = sum(r["sente"] == r["rapfi"] for r in rows)
    print(f"{len(rows)} Sente turns: Rapfi's move {same} times ({100.0 * same / max(len(rows), 1):.0f} %); "
          f"mean loss by Rapfi's evaluation {sum(losses) / max(len(losses), 1):.0f} over {len(losses)} "
          f"turns; {sum(l >= 100 for l in losses)} lost 100 or more")


def agree(args):
    with open(args.drift) as f:
        rows = [json.loads(line) for line in f]
    sente = [os.path.abspath(args.sente)]
    if args.eval_file:
        sente += ["--eval-file", os.path.abspath(args.eval_file)]
    sente += ["renju", "--threads", "1"]

    def one(r):
        move, _ = ask(sente, ROOT, r["moves"].split(), args.ms)
        return r, move

    same = 0
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for r, move in pool.map(one, rows):
            same += move == r["rapfi"]
    print(f"sente plays Rapfi's move in {same}/{len(rows)} turns ({100.0 * same / max(len(rows), 1):.1f}%) "
          f"at {args.ms} ms")


def read_suite(path, min_fields):
    """The suite's lines split into fields, those with at least `min_fields`."""
    with open(path) as f:
        return [parts for parts in (line.split() for line in f) if len(parts) >= min_fields]


def read_verdicts(cache_path, true_word):
    """The cached verdicts (`moves|move|word` lines) as {(moves, move): word == true_word}."""
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            for line in f:
                key_moves, move, verdict = line.strip().split("|")
                cache[(key_moves, move)] = verdict == true_word
    return cache


def score(args):
    positions = read_suite(args.suite, 6)
    cache_path = args.suite + ".verdicts"
    cache = read_verdicts(cache_path, "win")
    sente = [os.path.abspath(args.sente), "renju", "--threads", "1"]

    def one(parts):
        moves = parts[6:]
        best = parts[5]
        move, _ = ask(sente, ROOT, moves, args.ms)
        key = " ".join(moves)
        if move == best:
            return parts, move, True, False
        if (key, move) in cache:
            return parts, move, cache[(key, move)], False
        if move is None:
            return parts, move, False, False
        _, ev = rapfi(moves + [move], args.ms)
        return parts, move, mated(ev), True

    wins = 0
    with cf.ThreadPoolExecutor(args.jobs) as pool, open(cache_path, "a") as cache_file:
        for i, (parts, move, win, fresh) in enumerate(pool.map(one, positions)):
            wins += win
            if fresh:
                cache_file.write(f"{' '.join(parts[6:])}|{move}|{'win' if win else 'no'}\n")
            if args.verbose:
                print(f"{parts[0]} {parts[1]} ply {parts[2]} mate {parts[4]}: rapfi {parts[5]}, "
                      f"sente {move}: {'win' if win else 'MISS'}", flush=True)
    n = len(positions)
    print(f"sente plays a winning move in {wins}/{n} positions ({100.0 * wins / max(n, 1):.1f}%) "
          f"at {args.ms} ms")


def defence_build(args):
    games = {}
    for path in args.results:
        src = os.path.basename(os.path.dirname(os.path.abspath(path)))
        with open(path) as f:
            for line in f:
                g = json.loads(line)
                games[(src, g["game"])] = g["opening"].split() + g["moves"]
    todo = []
    with open(args.diagnosis) as f:
        for line in f:
            d = json.loads(line)
            before = d.get("sente_turn_before")
            full = games.get((d["source"], d["game"]))
            if not before or before["already_lost"] or full is None:
                continue
            todo.append((d["source"], d["game"], before["ply"], full))

    def one(t):
        src, number, ply, full = t
        moves = full[:ply]
        best, _ = rapfi(moves, args.ms)
        if best is None or best == full[ply]:
            return None
        _, ev = rapfi(moves + [best], args.ms)
        if mate_for_mover(ev):
            return None
        side = "B" if ply % 2 == 0 else "W"
        return f"{src} {number} {ply} {side} {full[ply]} {best} " + " ".join(moves)

    out = []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for i, line in enumerate(pool.map(one, todo)):
            if line:
                out.append(line)
            print(f"[{i + 1}/{len(todo)}] kept {len(out)}", file=sys.stderr, flush=True)
    with open(args.out, "w") as f:
        f.write("".join(line + "\n" for line in out))
    print(f"{len(out)} positions -> {args.out}", file=sys.stderr)


def defence(args):
    positions = read_suite(args.suite, 7)
    cache_path = args.suite + ".verdicts"
    cache = read_verdicts(cache_path, "holds")
    sente = [os.path.abspath(args.sente), "renju", "--threads", "1"]

    def one(parts):
        game_move, best, moves = parts[4], parts[5], parts[6:]
        move, _ = ask(sente, ROOT, moves, args.ms)
        key = " ".join(moves)
        if move == best:
            return parts, move, True, False
        if move == game_move or move is None:
            return parts, move, False, False
        if (key, move) in cache:
            return parts, move, cache[(key, move)], False
        _, ev = rapfi(moves + [move], args.verdict_ms or args.ms)
        return parts, move, not mate_for_mover(ev), True

    held = 0
    by_side = {"B": [0, 0], "W": [0, 0]}
    with cf.ThreadPoolExecutor(args.jobs) as pool, open(cache_path, "a") as cache_file:
        for parts, move, ok, fresh in pool.map(one, positions):
            held += ok
            by_side[parts[3]][0] += ok
            by_side[parts[3]][1] += 1
            if fresh:
                cache_file.write(f"{' '.join(parts[6:])}|{move}|{'holds' if ok else 'loses'}\n")
            if args.verbose:
                print(f"{parts[0]} {parts[1]} ply {parts[2]} {parts[3]}: game {parts[4]}, rapfi "
                      f"{parts[5]}, sente {move}: {'holds' if ok else 'LOSES'}", flush=True)
    n = len(positions)
    print(f"sente plays a non-losing move in {held}/{n} positions ({100.0 * held / max(n, 1):.1f}%) "
          f"at {args.ms} ms (as Black {by_side['B'][0]}/{by_side['B'][1]}, "
          f"as White {by_side['W'][0]}/{by_side['W'][1]})")


def attack(args):
    rows = [parts[6:] + [parts[4]] for parts in read_suite(args.suite, 7)]
    sente = [os.path.abspath(args.sente)]
    if args.eval_file:
        sente += ["--eval-file", os.path.abspath(args.eval_file)]
    sente += ["renju", "--threads", "1"]

    def one(moves):
        _, ev = ask(sente, ROOT, moves, args.ms)
        return ev

    proven = 0
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for ev in pool.map(one, rows):
            proven += ev is not None and int(ev) >= SENTE_PROVEN
    print(f"sente proves the attacker's win in {proven}/{len(rows)} positions "
          f"({100.0 * proven / max(len(rows), 1):.1f}%) at {args.ms} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("results", nargs="+")
    b.add_argument("--out", required=True)
    b.add_argument("--diagnosis")
    b.add_argument("--scan-ms", type=int, default=200)
    b.add_argument("--ms", type=int, default=1000)
    b.add_argument("--per-game", type=int, default=3)
    b.add_argument("--min-mate", type=int, default=5)
    b.add_argument("--jobs", type=int, default=2)
    s = sub.add_parser("score")
    s.add_argument("suite")
    s.add_argument("--sente", default=os.path.join(ROOT, "target", "release", "sente"))
    s.add_argument("--ms", type=int, default=1000)
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--verbose", action="store_true")
    d = sub.add_parser("drift")
    d.add_argument("results", nargs="+")
    d.add_argument("--out", required=True)
    d.add_argument("--colour", choices=["B", "W"])
    d.add_argument("--max-ply", type=int, default=20)
    d.add_argument("--ms", type=int, default=1000)
    d.add_argument("--jobs", type=int, default=2)
    a = sub.add_parser("agree")
    a.add_argument("drift")
    a.add_argument("--sente", default=os.path.join(ROOT, "target", "release", "sente"))
    a.add_argument("--eval-file")
    a.add_argument("--ms", type=int, default=1000)
    a.add_argument("--jobs", type=int, default=2)
    db = sub.add_parser("defence-build")
    db.add_argument("diagnosis")
    db.add_argument("results", nargs="+")
    db.add_argument("--out", required=True)
    db.add_argument("--ms", type=int, default=1000)
    db.add_argument("--jobs", type=int, default=2)
    de = sub.add_parser("defence")
    de.add_argument("suite")
    de.add_argument("--sente", default=os.path.join(ROOT, "target", "release", "sente"))
    de.add_argument("--ms", type=int, default=1000)
    de.add_argument("--jobs", type=int, default=2)
    de.add_argument("--verdict-ms", type=int, help="Rapfi's time per verdict (default: --ms)")
    de.add_argument("--verbose", action="store_true")
    at = sub.add_parser("attack")
    at.add_argument("suite")
    at.add_argument("--sente", default=os.path.join(ROOT, "target", "release", "sente"))
    at.add_argument("--eval-file")
    at.add_argument("--ms", type=int, default=1000)
    at.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    {"build": build, "score": score, "drift": drift, "agree": agree,
     "defence-build": defence_build, "defence": defence,
     "attack": attack}[args.cmd](args)


if __name__ == "__main__":
    main()
