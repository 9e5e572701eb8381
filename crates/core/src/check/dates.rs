//! Date rules. A date that does not parse is found by the loader (`bad-date`); here, the
//! dates that parse are compared: `firstSeen` must not be after `lastSeen`.

use super::at;
use crate::diag::Origin;
use crate::diag::{Finding, Rule};
use crate::Card;

pub(super) fn card(card: &Card, origin: Origin, out: &mut Vec<Finding>) {
    if let (Some(first), Some(last)) = (card.first_seen(), card.last_seen()) {
        // With partial dates, "after" means: every day `first` can mean is after every day
        // `last` can mean (`2024` is not after `2024-05`).
        if first.earliest() > last.latest() {
            out.push(at(
                Rule::DateOrder,
                origin,
                "/firstSeen",
                format!("firstSeen {first} is after lastSeen {last}"),
            ));
        }
    }
}
