//! The UTC time of day as RFC 3339 to the second (`2026-11-29T09:05:51Z`), the stamp at the head
//! of every log line (`main.rs`). env_logger writes the same stamp with its `humantime` feature,
//! but that feature builds a calendar crate (jiff), and its `regex` feature a regex engine, into
//! every build of the binary: a few dozen lines here instead cost the test run's three builds
//! (Linux, Windows, test profile) a minute or more of compiling (issue 38).

use std::time::{SystemTime, UNIX_EPOCH};

/// `secs` after the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian calendar).
pub fn rfc3339(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    let (h, m, s) = (rest / 3600, rest / 60 % 60, rest % 60);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}Z")
}

/// Now, as [`rfc3339`] writes it (the epoch if the clock is set before it).
pub fn now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Year, month (1-12) and day (1-31) of the day `days` after 1970-01-01: Howard Hinnant's
/// `civil_from_days`, counting in 400-year eras of 146,097 days that start on 1 March, so that
/// the leap day ends a year.
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z / 146_097;
    let doe = z % 146_097; // day of the era, 0..146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // year of the era, 0..399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the year from 1 March, 0..365
    let mp = (5 * doy + 2) / 153; // month from March, 0..11
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = era * 400 + yoe + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_match_the_calendar() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z"); // a leap day of a 400th year
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z"); // 2100 is no leap year
        assert_eq!(rfc3339(4_107_542_400), "2100-03-01T00:00:00Z");
        assert_eq!(rfc3339(1_798_535_151), "2026-12-29T09:05:51Z");
        assert_eq!(rfc3339(1_735_689_599), "2024-12-31T23:59:59Z");
    }

    /// Every day from 1970 to 2400 follows the one before it in the calendar.
    #[test]
    fn days_follow_each_other() {
        let mut prev = civil_from_days(0);
        assert_eq!(prev, (1970, 1, 1));
        for d in 1..(430 * 366) {
            let (py, pm, pd) = prev;
            let leap = (py % 4 == 0 && py % 100 != 0) || py % 400 == 0;
            let len = match pm {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            let want = if pd < len {
                (py, pm, pd + 1)
            } else if pm < 12 {
                (py, pm + 1, 1)
            } else {
                (py + 1, 1, 1)
            };
            prev = civil_from_days(d);
            assert_eq!(prev, want, "day {d}");
        }
    }
}
