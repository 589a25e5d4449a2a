//! Carrier lists: the connections kept between one pair of nodes.
//!
//! A carrier that contains another one of the same list says nothing new (the smaller one
//! wins wherever the larger does), so supersets are never kept. Otherwise every carrier is
//! kept up to a hard cap per list, the smallest first. Benzene's `limit_fulls` rule (keep a
//! full only if it shrinks the list's intersection) was tried and dropped: small carriers it
//! turns away are what the AND rule needs to build small semis, and small edge-to-edge semis
//! are what make the must-play region small. Without it the 6×6 openings take 8,297 df-pn
//! nodes instead of 12,446.

use super::super::board::{Bits, WORDS};

/// Hard cap on full connections per pair (32 saves 2% of the nodes on 6×6 and costs time).
pub const MAX_FULL: usize = 16;
/// Hard cap on semi connections per pair.
pub const MAX_SEMI: usize = 32;

/// A semi connection: one move (the key) short of a full one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi<const W: usize = { WORDS }> {
    pub carrier: Bits<W>,
    pub key: u16,
}

/// True if `a` ⊆ `b`.
#[inline]
pub fn subset<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> bool {
    a.is_subset(b)
}

/// Adds a full carrier unless it contains one of the list; returns whether it was kept.
pub fn add_full<const W: usize>(list: &mut Vec<Bits<W>>, c: Bits<W>) -> bool {
    if list.iter().any(|e| subset(e, &c)) {
        return false;
    }
    put_full(list, c)
}

/// `add_full` for a carrier already known to contain none of the list's.
pub fn put_full<const W: usize>(list: &mut Vec<Bits<W>>, c: Bits<W>) -> bool {
    list.retain(|e| !subset(&c, e));
    insert_capped(list, c, MAX_FULL, |e| e.len())
}

/// Adds a semi carrier unless it contains a full carrier of the same pair (then it is useless)
/// or another semi's carrier; returns whether it was kept.
pub fn add_semi<const W: usize>(list: &mut Vec<Semi<W>>, fulls: &[Bits<W>], s: Semi<W>) -> bool {
    if fulls.iter().any(|f| subset(f, &s.carrier))
        || list.iter().any(|e| subset(&e.carrier, &s.carrier))
    {
        return false;
    }
    put_semi(list, s)
}

/// `add_semi` for a semi already known to contain no full's or semi's carrier of the pair.
pub fn put_semi<const W: usize>(list: &mut Vec<Semi<W>>, s: Semi<W>) -> bool {
    put_semi_capped(list, s, MAX_SEMI)
}

/// `put_semi` with the list held to `cap` carriers.
pub fn put_semi_capped<const W: usize>(list: &mut Vec<Semi<W>>, s: Semi<W>, cap: usize) -> bool {
    list.retain(|e| !subset(&s.carrier, &e.carrier));
    insert_capped(list, s, cap, |e| e.carrier.len())
}

/// Whether a list sorted by size (`insert_capped`'s order) would turn away a new item of size
/// `n` that holds none of its items: it holds `cap` items and none is larger, so none is a
/// superset the new one would drop, and the new one would go in at or past the cap. Lets a
/// caller skip the list's update for an item it would not take (with captured pairs the semi
/// lists between two cells are held to 4, `set::PAIRED_INNER_SEMIS`, and fill up).
#[inline]
pub fn full_and_no_larger<T>(list: &[T], cap: usize, n: usize, size: impl Fn(&T) -> usize) -> bool {
    list.len() >= cap && list.last().is_some_and(|e| size(e) <= n)
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

/// `union` with each captured pair of `caps` that `inter` (the cells the combined carriers
/// share) reaches: the answers to an intrusion there (`captured`).
#[inline]
pub fn with_caps<const W: usize>(union: Bits<W>, inter: &Bits<W>, caps: &[Bits<W>]) -> Bits<W> {
    caps.iter()
        .filter(|c| c.intersects(inter))
        .fold(union, |u, c| u.or(c))
}

/// The OR rule: subsets of `others` (at most `max_ors - 1` of them) which with `new` share no
/// cell outside the endpoints' captured pairs `caps` (an intrusion there is answered inside the
/// pair, `captured`); each gives a full connection whose carrier is their union with the pairs
/// their common cells reach (`new` alone does when all of it lies in the pairs). Only semis
/// that shrink the running intersection are added, as in Benzene's `limit_or`, and a union
/// that holds one of the pair's `fulls` is not grown further (`add_full` would turn it and
/// every larger union away).
pub fn or_combinations<const W: usize>(
    new: &Bits<W>,
    others: &[Semi<W>],
    max_ors: usize,
    fulls: &[Bits<W>],
    caps: &[Bits<W>; 2],
    out: &mut Vec<Bits<W>>,
) {
    let allowed = caps[0].or(&caps[1]);
    let all = others.iter().fold(*new, |acc, s| acc.and(&s.carrier));
    if !all.is_subset(&allowed) {
        return;
    }
    if new.is_subset(&allowed) {
        out.push(with_caps(*new, new, caps));
    }
    let hopeless = |u: &Bits<W>| fulls.iter().any(|e| subset(e, u));
    struct Walk<'a, const W: usize, F: Fn(&Bits<W>) -> bool> {
        others: &'a [Semi<W>],
        hopeless: F,
        allowed: Bits<W>,
        caps: &'a [Bits<W>; 2],
        out: &'a mut Vec<Bits<W>>,
    }
    fn dfs<const W: usize, F: Fn(&Bits<W>) -> bool>(
        w: &mut Walk<W, F>,
        from: usize,
        inter: Bits<W>,
        union: Bits<W>,
        left: usize,
    ) {
        for (j, s) in w.others.iter().enumerate().skip(from) {
            let i2 = inter.and(&s.carrier);
            if i2 == inter {
                continue;
            }
            // A union is checked against the fulls only when it is kept or grown: most
            // combinations at the last level leave a common cell and are dropped unchecked.
            // Also those whose common cells lie in the pairs: the trees measured with the pairs
            // (`set::PAIRED_INNER_SEMIS`) were made so; keeping them is untried.
            if !i2.is_empty() && left <= 1 {
                continue;
            }
            let u2 = union.or(&s.carrier);
            if (w.hopeless)(&u2) {
                continue;
            }
            if i2.is_subset(&w.allowed) {
                w.out.push(with_caps(u2, &i2, w.caps));
            } else {
                dfs(w, j + 1, i2, u2, left - 1);
            }
        }
    }
    let mut w = Walk {
        others,
        hopeless,
        allowed,
        caps,
        out,
    };
    dfs(&mut w, 0, *new, *new, max_ors.saturating_sub(1));
}

