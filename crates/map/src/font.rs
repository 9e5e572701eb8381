//! How wide a text is in the font the maps name, without asking the machine.
//!
//! The SVG glossgraph draws names `Helvetica, Arial, sans-serif`: Helvetica and the fonts made
//! to stand in for it (Arial, Liberation Sans, Nimbus Sans) share one set of advance widths,
//! published in Adobe's font metrics for the PostScript core fonts. The table below holds those
//! widths for printable ASCII, in thousandths of an em; other characters get a generic width
//! (an average letter, a full em for the wide characters of East Asian scripts and emoji,
//! nothing for combining marks). A label's box, and so the layout and every byte of the SVG,
//! then depends on the text alone — never on which fonts a machine has installed, as it
//! would with Graphviz, which measures with the fonts it finds.

/// Advance widths of U+0020..=U+007E in Helvetica, in 1/1000 em.
const ASCII: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0..?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @..O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P.._
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `..o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p..~
];

/// Advance widths of U+0020..=U+007E in Helvetica Bold, in 1/1000 em.
const ASCII_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0..?
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // @..O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // P.._
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // `..o
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, // p..~
];

/// The weight a text is set in: the maps' labels are regular, the SVG's title bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// The width of a character outside the table: an average lower-case letter.
const GENERIC: u16 = 556;
/// The same in bold (Helvetica Bold's lower-case letters are mostly 611).
const GENERIC_BOLD: u16 = 611;

/// The advance width of `c` in Helvetica, in 1/1000 em.
pub fn advance(c: char) -> u16 {
    advance_in(c, Weight::Regular)
}

/// The advance width of `c` in Helvetica of `weight`, in 1/1000 em.
pub fn advance_in(c: char, weight: Weight) -> u16 {
    let bold = weight == Weight::Bold;
    let code = c as u32;
    match code {
        0x20..=0x7E if bold => ASCII_BOLD[(code - 0x20) as usize],
        0x20..=0x7E => ASCII[(code - 0x20) as usize],
        // Punctuation a glossary's terms use, from the same metrics.
        0xA0 | 0xB7 => 278,
        0xD7 => 584,
        0x2018 | 0x2019 if bold => 278,
        0x2018 | 0x2019 => 222,
        0x201C | 0x201D if bold => 500,
        0x201C | 0x201D => 333,
        0x2013 => 556,
        0x2014 | 0x2026 => 1000,
        // Combining marks sit on the letter before them.
        0x0300..=0x036F | 0x200B..=0x200F | 0x2060..=0x2064 | 0xFE00..=0xFE0F | 0xFEFF => 0,
        // Wide characters: CJK, Hangul, full-width forms, emoji.
        0x1100..=0x115F
        | 0x2E80..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1FAFF
        | 0x20000..=0x3FFFD => 1000,
        _ if bold => GENERIC_BOLD,
        _ => GENERIC,
    }
}

/// The width of `text` set in regular Helvetica at `size` points, in points.
pub fn width(text: &str, size: f64) -> f64 {
    width_in(text, size, Weight::Regular)
}

/// The width of `text` set in Helvetica of `weight` at `size` points, in points.
pub fn width_in(text: &str, size: f64, weight: Weight) -> f64 {
    let units: u64 = text.chars().map(|c| u64::from(advance_in(c, weight))).sum();
    units as f64 * size / 1000.0
}

/// The longest start of `text` that, followed by `…`, is at most `room` points wide at `size`
/// points in `weight`; `text` itself when it fits whole.
pub fn fit(text: &str, size: f64, room: f64, weight: Weight) -> std::borrow::Cow<'_, str> {
    if width_in(text, size, weight) <= room {
        return text.into();
    }
    let budget = room * 1000.0 / size - f64::from(advance_in('…', weight));
    let mut used = 0.0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        used += f64::from(advance_in(c, weight));
        if used > budget {
            break;
        }
        end = i + c.len_utf8();
    }
    format!("{}…", text[..end].trim_end()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_table_and_the_generic_classes() {
        // "Wi" is 944 + 222 thousandths of an em.
        assert!((width("Wi", 10.0) - 11.66).abs() < 1e-9);
        assert_eq!(advance('é'), GENERIC);
        assert_eq!(advance('語'), 1000);
        assert_eq!(advance('\u{301}'), 0);
        assert_eq!(width("", 11.0), 0.0);
    }

    #[test]
    fn a_long_text_is_cut_to_its_room_with_an_ellipsis() {
        assert_eq!(fit("RDMA", 11.0, 100.0, Weight::Regular), "RDMA");
        let cut = fit(
            "Enhanced Transmission Selection",
            11.0,
            60.0,
            Weight::Regular,
        );
        assert!(cut.ends_with('…') && width(&cut, 11.0) <= 60.0, "{cut}");
        assert_eq!(cut, "Enhance…");
        // Not even one letter fits: the ellipsis alone.
        assert_eq!(fit("W", 11.0, 5.0, Weight::Regular), "…");
    }

    #[test]
    fn bold_is_measured_with_its_own_widths() {
        // "glossary": g o l s s a r y = 611+611+278+556+556+556+389+556 in bold.
        assert!((width_in("glossary", 10.0, Weight::Bold) - 41.13).abs() < 1e-9);
        assert!(width_in("glossary", 10.0, Weight::Bold) > width("glossary", 10.0));
        let title = "RoCEv2: terms within 1 link · RDMA and storage networking glossary";
        let cut = fit(title, 16.0, 480.0, Weight::Bold);
        assert!(width_in(&cut, 16.0, Weight::Bold) <= 480.0, "{cut}");
        // Measured as regular, the same cut would be too long in bold.
        let regular = fit(title, 16.0, 480.0, Weight::Regular);
        assert!(width_in(&regular, 16.0, Weight::Bold) > 480.0, "{regular}");
    }
}
