//! Tests' work spread over the machine's cores: the shared puzzle sets take minutes on one
//! thread, and the test harness starts them late (tests run in name order), so one long test
//! held the whole unit-test run on one core while the other idled (issue 38's test time).
//! Each item is computed as it would be on its own; only the order of work changes, so a test
//! asserts exactly what it did on one thread.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f` on every item, on as many threads as the machine has cores (at most one per item),
/// each thread with its own state from `init` (a search's table, say, cleared by `f` as the
/// single-threaded loop did). Items are taken one at a time, so a few slow ones do not leave
/// a thread idle; the results come back in the items' order.
pub fn par_map<T: Sync, S, R: Send>(
    items: &[T],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(&mut state, item);
                    results.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every item computed"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::par_map;

    #[test]
    fn every_item_once_in_order_with_one_state_per_thread() {
        let items: Vec<u64> = (0..1000).collect();
        // Each thread counts the items it took; the counts add up to every item once.
        let taken = std::sync::atomic::AtomicUsize::new(0);
        let out = par_map(
            &items,
            || 0u64,
            |seen, &x| {
                *seen += 1;
                taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                x * x
            },
        );
        assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(taken.into_inner(), items.len());
        assert!(par_map(&[] as &[u8], || (), |_, &x| x).is_empty());
    }
}
