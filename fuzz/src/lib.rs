//! What each fuzz target asserts, shared with `cargo test` (tests/it/fuzz.rs includes
//! `checks.rs` by path, so the saved inputs are judged by the same code in both).

pub mod checks;
