//! The picture of a match, `summary.svg` beside `summary.txt`: the first engine's score and its
//! Elo with the 95% interval as the games accumulate, and its results by opening and colour.
//!
//! Drawn with `plotters` through its SVG backend only: the picture is text, so it is written
//! without a font or an image library, diffs in git, and tests read it as a string. Everything
//! in it comes from the results alone (no clock, no settings), so `sente match report DIR`
//! redraws exactly the picture the match wrote.

use std::collections::BTreeMap;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::results::{reference_names, GameResult};
use super::stats::{fmt_elo, Tally};

/// Picture width, and the heights of its parts, in pixels: the results grid grows with the
/// openings it labels.
const WIDTH: u32 = 960;
const TITLE_HEIGHT: u32 = 70;
const CURVE_HEIGHT: u32 = 320;
const GRID_ROW: u32 = 18;
/// Elo is drawn within ±this: a perfect score's infinite Elo (and bound) sits on the edge.
const ELO_CAP: f64 = 1000.0;
/// At most this many openings get their own label under the results grid.
const MAX_OPENING_LABELS: usize = 40;

const WIN: RGBColor = RGBColor(46, 160, 67);
const LOSS: RGBColor = RGBColor(207, 34, 46);
const DRAW: RGBColor = RGBColor(150, 150, 150);
const SCORE: RGBColor = RGBColor(31, 119, 180);
const ELO: RGBColor = RGBColor(148, 52, 160);

/// One point of the running curves: after `games` games, the score and the Elo interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Running {
    pub games: usize,
    pub score: f64,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The first engine's score and Elo after each game, in the order the games finished (their
/// end time, then their number: shards merged from several machines interleave by time).
pub fn running(games: &[GameResult], a: &str) -> Vec<Running> {
    let mut order: Vec<&GameResult> = games.iter().filter(|g| g.points_of(a).is_some()).collect();
    order.sort_by_key(|g| (g.finished, g.game));
    let mut t = Tally::default();
    let mut out = Vec::with_capacity(order.len());
    for g in order {
        match g.points_of(a) {
            Some(p) if p >= 1.0 => t.wins += 1,
            Some(p) if p <= 0.0 => t.losses += 1,
            _ => t.draws += 1,
        }
        let e = t.elo().expect("a tally with a game has an Elo");
        out.push(Running {
            games: t.games() as usize,
            score: t.score().unwrap_or(0.0),
            elo: cap(e.elo),
            low: cap(e.low),
            high: cap(e.high),
        });
    }
    out
}

fn cap(elo: f64) -> f64 {
    if elo.is_nan() {
        0.0
    } else {
        elo.clamp(-ELO_CAP, ELO_CAP)
    }
}

/// Engine `a`'s points by opening (in the order the openings first appear in the schedule) and
/// seat: `[as first, as second]`, each a list of points.
pub type ByOpening = Vec<(String, [Vec<f64>; 2])>;

pub fn by_opening(games: &[GameResult], a: &str) -> ByOpening {
    let mut sorted: Vec<&GameResult> = games.iter().collect();
    sorted.sort_by_key(|g| g.game);
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out: ByOpening = Vec::new();
    for g in sorted {
        let Some(p) = g.points_of(a) else { continue };
        let seat = usize::from(g.first != a);
        let i = *index.entry(g.opening.as_str()).or_insert_with(|| {
            out.push((g.opening.clone(), [Vec::new(), Vec::new()]));
            out.len() - 1
        });
        out[i].1[seat].push(p);
    }
    out
}

/// `W-L-D` of a list of points.
fn wld(points: &[f64]) -> String {
    let w = points.iter().filter(|&&p| p >= 1.0).count();
    let l = points.iter().filter(|&&p| p <= 0.0).count();
    format!("{w}-{l}-{}", points.len() - w - l)
}

/// Red for a loss, grey for a draw, green for a win, and mixtures between.
fn shade(points: &[f64]) -> RGBColor {
    let mean = points.iter().sum::<f64>() / points.len() as f64;
    let mix = |a: RGBColor, b: RGBColor, t: f64| {
        let c = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
        RGBColor(c(a.0, b.0), c(a.1, b.1), c(a.2, b.2))
    };
    if mean < 0.5 {
        mix(LOSS, DRAW, mean * 2.0)
    } else {
        mix(DRAW, WIN, (mean - 0.5) * 2.0)
    }
}

/// An opening as a short label.
fn short(opening: &str) -> String {
    let o = if opening.is_empty() { "-" } else { opening };
    if o.chars().count() > 14 {
        o.chars().take(13).chain(['…']).collect()
    } else {
        o.to_string()
    }
}