/// The OR rule over any number of semis, aimed at the pair's full intersection (the idea of
/// Benzene's `limit_or` OR, after Pawlewicz et al., "Stronger Virtual Connections in Hex"):
/// for each *candidate* cell `a` of the intersection of the pair's fulls in turn, the semis
/// whose carriers miss `a` are tried; if their common cells lie in the endpoints' captured
/// pairs `caps` they give a full avoiding `a`, whose carrier is a greedy union of them (in list
/// order, smallest first, each taken only if it shrinks the running intersection) with the
/// pairs reached. Each full found narrows the candidates to its own carrier. Unlike
/// `or_combinations` the number of semis combined has no bound; the work is one pass over the
/// list per candidate cell. What it adds: fulls that need five or more semis, and a full
/// intersection as small as the semis allow (the AND rule and the opponent's must-play look at
/// it).
pub fn or_greedy<const W: usize>(
    semis: &[Semi<W>],
    fulls: &[Bits<W>],
    caps: &[Bits<W>; 2],
    out: &mut Vec<Bits<W>>,
) {
    let allowed = caps[0].or(&caps[1]);
    let all = semis.iter().fold(None, |acc: Option<Bits<W>>, s| {
        Some(acc.map_or(s.carrier, |a| a.and(&s.carrier)))
    });
    if all.is_none_or(|a| !a.is_subset(&allowed)) {
        return;
    }
    let mut cands = match fulls.split_first() {
        Some((f, rest)) => rest.iter().fold(*f, |acc, e| acc.and(e)),
        // No full yet: the union of all semis is one (their intersection is in the pairs).
        None => {
            let u = greedy_union(semis.iter().map(|s| &s.carrier), &allowed, caps);
            out.push(u);
            u
        }
    };
    while let Some(a) = cands.first() {
        cands.remove(a);
        let missing = semis.iter().map(|s| &s.carrier).filter(|c| !c.has(a));
        let inter = missing.clone().fold(None, |acc: Option<Bits<W>>, c| {
            Some(acc.map_or(*c, |i| i.and(c)))
        });
        if inter.is_some_and(|i| i.is_subset(&allowed)) {
            let u = greedy_union(missing, &allowed, caps);
            cands = cands.and(&u);
            out.push(u);
        }
    }
}

/// The union of carriers taken in order while each shrinks the running intersection, up to an
/// intersection inside `allowed` (the caller knows the whole sequence reaches it), with the
/// captured pairs that intersection reaches.
fn greedy_union<'a, const W: usize>(
    carriers: impl Iterator<Item = &'a Bits<W>>,
    allowed: &Bits<W>,
    caps: &[Bits<W>; 2],
) -> Bits<W> {
    let mut union = Bits::EMPTY;
    let mut inter: Option<Bits<W>> = None;
    for c in carriers {
        let i2 = inter.map_or(*c, |i| i.and(c));
        if inter == Some(i2) {
            continue;
        }
        union = union.or(c);
        inter = Some(i2);
        if i2.is_subset(allowed) {
            break;
        }
    }
    with_caps(union, &inter.unwrap_or_default(), caps)
}
