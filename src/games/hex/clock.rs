//! What the GTP time commands say, turned into the core's `TimeControl`.
//!
//! HexGui sends no time commands: then every move gets a fixed default (`--movetime`,
//! `param_game max_time`). Tournament tools send `time_settings main byoyomi stones` and
//! `time_left color seconds stones`; we also count our own thinking time down, so a manager
//! that never sends `time_left` still cannot make us lose on time.

use crate::search::TimeControl;

/// HexGui users get a move in a few seconds.
pub const DEFAULT_MOVE_MS: u64 = 3000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
    pub stones: u32,
}

#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// `None` until `time_settings` (or `time_left`) arrives; then the settings.
    settings: Option<Settings>,
    /// Per colour: time left in the current period, and stones to play in it (0: main time).
    left_ms: [i64; 2],
    stones_left: [u32; 2],
    /// Fixed time per move when no clock is known.
    pub default_move_ms: u64,
}

impl Clock {
    pub fn new(default_move_ms: u64) -> Clock {
        Clock {
            settings: None,
            left_ms: [0; 2],
            stones_left: [0; 2],
            default_move_ms,
        }
    }

    /// `time_settings`: a fresh clock for both colours. Byo-yomi time with no stones, or all
    /// zeros, means no time limit (the GTP specification).
    pub fn set(&mut self, s: Settings) {
        let unlimited = s.main_ms == 0 && (s.byoyomi_ms == 0 || s.stones == 0);
        if unlimited {
            self.settings = None;
            return;
        }
        self.settings = Some(s);
        for c in 0..2 {
            if s.main_ms > 0 {
                self.left_ms[c] = s.main_ms as i64;
                self.stones_left[c] = 0;
            } else {
                self.left_ms[c] = s.byoyomi_ms as i64;
                self.stones_left[c] = s.stones;
            }
        }
    }

    /// `time_left color seconds stones`.
    pub fn left(&mut self, color: u8, ms: i64, stones: u32) {
        if self.settings.is_none() {
            self.settings = Some(Settings::default());
        }
        self.left_ms[color as usize & 1] = ms;
        self.stones_left[color as usize & 1] = stones;
    }

    /// Counts a move's thinking time off `color`'s clock.
    pub fn spent(&mut self, color: u8, ms: u64) {
        let Some(s) = self.settings else { return };
        let c = color as usize & 1;
        self.left_ms[c] -= ms as i64;
        if self.stones_left[c] > 0 {
            self.stones_left[c] -= 1;
            if self.stones_left[c] == 0 {
                self.left_ms[c] = s.byoyomi_ms as i64;
                self.stones_left[c] = s.stones;
            }
        } else if self.left_ms[c] <= 0 && s.byoyomi_ms > 0 && s.stones > 0 {
            self.left_ms[c] = s.byoyomi_ms as i64;
            self.stones_left[c] = s.stones;
        }
    }

    /// The time control for `color`'s next move.
    pub fn control(&self, color: u8) -> TimeControl {
        let c = color as usize & 1;
        match self.settings {
            None => TimeControl::per_move(self.default_move_ms),
            Some(_) => TimeControl {
                move_time_ms: None,
                time_left_ms: Some(self.left_ms[c]),
                increment_ms: 0,
                moves_to_go: (self.stones_left[c] > 0).then_some(self.stones_left[c]),
            },
        }
    }

    pub fn describe(&self) -> String {
        match self.settings {
            None => format!("no clock, {} ms per move", self.default_move_ms),
            Some(_) => format!(
                "black {} ms ({} stones), white {} ms ({} stones)",
                self.left_ms[0], self.stones_left[0], self.left_ms[1], self.stones_left[1]
            ),
        }
    }
}