/// The whole picture as SVG text (a note only, when there are no games).
pub fn svg(games: &[GameResult]) -> Result<String, String> {
    let mut buf = String::new();
    draw(games, &mut buf).map_err(|e| format!("cannot draw the summary picture: {e}"))?;
    Ok(buf)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(games: &[GameResult], buf: &mut String) -> DrawResult {
    let names = reference_names(games);
    let openings = names
        .as_ref()
        .map_or(0, |(a, _)| by_opening(games, a).len());
    let grid_height = 110 + GRID_ROW * openings.clamp(1, MAX_OPENING_LABELS) as u32;
    let height = TITLE_HEIGHT + 2 * CURVE_HEIGHT + grid_height;
    let root = SVGBackend::with_string(buf, (WIDTH, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let Some((a, b)) = names else {
        root.draw_text(
            "no games played",
            &("sans-serif", 24).into_text_style(&root),
            (20, 20),
        )?;
        root.present()?;
        return Ok(());
    };
    let curve = running(games, &a);
    let last = *curve.last().expect("the reference engine played");
    let (title, rest) = root.split_vertically(TITLE_HEIGHT);
    let title = title.margin(10, 0, 20, 20);
    let t = super::results::tally(games, &a);
    let big = ("sans-serif", 24).into_text_style(&title);
    let small = ("sans-serif", 16).into_text_style(&title);
    title.draw_text(
        &format!(
            "Score of {a} vs {b}: +{} -{} ={}  ({:.1}%)",
            t.wins,
            t.losses,
            t.draws,
            100.0 * last.score
        ),
        &big,
        (0, 0),
    )?;
    // The title states the true interval (infinite for a perfect score), the curve the capped one.
    let elo = t.elo().map_or("n/a".into(), |e| {
        format!(
            "{} (95%: {} .. {})",
            fmt_elo(e.elo),
            fmt_elo(e.low),
            fmt_elo(e.high)
        )
    });
    title.draw_text(
        &format!("Elo {elo} after {} games", last.games),
        &small,
        (0, 32),
    )?;
    let (upper, lower) = rest.split_vertically(CURVE_HEIGHT);
    let (middle, bottom) = lower.split_vertically(CURVE_HEIGHT);
    draw_score(&upper, &curve, &a)?;
    draw_elo(&middle, &curve, &a)?;
    draw_openings(&bottom, &by_opening(games, &a), &a)?;
    root.present()?;
    Ok(())
}

fn draw_score<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    curve: &[Running],
    a: &str,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let n = curve.len().max(1) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("Score of {a} as games accumulate"),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..n, 0f64..100f64)?;
    chart
        .configure_mesh()
        .x_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc("score %")
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    chart
        .draw_series(LineSeries::new([(0.0, 50.0), (n, 50.0)], BLACK.mix(0.4)))?
        .label("50%")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK.mix(0.4)));
    chart
        .draw_series(LineSeries::new(
            curve.iter().map(|r| (r.games as f64, 100.0 * r.score)),
            SCORE.stroke_width(2),
        ))?
        .label(format!("score of {a}"))
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], SCORE.stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    Ok(())
}

fn draw_elo<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    curve: &[Running],
    a: &str,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let n = curve.len().max(1) as f64;
    let lo = curve.iter().map(|r| r.low).fold(0.0, f64::min);
    let hi = curve.iter().map(|r| r.high).fold(0.0, f64::max);
    let pad = ((hi - lo) * 0.05).max(10.0);
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("Elo of {a} with its 95% interval (drawn within ±{ELO_CAP:.0})"),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..n, (lo - pad)..(hi + pad))?;
    chart
        .configure_mesh()
        .x_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc("Elo")
        .y_label_formatter(&|y| format!("{y:+.0}"))
        .draw()?;
    // The band: the upper bound forward, the lower bound back.
    let band: Vec<(f64, f64)> = curve
        .iter()
        .map(|r| (r.games as f64, r.high))
        .chain(curve.iter().rev().map(|r| (r.games as f64, r.low)))
        .collect();
    chart
        .draw_series(std::iter::once(Polygon::new(band, ELO.mix(0.18))))?
        .label("95% interval")
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 20, y + 5)], ELO.mix(0.18).filled()));
    chart
        .draw_series(LineSeries::new([(0.0, 0.0), (n, 0.0)], BLACK.mix(0.4)))?
        .label("Elo 0")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK.mix(0.4)));
    chart
        .draw_series(LineSeries::new(
            curve.iter().map(|r| (r.games as f64, r.elo)),
            ELO.stroke_width(2),
        ))?
        .label("Elo")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], ELO.stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    Ok(())
}

