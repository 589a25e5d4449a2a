//! Every node pair's carrier list in one pool.
//!
//! The solver copies both colours' connection sets at every position it judges. With a vector
//! per pair that copy was hundreds of allocations (a quarter of the solver's time); here the
//! lists live in slots of one vector, so a copy is two block copies. A list that outgrows its
//! slot moves to a new, twice as large slot at the end (the old one is left as garbage, dropped
//! when the store is copied).
//!
//! The solver does not copy at all any more: it marks the store (`mark`), brings it to a child
//! and takes the changes back (`undo`). A list is saved the first time it changes after a mark
//! (copy on write, one list at a time), and the pool's growth is cut off again.

use std::ops::Index;

#[derive(Clone, Copy, Default)]
struct Slot {
    start: u32,
    len: u16,
    cap: u16,
}

pub struct Store<T: Copy> {
    pool: Vec<T>,
    slots: Vec<Slot>,
    /// Pool entries in abandoned slots.
    garbage: usize,
    scratch: Vec<T>,
    /// The undo log: open marks, and each list's state before its first change under the
    /// innermost one.
    journal: Journal<T>,
}

/// What `undo` needs to bring a store back to its last `mark`.
struct Journal<T> {
    marks: Vec<Mark>,
    /// Saved lists: the list, its slot then, where its items start in `items`.
    saved: Vec<(u32, Slot, u32)>,
    items: Vec<T>,
    /// The mark under which each list was last saved (0: never).
    stamp: Vec<u32>,
    /// The innermost open mark's number (numbers are never reused).
    epoch: u32,
    next_epoch: u32,
}

struct Mark {
    saved: usize,
    items: usize,
    pool: usize,
    garbage: usize,
    epoch: u32,
}

impl<T> Journal<T> {
    fn new() -> Journal<T> {
        Journal {
            marks: Vec::new(),
            saved: Vec::new(),
            items: Vec::new(),
            stamp: Vec::new(),
            epoch: 0,
            next_epoch: 1,
        }
    }
}

impl<T: Copy> Store<T> {
    /// `lists` empty lists.
    pub fn new(lists: usize) -> Store<T> {
        Store {
            pool: Vec::new(),
            slots: vec![Slot::default(); lists],
            garbage: 0,
            scratch: Vec::new(),
            journal: Journal::new(),
        }
    }

    /// Opens a mark: `undo` brings every list back to what it is now.
    pub fn mark(&mut self) {
        let j = &mut self.journal;
        if j.stamp.len() != self.slots.len() {
            j.stamp = vec![0; self.slots.len()];
        }
        j.marks.push(Mark {
            saved: j.saved.len(),
            items: j.items.len(),
            pool: self.pool.len(),
            garbage: self.garbage,
            epoch: j.epoch,
        });
        j.epoch = j.next_epoch;
        j.next_epoch += 1;
    }

    /// Takes back every change since the last open `mark` and closes it.
    pub fn undo(&mut self) {
        let Some(m) = self.journal.marks.pop() else {
            return;
        };
        let j = &mut self.journal;
        for &(i, slot, from) in j.saved[m.saved..].iter().rev() {
            let (start, len, from) = (slot.start as usize, slot.len as usize, from as usize);
            self.pool[start..start + len].copy_from_slice(&j.items[from..from + len]);
            self.slots[i as usize] = slot;
        }
        j.saved.truncate(m.saved);
        j.items.truncate(m.items);
        j.epoch = m.epoch;
        self.pool.truncate(m.pool);
        self.garbage = m.garbage;
    }

    /// Saves list `i` before its first change under the innermost mark.
    #[inline]
    fn save(&mut self, i: usize) {
        let j = &mut self.journal;
        if j.marks.is_empty() || j.stamp[i] == j.epoch {
            return;
        }
        j.stamp[i] = j.epoch;
        let s = self.slots[i];
        let start = s.start as usize;
        j.saved.push((i as u32, s, j.items.len() as u32));
        j.items
            .extend_from_slice(&self.pool[start..start + s.len as usize]);
    }

    pub fn clear(&mut self, i: usize) {
        if self.slots[i].len != 0 {
            self.save(i);
            self.slots[i].len = 0;
        }
    }

