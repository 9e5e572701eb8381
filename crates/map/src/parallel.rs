//! Work spread over the cores, with rayon: the size of the pool glossgraph's work runs on, and
//! the chunked loop of the layout's per-node passes. Everything parallel in the workspace is a
//! rayon iterator that keeps its items' order (`par_iter().map(..).collect()`) or writes one
//! result per item (`par_chunks_mut`), so results never depend on the number of threads; only
//! the time does.
//!
//! The threads a process uses are one setting, the size of rayon's global pool: the binary sets
//! it with [`init`] (one thread per core, up to [`MOST_THREADS`], or `RAYON_NUM_THREADS`), and a
//! library user who does not call it gets rayon's default. A layout asked for another number
//! of threads ([`crate::layout::Options::threads`]) runs on a pool of that size ([`on_pool`]).

use rayon::prelude::*;

/// The most threads [`init`] gives the pool when the environment does not say: one per core,
/// up to this many (glossgraph's parallel loops were written and measured for a few cores).
pub const MOST_THREADS: usize = 8;

/// Sizes rayon's global pool for glossgraph: `RAYON_NUM_THREADS` threads if that is set (rayon
/// reads it), else one per core, up to [`MOST_THREADS`]. Called before any parallel work (the
/// binary calls it first); once the pool is running, a call changes nothing.
pub fn init() {
    let builder = rayon::ThreadPoolBuilder::new();
    let builder = if std::env::var_os("RAYON_NUM_THREADS").is_some() {
        builder
    } else {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        builder.num_threads(cores.min(MOST_THREADS))
    };
    // An error means the pool runs already, with the size it was given then.
    let _ = builder.build_global();
}

/// How many threads the parallel work started from here runs on: those of the rayon pool this
/// thread belongs to (the global pool, outside any).
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Runs `op` with its parallel work on `threads` threads: on the current pool when it has that
/// many, else on a pool built for the call (or the current one, if no thread can be started).
pub fn on_pool<R: Send>(threads: usize, op: impl FnOnce() -> R + Send) -> R {
    let threads = threads.max(1);
    if threads == rayon::current_num_threads() {
        return op();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(op),
        Err(_) => op(),
    }
}

/// Work unit of [`for_each_chunk`]. Fixed, so chunk boundaries never depend on the thread
/// count (and every result below is per node anyway).
pub const CHUNK: usize = 1024;

/// Calls `f(start, slice)` on consecutive `CHUNK`-sized pieces of `out`: on this thread if
/// `parallel` is false, else on the current rayon pool. `f` must compute each element from
/// shared read-only state only; then the result is the same either way, on any pool.
pub fn for_each_chunk<T: Send, F: Fn(usize, &mut [T]) + Sync>(out: &mut [T], parallel: bool, f: F) {
    if !parallel || out.len() <= CHUNK {
        for (k, chunk) in out.chunks_mut(CHUNK).enumerate() {
            f(k * CHUNK, chunk);
        }
        return;
    }
    out.par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(k, chunk)| f(k * CHUNK, chunk));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_slice_once_in_place_whatever_the_pool() {
        let n = 5 * CHUNK + 17;
        let fill = |parallel: bool, threads: usize| {
            let mut out = vec![0usize; n];
            on_pool(threads, || {
                for_each_chunk(&mut out, parallel, |start, chunk| {
                    for (k, x) in chunk.iter_mut().enumerate() {
                        *x += start + k;
                    }
                });
            });
            out
        };
        let expected: Vec<usize> = (0..n).collect();
        assert_eq!(fill(false, 1), expected);
        for threads in [1, 2, 3] {
            assert_eq!(fill(true, threads), expected, "{threads} threads");
        }
    }

    #[test]
    fn a_pool_of_the_asked_size_runs_the_work() {
        assert_eq!(on_pool(3, threads), 3);
        assert_eq!(on_pool(1, threads), 1);
        assert_eq!(on_pool(0, threads), 1);
    }
}