fn draw_openings<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    rows: &ByOpening,
    a: &str,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let k = rows.len().max(1);
    let seat_total = |seat: usize| -> Vec<f64> {
        rows.iter()
            .flat_map(|(_, s)| s[seat].iter().copied())
            .collect()
    };
    let labels = k <= MAX_OPENING_LABELS;
    // Openings are rows (top to bottom in schedule order), the two seats columns.
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "Results of {a} by opening and colour (moving first {}, second {}; W-L-D)",
                wld(&seat_total(0)),
                wld(&seat_total(1))
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(if labels { 130 } else { 60 })
        .build_cartesian_2d((0..1usize).into_segmented(), (0..k - 1).into_segmented())?;
    let opening_label = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(i) if labels => rows
            .get(k - 1 - *i)
            .map(|r| short(&r.0))
            .unwrap_or_default(),
        SegmentValue::CenterOf(i) => (k - i).to_string(),
        _ => String::new(),
    };
    let seat_label = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(0) => format!("{a} first"),
        SegmentValue::CenterOf(1) => format!("{a} second"),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(2)
        .y_labels(if labels { k } else { 10 })
        .x_label_formatter(&seat_label)
        .y_label_formatter(&opening_label)
        .y_desc(if labels {
            ""
        } else {
            "opening (in schedule order)"
        })
        .draw()?;
    // Row `k - 1 - i` holds opening `i`, so the first opening is on top.
    let cell = |i: usize, seat: usize| {
        let row = k - 1 - i;
        [
            (SegmentValue::Exact(seat), SegmentValue::Exact(row)),
            (SegmentValue::Exact(seat + 1), SegmentValue::Exact(row + 1)),
        ]
    };
    let filled = || {
        rows.iter().enumerate().flat_map(|(i, (_, seats))| {
            seats
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.is_empty())
                .map(move |(seat, points)| (i, seat, points))
        })
    };
    chart.draw_series(
        filled().map(|(i, seat, points)| Rectangle::new(cell(i, seat), shade(points).filled())),
    )?;
    chart.draw_series(
        filled().map(|(i, seat, _)| Rectangle::new(cell(i, seat), WHITE.stroke_width(1))),
    )?;
    if labels {
        chart.draw_series(filled().map(|(i, seat, points)| {
            Text::new(
                wld(points),
                (
                    SegmentValue::CenterOf(seat),
                    SegmentValue::CenterOf(k - 1 - i),
                ),
                ("sans-serif", 12).into_font().color(&WHITE),
            )
        }))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: usize, first: &str, second: &str, result: &str, opening: &str) -> GameResult {
        GameResult {
            game: n,
            first: first.into(),
            second: second.into(),
            opening: opening.into(),
            result: result.into(),
            reason: "normal".into(),
            moves: Vec::new(),
            times_ms: Vec::new(),
            movers: Vec::new(),
            game_type: "nim".into(),
            record: None,
            finished: 100 + n as u64,
        }
    }

    /// A wins every game it moves first, loses every game it moves second, on two openings.
    fn sample() -> Vec<GameResult> {
        vec![
            game(0, "A", "B", "first", "3 4 5"),
            game(1, "B", "A", "first", "3 4 5"),
            game(2, "A", "B", "first", "1 2"),
            game(3, "B", "A", "draw", "1 2"),
        ]
    }

    #[test]
    fn the_running_curve_follows_the_score() {
        let c = running(&sample(), "A");
        let scores: Vec<f64> = c.iter().map(|r| r.score).collect();
        assert_eq!(scores, [1.0, 0.5, 2.0 / 3.0, 2.5 / 4.0]);
        // A perfect start is drawn on the cap, an even score at 0 Elo.
        assert_eq!(c[0].elo, ELO_CAP);
        assert!(c[1].elo.abs() < 1e-9);
        assert!(c.iter().all(|r| r.low <= r.elo && r.elo <= r.high));
    }

    #[test]
    fn results_are_grouped_by_opening_and_seat() {
        let rows = by_opening(&sample(), "A");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].0, "3 4 5");
        assert_eq!(rows[0].1, [vec![1.0], vec![0.0]]);
        assert_eq!(rows[1].1, [vec![1.0], vec![0.5]]);
        assert_eq!(wld(&[1.0, 0.0, 0.5, 1.0]), "2-1-1");
        assert_eq!(shade(&[1.0]), WIN);
        assert_eq!(shade(&[0.0]), LOSS);
        assert_eq!(shade(&[0.5]), DRAW);
    }

    #[test]
    fn the_picture_holds_its_series_and_labels() {
        let text = svg(&sample()).unwrap();
        assert!(text.starts_with("<svg"), "{}", &text[..80]);
        for label in [
            "Score of A vs B: +2 -1 =1",
            "score of A",
            "50%",
            "Elo of A with its 95% interval",
            "95% interval",
            "Results of A by opening and colour (moving first 2-0-0, second 0-1-1",
            "A first",
            "A second",
            "3 4 5",
            "after 4 games",
        ] {
            assert!(text.contains(label), "no {label:?} in the picture");
        }
        assert!(text.contains("<polyline"), "no line series");
        // Same results, same picture.
        assert_eq!(svg(&sample()).unwrap(), text);
        assert!(svg(&[]).unwrap().contains("no games played"));
    }
}
