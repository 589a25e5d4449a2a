//! Which evaluation parameters the engine uses: the file embedded in the binary
//! (`data/renju/eval.bin`), or the one `--eval-file` names, read once before any board is made.

use std::sync::OnceLock;

use super::file::parse;
use super::params::EvalParams;

/// The parameter file the binary ships with.
static EMBEDDED: &[u8] = include_bytes!("../../../../data/renju/eval.bin");

static ACTIVE: OnceLock<EvalParams> = OnceLock::new();

/// The embedded parameters, checked (`file::parse`).
pub fn embedded() -> Result<EvalParams, String> {
    parse(EMBEDDED)
}

/// The parameters the engine uses: those of `use_file` if it was called first, else the
/// embedded ones. A damaged embedded file stops the engine here with the reason (a test
/// checks the shipped file, so a build that passes its tests never does).
pub fn active() -> &'static EvalParams {
    ACTIVE
        .get_or_init(|| embedded().unwrap_or_else(|e| panic!("the embedded renju parameters: {e}")))
}

/// Uses the parameter file at `path` instead of the embedded one (`--eval-file`); call before
/// any board is made. An unreadable or invalid file is an error and changes nothing.
pub fn use_file(path: &std::path::Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let p = parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    ACTIVE
        .set(p)
        .map_err(|_| "the renju parameters are already in use".to_string())
}
