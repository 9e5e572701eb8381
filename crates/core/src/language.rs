//! Language codes as vocabularies name them, read as the BCP 47 tags their labels carry.
//!
//! A SKOS scheme names its languages with `dcterms:language`, as a literal (`"en"`, `"eng"`)
//! or as the IRI of an ISO 639 code (`<http://id.loc.gov/vocabulary/iso639-2/eng>`,
//! `<http://lexvo.org/id/iso639-3/fra>`, the EU's `<…/authority/language/DEU>`), while its
//! labels are tagged in BCP 47, which takes a language's two-letter ISO 639-1 code where it has
//! one and its three-letter code only where it has none (RFC 5646, 2.2.1). [`bcp47`] turns
//! the one into the other: the 184 languages with a two-letter code are found by their
//! three-letter codes, terminological and bibliographic alike ([`TWO_LETTER`], from ISO
//! 639-2); any other code of two or three letters is already its own tag.

/// Three-letter ISO 639-2 codes (terminological and bibliographic) and the two-letter ISO
/// 639-1 code of the same language, sorted by the first.
const TWO_LETTER: [(&str, &str); 204] = [
    ("aar", "aa"),
    ("abk", "ab"),
    ("afr", "af"),
    ("aka", "ak"),
    ("alb", "sq"),
    ("amh", "am"),
    ("ara", "ar"),
    ("arg", "an"),
    ("arm", "hy"),
    ("asm", "as"),
    ("ava", "av"),
    ("ave", "ae"),
    ("aym", "ay"),
    ("aze", "az"),
    ("bak", "ba"),
    ("bam", "bm"),
    ("baq", "eu"),
    ("bel", "be"),
    ("ben", "bn"),
    ("bih", "bh"),
    ("bis", "bi"),
    ("bod", "bo"),
    ("bos", "bs"),
    ("bre", "br"),
    ("bul", "bg"),
    ("bur", "my"),
    ("cat", "ca"),
    ("ces", "cs"),
    ("cha", "ch"),
    ("che", "ce"),
    ("chi", "zh"),
    ("chu", "cu"),
    ("chv", "cv"),
    ("cor", "kw"),
    ("cos", "co"),
    ("cre", "cr"),
    ("cym", "cy"),
    ("cze", "cs"),
    ("dan", "da"),
    ("deu", "de"),
    ("div", "dv"),
    ("dut", "nl"),
    ("dzo", "dz"),
    ("ell", "el"),
    ("eng", "en"),
    ("epo", "eo"),
    ("est", "et"),
    ("eus", "eu"),
    ("ewe", "ee"),
    ("fao", "fo"),
    ("fas", "fa"),
    ("fij", "fj"),
    ("fin", "fi"),
    ("fra", "fr"),
    ("fre", "fr"),
    ("fry", "fy"),
    ("ful", "ff"),
    ("geo", "ka"),
    ("ger", "de"),
    ("gla", "gd"),
    ("gle", "ga"),
    ("glg", "gl"),
    ("glv", "gv"),
    ("gre", "el"),
    ("grn", "gn"),
    ("guj", "gu"),
    ("hat", "ht"),
    ("hau", "ha"),
    ("heb", "he"),
    ("her", "hz"),
    ("hin", "hi"),
    ("hmo", "ho"),
    ("hrv", "hr"),
    ("hun", "hu"),
    ("hye", "hy"),
    ("ibo", "ig"),
    ("ice", "is"),
    ("ido", "io"),
    ("iii", "ii"),
    ("iku", "iu"),
    ("ile", "ie"),
    ("ina", "ia"),
    ("ind", "id"),
    ("ipk", "ik"),
    ("isl", "is"),
    ("ita", "it"),
    ("jav", "jv"),
    ("jpn", "ja"),
    ("kal", "kl"),
    ("kan", "kn"),
    ("kas", "ks"),
    ("kat", "ka"),
    ("kau", "kr"),
    ("kaz", "kk"),
    ("khm", "km"),
    ("kik", "ki"),
    ("kin", "rw"),
    ("kir", "ky"),
    ("kom", "kv"),
    ("kon", "kg"),
    ("kor", "ko"),
    ("kua", "kj"),
    ("kur", "ku"),
    ("lao", "lo"),
    ("lat", "la"),
    ("lav", "lv"),
    ("lim", "li"),
    ("lin", "ln"),
    ("lit", "lt"),
    ("ltz", "lb"),
    ("lub", "lu"),
    ("lug", "lg"),
    ("mac", "mk"),
    ("mah", "mh"),
    ("mal", "ml"),
    ("mao", "mi"),
    ("mar", "mr"),
    ("may", "ms"),
    ("mkd", "mk"),
    ("mlg", "mg"),
    ("mlt", "mt"),
    ("mon", "mn"),
    ("mri", "mi"),
    ("msa", "ms"),
    ("mya", "my"),
    ("nau", "na"),
    ("nav", "nv"),
    ("nbl", "nr"),
    ("nde", "nd"),
    ("ndo", "ng"),
    ("nep", "ne"),
    ("nld", "nl"),
    ("nno", "nn"),
    ("nob", "nb"),
    ("nor", "no"),
    ("nya", "ny"),
    ("oci", "oc"),
    ("oji", "oj"),
    ("ori", "or"),
    ("orm", "om"),
    ("oss", "os"),
    ("pan", "pa"),
    ("per", "fa"),
    ("pli", "pi"),
    ("pol", "pl"),
    ("por", "pt"),
    ("pus", "ps"),
    ("que", "qu"),
    ("roh", "rm"),
    ("ron", "ro"),
    ("rum", "ro"),
    ("run", "rn"),
    ("rus", "ru"),
    ("sag", "sg"),
    ("san", "sa"),
    ("sin", "si"),
    ("slk", "sk"),
    ("slo", "sk"),
    ("slv", "sl"),
    ("sme", "se"),
    ("smo", "sm"),
    ("sna", "sn"),
    ("snd", "sd"),
    ("som", "so"),
    ("sot", "st"),
    ("spa", "es"),
    ("sqi", "sq"),
    ("srd", "sc"),
    ("srp", "sr"),
    ("ssw", "ss"),
    ("sun", "su"),
    ("swa", "sw"),
    ("swe", "sv"),
    ("tah", "ty"),
    ("tam", "ta"),
    ("tat", "tt"),
    ("tel", "te"),
    ("tgk", "tg"),
    ("tgl", "tl"),
    ("tha", "th"),
    ("tib", "bo"),
    ("tir", "ti"),
    ("ton", "to"),
    ("tsn", "tn"),
    ("tso", "ts"),
    ("tuk", "tk"),
    ("tur", "tr"),
    ("twi", "tw"),
    ("uig", "ug"),
    ("ukr", "uk"),
    ("urd", "ur"),
    ("uzb", "uz"),
    ("ven", "ve"),
    ("vie", "vi"),
    ("vol", "vo"),
    ("wel", "cy"),
    ("wln", "wa"),
    ("wol", "wo"),
    ("xho", "xh"),
    ("yid", "yi"),
    ("yor", "yo"),
    ("zha", "za"),
    ("zho", "zh"),
    ("zul", "zu"),
];

