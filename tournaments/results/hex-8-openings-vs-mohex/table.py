#!/usr/bin/env python3
"""The per-opening table of one or more exclusive windows (`run-excl.sh` logs TAG-sente.log and
TAG-mohex.log), in markdown, with the totals over the openings MoHex solved within the cap.

    python3 table.py w1 w2 [--extra ../hex-solve-engine/excl10]

`--extra PREFIX` adds the openings of an earlier run (PREFIX-sente.log, PREFIX-mohex.log) that
this session's windows did not time, marked with the run they come from. An opening timed by
only one engine so far (the window ended first) is listed, and left out of the totals.
"""
import argparse, os, re

LINE = re.compile(r'^([a-h]\d) \| (\S+) (win|loss|\?) ([\d.]+)s (\S+) nodes(?: (\d+) judged)?')


def read(path):
    """cell -> (verdict, seconds, nodes, judged or VC builds) of one engine's log."""
    out, builds, board8 = {}, None, False
    if not os.path.exists(path):
        return out
    for l in open(path):
        # Only the 8x8 part (session 10's logs hold 6x6 and 7x7 before it).
        board8 = board8 or ' 8x8 ' in l
        if not board8:
            continue
        m = re.match(r'\s+mohex VC builds\s+(\d+)', l)
        if m:
            builds = int(m.group(1))
        m = LINE.match(l)
        if m:
            cell, _, v, t, nodes, judged = m.groups()
            extra = int(judged) if judged else builds
            out[cell] = (v, float(t), int(nodes) if nodes != 'None' else 0, extra)
            builds = None
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('tags', nargs='+')
    ap.add_argument('--extra', action='append', default=[])
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    rows = []  # (cell, run, sente, mohex)
    seen = set()
    # Every run's logs, newest window last; --extra runs after the windows.
    runs = [(tag, os.path.join(here, tag)) for tag in a.tags]
    runs += [(os.path.basename(p), os.path.join(here, p)) for p in a.extra]
    logs = [(run, read(pre + '-sente.log'), read(pre + '-mohex.log')) for run, pre in runs]
    for run, s, m in logs:
        for cell in list(m) + [c for c in s if c not in m]:
            if cell in seen:
                continue
            # An opening MoHex ran in this run but Sente in another (or the reverse): the other
            # engine's figure from the first run that has it.
            ss = s.get(cell) or next((x[1][cell] for x in logs if cell in x[1]), None)
            mm = m.get(cell) or next((x[2][cell] for x in logs if cell in x[2]), None)
            rows.append((cell, run, ss, mm))
            seen.add(cell)
    who = {'win': 'White', 'loss': 'Black', '?': '—'}
    print('| opening | run | Sente s | df-pn nodes | judged | MoHex s | MID calls | VC builds | winner | ratio |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    tot = {}
    for cell, run, s, m in rows:
        def part(x, cap):
            if x is None:
                return ['not run', '', '']
            v, t, n, e = x
            return ['%.1f%s' % (t, '' if v != '?' else ' (unsolved)'), '{:,}'.format(n), '{:,}'.format(e or 0)]
        winners = {x[0] for x in (s, m) if x and x[0] != '?'}
        winner = '/'.join(who[w] for w in sorted(winners)) or '—'
        if len(winners) > 1:
            winner += ' DISAGREE'
        ratio = ''
        if s and m and s[0] != '?' and m[0] != '?':
            ratio = '%.2f' % (s[1] / m[1])
            t = tot.setdefault(run, [0, 0.0, 0.0])
            t[0] += 1
            t[1] += s[1]
            t[2] += m[1]
        print('| %s | %s | %s | %s |' % (cell, run, ' | '.join(part(s, 0) + part(m, 0)), winner + ' | ' + ratio))
    print()
    all_ = [0, 0.0, 0.0]
    for run, (n, st, mt) in tot.items():
        print('- %s: %d openings solved by both: Sente %.1f s, MoHex %.1f s, %.2fx' % (run, n, st, mt, st / mt))
        all_ = [all_[0] + n, all_[1] + st, all_[2] + mt]
    if all_[0]:
        print('- all: %d openings solved by both: Sente %.1f s, MoHex %.1f s, %.2fx'
              % (all_[0], all_[1], all_[2], all_[1] / all_[2]))
    unsolved_m = [c for c, _, s, m in rows if m and m[0] == '?']
    only_m = [c for c, _, s, m in rows if m and m[0] != '?' and not (s and s[0] != '?')]
    print('- unsolved by MoHex in 300 s: %s' % (', '.join(unsolved_m) or 'none'))
    print('- solved by MoHex but not (or not yet) by Sente: %s' % (', '.join(only_m) or 'none'))


if __name__ == '__main__':
    main()
