//! Helpers shared by the unit tests of several modules.

/// Every string of 1 to `n` pieces of `alphabet`, shortest first: the small inputs a rule
/// written byte by byte is compared on with its plain definition.
pub(crate) fn strings_up_to(alphabet: &[&str], n: usize) -> Vec<String> {
    let mut all = Vec::new();
    let mut level = vec![String::new()];
    for _ in 0..n {
        level = level
            .iter()
            .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
            .collect();
        all.extend(level.iter().cloned());
    }
    all
}
