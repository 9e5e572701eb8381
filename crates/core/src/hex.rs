//! Lower-case hexadecimal: the one spelling of the digests, hashes and nonces glossgraph
//! writes (the export manifest's SHA-256, `push`'s graph hashes, HTTP Digest answers).

/// `bytes` as lower-case hexadecimal, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_byte_is_two_lower_case_digits() {
        let all: Vec<u8> = (0..=255).collect();
        let expected: String = all.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(super::hex(&all), expected);
        assert_eq!(super::hex(&[]), "");
    }
}
