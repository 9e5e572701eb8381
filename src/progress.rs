//! Progress of long work that goes item by item (a push's requests): one bar on a terminal
//! (indicatif, as Rust command-line tools show it), and a line every few seconds at most
//! when standard error is a file or a pipe, so that a push of 100,000 graphs writes a few
//! lines to a log, not 100,000. The closing summary is the command's own.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Most often a line is written when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// Shows `done` of `count` items and the bytes sent so far.
pub struct Progress {
    what: &'static str,
    bar: Option<ProgressBar>,
    started: Instant,
    last_line: Instant,
    bytes: u64,
}

impl Progress {
    /// Progress of items named `what` (`requests`), on standard error; nothing at all when
    /// `quiet`.
    pub fn new(what: &'static str, quiet: bool) -> Self {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::hidden();
            bar.set_style(
                ProgressStyle::with_template("glossgraph: {bar:30} {pos}/{len} {msg} ({eta} left)")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar
        });
        let now = Instant::now();
        Progress {
            what,
            bar,
            started: now,
            last_line: if quiet { now + Duration::MAX / 2 } else { now },
            bytes: 0,
        }
    }

    /// One more item is done: `done` of `count`, `bytes` long.
    pub fn item(&mut self, done: usize, count: usize, bytes: usize) {
        self.bytes += bytes as u64;
        if let Some(bar) = &self.bar {
            bar.set_length(count as u64);
            bar.set_position(done as u64);
            bar.set_message(format!(
                "{} {} sent, {:.0}/s",
                self.what,
                size(self.bytes),
                bar.per_sec()
            ));
            return;
        }
        let now = Instant::now();
        if count > 1 && done < count && now >= self.last_line + LINE_EVERY {
            self.last_line = now;
            let _ = writeln!(
                io::stderr(),
                "glossgraph: {done} of {count} {} sent ({}) in {:.0} s",
                self.what,
                size(self.bytes),
                (now - self.started).as_secs_f64()
            );
        }
    }

    /// Writes `line` on standard error above the bar, if there is one.
    pub fn line(&self, line: &str) {
        let write = || {
            let _ = writeln!(io::stderr(), "glossgraph: {line}");
        };
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Removes the bar: the summary line follows.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A size as people read it, in decimal units as disks and networks count: `812 bytes`,
/// `4.1 kB`, `13.0 MB`, `2.4 GB`.
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["kB", "MB", "GB", "TB"];
    if bytes < 1000 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut value = bytes as f64 / 1000.0;
    let mut unit = 0;
    while value >= 999.95 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size(0), "0 bytes");
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(999), "999 bytes");
        assert_eq!(size(1000), "1.0 kB");
        assert_eq!(size(13_018_490), "13.0 MB");
        assert_eq!(size(999_960), "1.0 MB");
        assert_eq!(size(2_400_000_000), "2.4 GB");
    }
}
