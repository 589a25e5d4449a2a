# Batch 1 of deliberate breaks (never committed). Each edit: (file, old, new, label).
import sys
R='/tmp/t23-demo/'
edits = [
 # a: END ignored while searching (gomocup framing)
 ('src/protocol/gomocup.rs', '''                            if cmd == "END" {
                                s.session.stop_search();
                                return;''', '''                            if cmd == "END-IGNORED" {
                                s.session.stop_search();
                                return;''', 'a'),
 # d: kalah partial bounds reported trivially
 ('src/games/kalah/solver.rs', '''            if self.aborted {
                return Err(Partial {
                    lower,
                    upper,''', '''            if self.aborted {
                return Err(Partial {
                    lower: -(s as i32),
                    upper: s as i32,''', 'd'),
 # e: the hard limit is never polled
 ('src/search/pvs.rs', '''                || self.shared.clock.hard_expired()
''', '''                || (false && self.shared.clock.hard_expired())
''', 'e'),
 # f: the overhead is not kept back from a per-move budget
 ('src/search/time.rs', '''            let usable = left.saturating_sub(overhead_ms);''', '''            let usable = left;''', 'f'),
 # i: BOARD field 3 read as our own stone
 ('src/protocol/gomocup.rs', '''                1 => Owner::Own,
                2 | 3 => Owner::Opponent,''', '''                1 | 3 => Owner::Own,
                2 => Owner::Opponent,''', 'i'),
 # j: a bridge with one common cell left still counts as a link
 ('src/games/hex/vc/simple.rs', '''            (common.len() >= 2).then_some(common)''', '''            (!common.is_empty()).then_some(common)''', 'j'),
 ('src/games/hex/vc/simple.rs', '''    let (a, b) = (it.next()?, it.next()?);''', '''    let a = it.next()?;
    let b = it.next().unwrap_or(a);''', 'j'),
 # k: a merge of duplicates only writes nothing
 ('src/arena/results.rs', '''    Ok((by_game.into_values().map(|(_, g)| g).collect(), dups))''', '''    let out: Vec<GameResult> = by_game.into_values().map(|(_, g)| g).collect();
    Ok((if dups > 0 { vec![] } else { out }, dups))''', 'k'),
 # n: a debug assertion that fails in Nim (release builds leave it out)
 ('src/games/nim/theory.rs', '''pub fn solve(heaps: &[u64], rule: Rule) -> (bool, Option<NimMove>) {''', '''pub fn solve(heaps: &[u64], rule: Rule) -> (bool, Option<NimMove>) {
    debug_assert!(heaps.len() > 100, "deliberate break for issue 23");''', 'n'),
 # q: dfpn-solver-find-winning out of time answers the moves found so far
 ('src/games/hex/session_vc.rs', '''                Verdict::Unknown => return Err(unsolved(&stop, s.seconds, solver.nodes)),''', '''                Verdict::Unknown => break,''', 'q'),
 # s: show_detail 3 no longer turns on the live lines
 ('src/games/renju/session.rs', '''                self.realtime = n & 1 == 1;''', '''                self.realtime = n == 1;''', 's'),
]
for f, old, new, label in edits:
    p = R + f
    s = open(p).read()
    if old not in s:
        sys.exit(f'{label}: not found in {f}')
    s = s.replace(old, new, 1)
    open(p, 'w').write(s)
    print('broke', label, f)
