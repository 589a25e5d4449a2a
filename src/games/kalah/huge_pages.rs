//! Big tables on huge pages: the proof table and the endgame database are read at random, and
//! with 4 KB pages nearly every look-up also misses the TLB and walks the page tables (the
//! profile put most of the solve's time on the prefetches of children's entries). Linux gives
//! 2 MB pages to memory marked with `madvise(MADV_HUGEPAGE)` when transparent huge pages are in
//! `madvise` mode (the common default); elsewhere this changes nothing. Windows has large
//! pages only for a user granted "Lock pages in memory" (SeLockMemoryPrivilege, off by default)
//! and only through `VirtualAlloc(MEM_LARGE_PAGES)`, outside what a `Vec` allocates: there the
//! tables take plain pages.

use std::sync::atomic::{AtomicBool, Ordering};

/// A vector of `n` elements made by `f`, its memory marked for huge pages before it is touched.
pub fn filled_vec<T>(n: usize, f: impl FnMut(usize) -> T) -> Vec<T> {
    filled_vec_unless_stopped(n, f, &AtomicBool::new(false)).expect("never stopped")
}

/// Elements made per look at the stop flag.
const FILL_CHUNK: usize = 1 << 20;

/// `filled_vec`, given up (`None`) once `stop` is raised: filling gigabytes takes seconds, and
/// an interrupt must not wait for it. (Zeroed memory from the system, touched on first use,
/// would be instant, but the solve on it measured 10% slower.)
pub fn filled_vec_unless_stopped<T>(
    n: usize,
    mut f: impl FnMut(usize) -> T,
    stop: &AtomicBool,
) -> Option<Vec<T>> {
    let mut v = Vec::with_capacity(n);
    advise(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    for start in (0..n).step_by(FILL_CHUNK) {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        v.extend((start..n.min(start + FILL_CHUNK)).map(&mut f));
    }
    Some(v)
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

/// The machine's physical memory, if Windows says (the Unix build asks `sysconf`).
#[cfg(windows)]
pub(super) fn physical_memory_bytes() -> Option<usize> {
    use windows_sys::Win32::System::SystemInformation::{GlobalMemoryStatusEx, MEMORYSTATUSEX};
    // SAFETY: zero is a valid value for this plain C struct, whose length field is set before
    // the call as the API requires; the call only writes into it.
    unsafe {
        let mut status: MEMORYSTATUSEX = std::mem::zeroed();
        status.dwLength = std::mem::size_of::<MEMORYSTATUSEX>() as u32;
        (GlobalMemoryStatusEx(&mut status) != 0).then_some(status.ullTotalPhys as usize)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fills_every_element_in_order() {
        let v = super::filled_vec(5 << 20, |i| i as u8);
        assert_eq!(v.len(), 5 << 20);
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u8));
    }

    #[test]
    fn a_raised_stop_gives_up_the_fill() {
        use std::sync::atomic::AtomicBool;
        assert!(
            super::filled_vec_unless_stopped(5 << 20, |_| 0u8, &AtomicBool::new(true)).is_none()
        );
    }
}
