//! Work spread over the cores with plain scoped threads: how many to use, and one helper that
//! maps a function over parts on threads of their own and gives the results back in order.
//! Results never depend on the number of threads; only the time does.

/// How many threads the work that is spread over cores uses: one per core, up to eight.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// `f` over each of `parts`, each on a thread of its own, the results in the order of `parts`;
/// a panic in `f` is raised again here.
pub(crate) fn on_threads<T: Send, R: Send>(
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
