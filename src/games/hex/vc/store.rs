//! Every node pair's carrier list in one pool.
//!
//! The solver copies both colours' connection sets at every position it judges. With a vector
//! per pair that copy was hundreds of allocations (a quarter of the solver's time); here the
//! lists live in slots of one vector, so a copy is two block copies. A list that outgrows its
//! slot moves to a new, twice as large slot at the end (the old one is left as garbage, dropped
//! when the store is copied).

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
}

impl<T: Copy> Store<T> {
    /// `lists` empty lists.
    pub fn new(lists: usize) -> Store<T> {
        Store {
            pool: Vec::new(),
            slots: vec![Slot::default(); lists],
            garbage: 0,
            scratch: Vec::new(),
        }
    }

    pub fn clear(&mut self, i: usize) {
        self.slots[i].len = 0;
    }

    /// Keeps the items of list `i` for which `keep` holds, in order.
    pub fn retain(&mut self, i: usize, mut keep: impl FnMut(&T) -> bool) {
        let s = self.slots[i];
        let start = s.start as usize;
        let mut n = 0;
        for k in 0..s.len as usize {
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

    fn set(&mut self, i: usize, items: &[T]) {
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
    /// A block copy, or a compacting one when more than half the pool is garbage.
    fn clone(&self) -> Self {
        if self.garbage * 2 <= self.pool.len() {
            return Store {
                pool: self.pool.clone(),
                slots: self.slots.clone(),
                garbage: self.garbage,
                scratch: Vec::new(),
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
        }
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
}
