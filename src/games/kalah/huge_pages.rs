//! Big tables on huge pages: the proof table and the endgame database are read at random, and
//! with 4 KB pages nearly every look-up also misses the TLB and walks the page tables (the
//! profile put most of the solve's time on the prefetches of children's entries). Linux gives
//! 2 MB pages to memory marked with `madvise(MADV_HUGEPAGE)` when transparent huge pages are in
//! `madvise` mode (the common default); elsewhere this changes nothing.

/// A vector of `n` elements made by `f`, its memory marked for huge pages before it is touched.
pub fn filled_vec<T>(n: usize, f: impl FnMut(usize) -> T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    advise(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    v.extend((0..n).map(f));
    v
}

#[cfg(target_os = "linux")]
fn advise(addr: usize, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = (addr + HUGE - 1) & !(HUGE - 1);
    let end = (addr + bytes) & !(HUGE - 1);
    if end > start {
        // SAFETY: the range lies inside the vector's own allocation; the advice only changes
        // how the kernel backs those pages, never their contents, and a failure is harmless.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_addr: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    #[test]
    fn fills_every_element_in_order() {
        let v = super::filled_vec(5 << 20, |i| i as u8);
        assert_eq!(v.len(), 5 << 20);
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u8));
    }
}
