import sys
R='/tmp/t23-demo/'
edits = [
 ('src/arena/config.rs', '''            max_moves: args.max_moves.or(file.max_moves),''', '''            max_moves: None.or(file.max_moves),''', 'u1'),
 ('src/arena/config.rs', '''            sync_ms,''', '''            sync_ms: { let _ = sync_ms; 10_000 },''', 'u2'),
 ('src/games/hex/session_vc.rs', '''                Verdict::Unknown => return Err(unsolved(&stop, s.seconds, solver.nodes)),''', '''                Verdict::Unknown => break,''', 'q'),
]
for f, old, new, label in edits:
    p = R + f
    s = open(p).read()
    if old not in s:
        sys.exit(f'{label}: not found in {f}')
    s = s.replace(old, new, 1)
    open(p, 'w').write(s)
    print('broke', label, f)
