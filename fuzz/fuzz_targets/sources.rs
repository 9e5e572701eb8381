#![no_main]
//! See `glossgraph_fuzz::checks::sources`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| glossgraph_fuzz::checks::sources(data));
