//! What the end-to-end tests share: the binary they drive.

/// The `sente` under test: `SENTE_TEST_BIN` when set, else the binary cargo built with these
/// tests. scripts/test.sh builds the tests once, in the test profile, and runs each suite
/// once: the protocol transcripts, the fuzzer and the match runner's tests against their own
/// binary (debug assertions and overflow checks on), the others against the release binary
/// (the one shipped) through this variable; scripts/windows-test.sh points the
/// transcripts at the Windows build under Wine the same way. Read at run time, so setting it
/// rebuilds nothing.
pub fn bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| match std::env::var("SENTE_TEST_BIN") {
        Ok(path) if !path.is_empty() => path,
        _ => env!("CARGO_BIN_EXE_sente").to_string(),
    })
}