    /// Keeps the items of list `i` for which `keep` holds, in order (`keep` sees each item
    /// once). A list that keeps everything is only read: after a stone most lists miss it.
    pub fn retain(&mut self, i: usize, mut keep: impl FnMut(&T) -> bool) {
        let s = self.slots[i];
        let (start, len) = (s.start as usize, s.len as usize);
        let Some(first) = self.pool[start..start + len].iter().position(|x| !keep(x)) else {
            return;
        };
        self.save(i);
        let mut n = first;
        for k in first + 1..len {
            let item = self.pool[start + k];
            if keep(&item) {
                self.pool[start + n] = item;
                n += 1;
            }
        }
        self.slots[i].len = n as u16;
    }

    /// Empties list `i` and gives its items.
    pub fn take(&mut self, i: usize) -> Vec<T> {
        let v = self[i].to_vec();
        self.clear(i);
        v
    }

    /// Changes list `i` as a vector (the list functions of `list` work on vectors); returns what
    /// `f` returns.
    pub fn edit<R>(&mut self, i: usize, f: impl FnOnce(&mut Vec<T>) -> R) -> R {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        v.extend_from_slice(&self[i]);
        let r = f(&mut v);
        self.set(i, &v);
        self.scratch = v;
        r
    }

    /// `edit` with `list::put_full`'s steps, in place: drops the items `drop` holds, then puts
    /// `item` after every item no larger than it (`size`) if that is short of `cap`, the list
    /// held to `cap` items; returns whether it went in. The result is the vector functions'
    /// (`list::insert_capped`), without copying the list out and back as `edit` does for every
    /// connection the rules make (with `list::full_and_no_larger` before it, 1.7 % of the
    /// instructions of 8×8 a1's first 600 df-pn nodes, the same tree).
    pub fn put_ordered(
        &mut self,
        i: usize,
        item: T,
        cap: usize,
        size: impl Fn(&T) -> usize,
        drop: impl Fn(&T) -> bool,
    ) -> bool {
        self.retain(i, |e| !drop(e));
        let s = self.slots[i];
        let (start, len) = (s.start as usize, s.len as usize);
        let n = size(&item);
        let at = self.pool[start..start + len].partition_point(|e| size(e) <= n);
        if at >= cap {
            return false;
        }
        self.save(i);
        let new_len = (len + 1).min(cap);
        if new_len > s.cap as usize {
            // A new slot at the end, twice the size needed (as `set` makes one).
            self.garbage += s.cap as usize;
            let slot_cap = (new_len * 2).clamp(4, u16::MAX as usize);
            let to = self.pool.len();
            self.pool.extend_from_within(start..start + at);
            self.pool.push(item);
            self.pool
                .extend_from_within(start + at..start + new_len - 1);
            self.pool.resize(to + slot_cap, item);
            self.slots[i] = Slot {
                start: to as u32,
                len: new_len as u16,
                cap: slot_cap as u16,
            };
            return true;
        }
        // Shift the items after `at` one place on (the last one falls off at the cap).
        self.pool
            .copy_within(start + at..start + new_len - 1, start + at + 1);
        self.pool[start + at] = item;
        self.slots[i].len = new_len as u16;
        true
    }

    fn set(&mut self, i: usize, items: &[T]) {
        self.save(i);
        let s = self.slots[i];
        if items.len() > s.cap as usize {
            // A new slot at the end, twice the size needed.
            self.garbage += s.cap as usize;
            let cap = (items.len() * 2).clamp(4, u16::MAX as usize);
            let start = self.pool.len();
            self.pool.extend_from_slice(items);
            self.pool.resize(start + cap, items[0]);
            self.slots[i] = Slot {
                start: start as u32,
                len: items.len() as u16,
                cap: cap as u16,
            };
            return;
        }
        let start = s.start as usize;
        self.pool[start..start + items.len()].copy_from_slice(items);
        self.slots[i].len = items.len() as u16;
    }
}

impl<T: Copy> Index<usize> for Store<T> {
    type Output = [T];

    #[inline]
    fn index(&self, i: usize) -> &[T] {
        let s = self.slots[i];
        &self.pool[s.start as usize..s.start as usize + s.len as usize]
    }
}

impl<T: Copy> Clone for Store<T> {
    /// A block copy, or a compacting one when more than half the pool is garbage; the copy has
    /// no open marks.
    fn clone(&self) -> Self {
        if self.garbage * 2 <= self.pool.len() {
            return Store {
                pool: self.pool.clone(),
                slots: self.slots.clone(),
                garbage: self.garbage,
                scratch: Vec::new(),
                journal: Journal::new(),
            };
        }
        let mut pool = Vec::with_capacity(self.pool.len() - self.garbage);
        let mut slots = self.slots.clone();
        for s in slots.iter_mut() {
            let start = pool.len();
            let old = s.start as usize;
            pool.extend_from_slice(&self.pool[old..old + s.cap as usize]);
            s.start = start as u32;
        }
        Store {
            pool,
            slots,
            garbage: 0,
            scratch: Vec::new(),
            journal: Journal::new(),
        }
    }
}