/// The BCP 47 language tag `code` names: an ISO 639-1, 639-2 or 639-3 code in any case, or
/// the IRI of one (its last path segment). `None` for anything else (a tag with subtags, a
/// name, an empty string): such a value is not a code this reads.
///
/// ```
/// use glossgraph_core::language::bcp47;
/// assert_eq!(bcp47("http://id.loc.gov/vocabulary/iso639-2/eng").as_deref(), Some("en"));
/// assert_eq!(bcp47("FRE").as_deref(), Some("fr"));
/// assert_eq!(bcp47("haw").as_deref(), Some("haw"));
/// assert_eq!(bcp47("English"), None);
/// ```
#[must_use]
pub fn bcp47(code: &str) -> Option<String> {
    let code = code
        .trim_end_matches('/')
        .rsplit(['/', '#'])
        .next()
        .unwrap_or_default();
    if !(2..=3).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let code = code.to_ascii_lowercase();
    if code.len() == 3 {
        if let Ok(i) = TWO_LETTER.binary_search_by(|&(three, _)| three.cmp(&code)) {
            return Some(TWO_LETTER[i].1.to_owned());
        }
    }
    Some(code)
}

/// The BCP 47 tag a site's language folder or a page's language suffix names (`de`,
/// `pt-br`, `zh-cn`, `zh-hans`), in its canonical case (`pt-BR`, `zh-CN`, `zh-Hans`): its
/// first subtag an ISO 639-1 code, each other subtag 2 to 8 letters or digits. `None` for any
/// other name (`docs`, `api`, `img`): a folder is a language's only when it says so plainly.
///
/// ```
/// use glossgraph_core::language::site_tag;
/// assert_eq!(site_tag("pt-br").as_deref(), Some("pt-BR"));
/// assert_eq!(site_tag("zh-hans").as_deref(), Some("zh-Hans"));
/// assert_eq!(site_tag("docs"), None);
/// ```
#[must_use]
pub fn site_tag(name: &str) -> Option<String> {
    let mut subtags = name.split(['-', '_']);
    let first = subtags.next()?.to_ascii_lowercase();
    if !is_two_letter(&first) {
        return None;
    }
    let mut tag = first;
    for sub in subtags {
        if !(2..=8).contains(&sub.len()) || !sub.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        tag.push('-');
        match sub.len() {
            2 => tag.push_str(&sub.to_ascii_uppercase()),
            4 => {
                tag.push_str(&sub[..1].to_ascii_uppercase());
                tag.push_str(&sub[1..].to_ascii_lowercase());
            }
            _ => tag.push_str(&sub.to_ascii_lowercase()),
        }
    }
    Some(tag)
}

