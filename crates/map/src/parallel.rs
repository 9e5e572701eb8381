//! Work spread over the cores with plain scoped threads: how many to use, one helper that maps
//! a function over parts on threads of their own and gives the results back in order, and one
//! that fills a slice chunk by chunk on a few threads (the layout's per-node loops).
//! Results never depend on the number of threads; only the time does.

/// How many threads the work that is spread over cores uses: one per core, up to eight.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// `f` over each of `parts`, each on a thread of its own, the results in the order of `parts`;
/// a panic in `f` is raised again here.
pub fn on_threads<T: Send, R: Send>(
    parts: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || f(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Work unit of [`for_each_chunk`]. Fixed, so chunk boundaries never depend on the thread
/// count (and every result below is per node anyway).
pub const CHUNK: usize = 1024;

/// Calls `f(start, slice)` on consecutive `CHUNK`-sized pieces of `out`, on up to `threads`
/// scoped threads, each taking a contiguous run of chunks. `f` must compute each element from
/// shared read-only state only; then the result is the same for any thread count.
pub fn for_each_chunk<T: Send, F: Fn(usize, &mut [T]) + Sync>(out: &mut [T], threads: usize, f: F) {
    let chunks: Vec<(usize, &mut [T])> = out
        .chunks_mut(CHUNK)
        .enumerate()
        .map(|(i, c)| (i * CHUNK, c))
        .collect();
    if threads <= 1 || chunks.len() <= 1 {
        for (start, c) in chunks {
            f(start, c);
        }
        return;
    }
    let per_thread = chunks.len().div_ceil(threads.min(chunks.len()));
    let f = &f;
    std::thread::scope(|scope| {
        let mut rest = chunks.into_iter();
        let mine: Vec<_> = rest.by_ref().take(per_thread).collect();
        loop {
            let batch: Vec<_> = rest.by_ref().take(per_thread).collect();
            if batch.is_empty() {
                break;
            }
            scope.spawn(move || {
                for (start, c) in batch {
                    f(start, c);
                }
            });
        }
        // The calling thread does the first batch instead of idling.
        for (start, c) in mine {
            f(start, c);
        }
    });
}
