#![no_main]
//! See `glossgraph_fuzz::checks::sheets`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| glossgraph_fuzz::checks::sheets(data));
