//! Carrier lists: the connections kept between one pair of nodes.
//!
//! A carrier that contains another one of the same list says nothing new (the smaller one
//! wins wherever the larger does), so supersets are never kept. Full lists follow Benzene's
//! `limit_fulls` rule: a new carrier is kept only if it removes a superset or shrinks the
//! intersection of the list (the intersection is what must-play and the OR rule look at).
//! Both lists also have a hard cap, as a guard against blow-ups on large boards; the cap keeps
//! the smallest carriers.

use super::super::board::Cells;

/// Hard cap on full connections per pair (the intersection rule usually keeps far fewer).
pub const MAX_FULL: usize = 16;
/// Hard cap on semi connections per pair.
pub const MAX_SEMI: usize = 32;

/// A semi connection: one move (the key) short of a full one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi {
    pub carrier: Cells,
    pub key: u16,
}

/// True if `a` ⊆ `b`.
#[inline]
pub fn subset(a: &Cells, b: &Cells) -> bool {
    a.minus(b).is_empty()
}

/// Adds a full carrier; returns whether it was kept.
pub fn add_full(list: &mut Vec<Cells>, c: Cells) -> bool {
    if list.iter().any(|e| subset(e, &c)) {
        return false;
    }
    let before = list.len();
    list.retain(|e| !subset(&c, e));
    let removed = list.len() < before;
    if !removed && !list.is_empty() {
        let inter = list.iter().skip(1).fold(list[0], |acc, e| acc.and(e));
        if subset(&inter, &c) {
            return false;
        }
    }
    insert_capped(list, c, MAX_FULL, |e| e.len())
}

/// Adds a semi carrier unless it contains a full carrier of the same pair (then it is useless)
/// or another semi's carrier; returns whether it was kept.
pub fn add_semi(list: &mut Vec<Semi>, fulls: &[Cells], s: Semi) -> bool {
    if fulls.iter().any(|f| subset(f, &s.carrier))
        || list.iter().any(|e| subset(&e.carrier, &s.carrier))
    {
        return false;
    }
    list.retain(|e| !subset(&s.carrier, &e.carrier));
    insert_capped(list, s, MAX_SEMI, |e| e.carrier.len())
}

/// Inserts in size order; over the cap, the largest goes (possibly the new one).
fn insert_capped<T: Copy + PartialEq>(
    list: &mut Vec<T>,
    item: T,
    cap: usize,
    size: impl Fn(&T) -> usize,
) -> bool {
    let n = size(&item);
    let at = list.partition_point(|e| size(e) <= n);
    if at >= cap {
        return false;
    }
    list.insert(at, item);
    list.truncate(cap);
    true
}

/// The OR rule: subsets of `others` (at most `max_ors - 1` of them) which with `new` have an
/// empty common intersection; each gives a full connection whose carrier is their union. Only
/// semis that shrink the running intersection are added, as in Benzene's `limit_or`, and a
/// union that `add_full` would turn away against the pair's `fulls` is not grown further:
/// every larger union would be turned away too (it holds a known carrier, or it holds their
/// intersection and no known carrier holds it).
pub fn or_combinations(
    new: &Cells,
    others: &[Semi],
    max_ors: usize,
    fulls: &[Cells],
    out: &mut Vec<Cells>,
) {
    let all = others.iter().fold(*new, |acc, s| acc.and(&s.carrier));
    if !all.is_empty() {
        return;
    }
    let common = fulls
        .split_first()
        .map(|(f, rest)| rest.iter().fold(*f, |acc, e| acc.and(e)));
    let hopeless = |u: &Cells| {
        fulls.iter().any(|e| subset(e, u))
            || common.is_some_and(|i| subset(&i, u) && !fulls.iter().any(|e| subset(u, e)))
    };
    struct Walk<'a, F: Fn(&Cells) -> bool> {
        others: &'a [Semi],
        hopeless: F,
        out: &'a mut Vec<Cells>,
    }
    fn dfs<F: Fn(&Cells) -> bool>(
        w: &mut Walk<F>,
        from: usize,
        inter: Cells,
        union: Cells,
        left: usize,
    ) {
        for (j, s) in w.others.iter().enumerate().skip(from) {
            let i2 = inter.and(&s.carrier);
            if i2 == inter {
                continue;
            }
            let u2 = union.or(&s.carrier);
            if (w.hopeless)(&u2) {
                continue;
            }
            if i2.is_empty() {
                w.out.push(u2);
            } else if left > 1 {
                dfs(w, j + 1, i2, u2, left - 1);
            }
        }
    }
    let mut w = Walk {
        others,
        hopeless,
        out,
    };
    dfs(&mut w, 0, *new, *new, max_ors.saturating_sub(1));
}
