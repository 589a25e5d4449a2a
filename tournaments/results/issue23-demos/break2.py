# Batch 2 of deliberate breaks (never committed).
import sys
R='/tmp/t23-demo/'
edits = [
 # b: every Gomocup move answered as 0,0 (renju and gomoku)
 ('src/games/renju/session.rs', '''    pub fn reply(&self, text: &str) {
        self.out.line(text);''', '''    pub fn reply(&self, text: &str) {
        let is_move = text.split_once(',').is_some_and(|(x, y)| {
            x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok()
        });
        self.out.line(if is_move { "0,0" } else { text });''', 'b'),
 # c: every Hex genmove answered as a1 (the move played is another)
 ('src/games/hex/session.rs', '''        let answer = answer.unwrap_or_else(|| "resign".into());
        if answer != "resign" {
            self.apply(color, &answer)?;
        }
        Ok(answer)''', '''        let answer = answer.unwrap_or_else(|| "resign".into());
        if answer != "resign" {
            self.apply(color, &answer)?;
        }
        Ok(if answer.starts_with("swap") || answer == "resign" { answer } else { "a1".into() })''', 'c'),
 # kalah: the engine crashes after a few moves
 ('src/games/kalah/session.rs', '''    fn genmove(&mut self, ctx: &Context) -> Action<Self> {''', '''    fn genmove(&mut self, ctx: &Context) -> Action<Self> {
        if self.history.len() > 6 {
            std::process::exit(3);
        }''', 'kalah'),
 # l: nim's theory player crashes after the first move
 ('src/games/nim/session.rs', '''        let m = best.ok_or("game over: no objects left")?;''', '''        let m = best.ok_or("game over: no objects left")?;
        if self.history.len() > 2 {
            std::process::exit(3);
        }''', 'l'),
 # o: --search alphabeta ignored
 ('src/main.rs', '''                live_gfx,
                allow_resign,
                search,
            };''', '''                live_gfx,
                allow_resign,
                search: {
                    let _ = search;
                    hex::HexSearch::Mcts
                },
            };''', 'o'),
 # r: live gfx never written
 ('src/games/hex/session.rs', '''        let out = self.opts.live_gfx.then(|| ctx.out.clone());''', '''        let out = (false && self.opts.live_gfx).then(|| ctx.out.clone());''', 'r'),
 # t: Nim's analyze shows proven scores as numbers
 ('src/games/nim/session.rs', '''    if search::is_proven(s) {''', '''    if false && search::is_proven(s) {''', 't'),
 # u1: --max-moves ignored
 ('src/arena/config.rs', '''            max_moves: args.max_moves.or(file.max_moves),''', '''            max_moves: None.or(file.max_moves),''', 'u1'),
 # u2: --sync-timeout ignored
 ('src/arena/config.rs', '''            sync_ms,''', '''            sync_ms: { let _ = sync_ms; 10_000 },''', 'u2'),
 # p: vc-build without its must-play marks
 ('src/games/hex/session_vc.rs', '''                .map(|c| format!(" {} x", board.cell_name(c)))''', '''                .filter(|_| false)
                .map(|c| format!(" {} x", board.cell_name(c)))''', 'p'),
 # g: VCF considers only its two best fours
 ('src/games/renju/threats/vcf.rs', '''            fours.into_iter().map(|(_, c)| c).collect()''', '''            fours.into_iter().take(2).map(|(_, c)| c).collect()''', 'g'),
 # h: a four with an open three classed as a lone four
 ('src/games/renju/patterns/class.rs', '''    } else if fours >= 1 && threes >= 1 {
        C_FOUR_THREE''', '''    } else if fours >= 1 && threes >= 2 {
        C_FOUR_THREE''', 'h'),
]
for f, old, new, label in edits:
    p = R + f
    s = open(p).read()
    if old not in s:
        sys.exit(f'{label}: not found in {f}')
    s = s.replace(old, new, 1)
    open(p, 'w').write(s)
    print('broke', label, f)