/// Whether `code` (lower case) is a two-letter ISO 639-1 language code: `da` is, `dk` (the
/// country code of Denmark, often written for Danish) is not.
#[must_use]
pub fn is_two_letter(code: &str) -> bool {
    code.len() == 2 && TWO_LETTER.iter().any(|&(_, two)| two == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_letter_codes_are_languages_not_countries() {
        for code in ["da", "de", "en", "fi", "sv", "se", "ja", "zh", "el", "cs"] {
            assert!(is_two_letter(code), "{code}");
        }
        for code in ["dk", "sf", "jp", "cn", "gr", "cz", "eng", "e", ""] {
            assert!(!is_two_letter(code), "{code}");
        }
    }

    #[test]
    fn the_table_is_sorted_and_every_code_is_lower_case() {
        assert!(TWO_LETTER.windows(2).all(|w| w[0].0 < w[1].0));
        for (three, two) in TWO_LETTER {
            assert!(three.len() == 3 && three.bytes().all(|b| b.is_ascii_lowercase()));
            assert!(two.len() == 2 && two.bytes().all(|b| b.is_ascii_lowercase()));
        }
    }

    #[test]
    fn codes_and_their_iris_read_as_tags() {
        for (code, tag) in [
            ("en", "en"),
            ("EN", "en"),
            ("eng", "en"),
            ("ger", "de"),
            ("deu", "de"),
            ("chi", "zh"),
            ("zho", "zh"),
            ("ara", "ar"),
            ("rus", "ru"),
            ("fin", "fi"),
            ("swe", "sv"),
            ("haw", "haw"),
            ("http://id.loc.gov/vocabulary/iso639-2/eng", "en"),
            ("http://id.loc.gov/vocabulary/iso639-1/fr", "fr"),
            ("http://lexvo.org/id/iso639-3/spa", "es"),
            (
                "http://publications.europa.eu/resource/authority/language/DEU",
                "de",
            ),
            ("http://example.org/lang#ukr", "uk"),
            ("http://example.org/lang/rus/", "ru"),
        ] {
            assert_eq!(bcp47(code).as_deref(), Some(tag), "{code}");
        }
        for not_a_code in [
            "",
            "e",
            "English",
            "en-GB",
            "e1g",
            "http://example.org/lang/english",
        ] {
            assert_eq!(bcp47(not_a_code), None, "{not_a_code}");
        }
    }
}
