//! A non-blocking cache prefetch: a search starts the memory load of a table slot it will read
//! soon (Kalah's solver: every child's slot and database byte; the renju searcher: the next
//! position's bucket, before it makes the move), so the cache misses overlap other work.
//!
//! A plain load (even one kept alive with `black_box`) holds its instruction until the data
//! arrives; on Kalah(6,4) the profile put over half of the solve's time on those loads. A
//! prefetch instruction retires at once and lets the work in between hide the miss.

/// Asks the CPU to bring the cache line holding `r` into the cache; does nothing else.
#[inline(always)]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults and never changes memory or
    // registers, whatever the address (here a valid reference). SSE is baseline on x86_64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(r as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}
