//! A non-blocking cache prefetch: the solver starts the memory loads of every child's table
//! slot and database byte before it needs them, so their cache misses overlap.
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