impl<T: Copy> Store<T> {
    /// Makes this store a copy of `other` (as `clone` does, compacting the same way) in the
    /// memory it already holds: a cache that keeps many stores refills a spare one instead of
    /// asking for fresh pages. No open marks are left.
    pub fn copy_from(&mut self, other: &Store<T>) {
        self.slots.clone_from(&other.slots);
        self.pool.clear();
        self.scratch.clear();
        self.journal = Journal::new();
        if other.garbage * 2 <= other.pool.len() {
            self.pool.extend_from_slice(&other.pool);
            self.garbage = other.garbage;
            return;
        }
        for s in self.slots.iter_mut() {
            let start = self.pool.len();
            let old = s.start as usize;
            self.pool
                .extend_from_slice(&other.pool[old..old + s.cap as usize]);
            s.start = start as u32;
        }
        self.garbage = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::Store;

    #[test]
    fn lists_grow_shrink_and_survive_copies() {
        let mut s: Store<u32> = Store::new(3);
        for k in 0..10 {
            s.edit(1, |v| v.push(k));
            s.edit(0, |v| v.push(100 + k));
        }
        assert_eq!(s[1], (0..10).collect::<Vec<_>>()[..]);
        assert_eq!(s[0], (100..110).collect::<Vec<_>>()[..]);
        assert!(s[2].is_empty());
        s.retain(1, |&x| x % 2 == 0);
        assert_eq!(s[1], [0, 2, 4, 6, 8]);
        // Growth left garbage: the copy compacts it and keeps every list.
        let c = s.clone();
        assert_eq!(c[1], [0, 2, 4, 6, 8]);
        assert_eq!(c[0], (100..110).collect::<Vec<_>>()[..]);
        assert!(c.pool.len() <= s.pool.len());
        assert_eq!(s.take(0).len(), 10);
        assert!(s[0].is_empty());
        assert_eq!(c[0].len(), 10);
    }

    #[test]
    fn undo_brings_every_list_back_to_its_mark() {
        use rand::rngs::SmallRng;
        use rand::{RngCore, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let lists = 6;
        let mut s: Store<u32> = Store::new(lists);
        let snapshot = |s: &Store<u32>| (0..lists).map(|i| s[i].to_vec()).collect::<Vec<_>>();
        let mut marks = Vec::new();
        for step in 0..4000u32 {
            match next() % 8 {
                0 if marks.len() < 5 => {
                    marks.push(snapshot(&s));
                    s.mark();
                }
                1 => {
                    if let Some(before) = marks.pop() {
                        s.undo();
                        assert_eq!(snapshot(&s), before, "step {step}");
                    }
                }
                2 => s.clear(next() as usize % lists),
                3 => {
                    let m = 2 + next() as u32 % 3;
                    s.retain(next() as usize % lists, |&x| x % m != 0);
                }
                4 => {
                    let _ = s.take(next() as usize % lists);
                }
                _ => {
                    let i = next() as usize % lists;
                    let k = 1 + next() as usize % 9;
                    s.edit(i, |v| v.extend((0..k as u32).map(|x| x + step)));
                }
            }
        }
        while let Some(before) = marks.pop() {
            s.undo();
            assert_eq!(snapshot(&s), before);
        }
    }

    #[test]
    fn a_copy_into_a_used_store_is_the_clone() {
        let mut s: Store<u32> = Store::new(3);
        for k in 0..10 {
            s.edit(1, |v| v.push(k));
            s.edit(2, |v| v.push(50 + k));
        }
        s.retain(1, |&x| x % 3 == 0);
        let lists = |s: &Store<u32>| (0..3).map(|i| s[i].to_vec()).collect::<Vec<_>>();
        // Into a store that held other lists, with garbage and an open mark.
        let mut c: Store<u32> = Store::new(3);
        for k in 0..40 {
            c.edit(0, |v| v.push(k));
        }
        c.mark();
        c.copy_from(&s);
        assert_eq!(lists(&c), lists(&s));
        assert_eq!(c.garbage, s.clone().garbage, "compacted as a clone is");
        c.undo();
        assert_eq!(lists(&c), lists(&s), "no mark is left open");
        // And it grows on its own afterwards.
        c.edit(0, |v| v.extend(0..20));
        assert_eq!(c[0].len(), 20);
        assert_eq!(s[0].len(), 0);
    }
}
