//! The documentation is checked against the binary (conventions in docs/architecture.md,
//! "Documentation that is tested"):
//!
//! - every ```` ```sh runnable ```` block of `README.md` and `docs/*.md` runs with `bash -euo
//!   pipefail` from the project root, with the `sente` under test first on `PATH`, and must exit 0;
//! - every ```` ```text sente-help ARGS ```` block is exactly the output of `sente ARGS --help`,
//!   and the top-level, per-game and match help texts each appear in some block.
//!
//! `SENTE_UPDATE_DOCS=1 cargo test --release --test docs` rewrites the help blocks from the binary.

mod support;

use support::bin;

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fenced block: the file, the line of its opening fence (1-based), its info string and body.
struct Block {
    file: PathBuf,
    line: usize,
    info: String,
    body: String,
    /// Byte range of the body in the file, for rewriting.
    span: std::ops::Range<usize>,
}

fn doc_files() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The fenced blocks of a Markdown text (``` fences only, not indented).
fn blocks(file: &Path, text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String, usize)> = None;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_end();
        let Some(rest) = trimmed.strip_prefix("```") else {
            continue;
        };
        match open.take() {
            None => open = Some((i + 1, rest.trim().to_string(), offset)),
            Some((line_no, info, body_start)) => {
                assert!(
                    rest.is_empty(),
                    "{}:{}: a fence opens inside the block of line {line_no}",
                    file.display(),
                    i + 1
                );
                out.push(Block {
                    file: file.to_path_buf(),
                    line: line_no,
                    info,
                    body: text[body_start..start].to_string(),
                    span: body_start..start,
                });
            }
        }
    }
    assert!(
        open.is_none(),
        "{}: a block is never closed",
        file.display()
    );
    out
}

fn all_blocks() -> Vec<Block> {
    doc_files()
        .iter()
        .flat_map(|f| blocks(f, &std::fs::read_to_string(f).unwrap()))
        .collect()
}

/// `PATH` with the binary under test first, so that the docs can say `sente`.
fn path_with_sente() -> String {
    let dir = Path::new(bin()).parent().unwrap();
    format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

#[test]
fn runnable_shell_blocks_succeed() {
    let runnable: Vec<Block> = all_blocks()
        .into_iter()
        .filter(|b| b.info == "sh runnable")
        .collect();
    assert!(
        runnable.len() >= 6,
        "only {} runnable blocks: the docs lost their examples",
        runnable.len()
    );
    for b in runnable {
        let tmp =
            std::env::temp_dir().join(format!("sente-docs-{}-{}", std::process::id(), b.line));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).unwrap();
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", &b.body])
            .current_dir(ROOT)
            .env("PATH", path_with_sente())
            .env("TMPDIR", &tmp)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}:{}: the block failed ({}):\n{}\nstdout:\n{}\nstderr:\n{}",
            b.file.display(),
            b.line,
            out.status,
            b.body,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let _ = std::fs::remove_dir_all(&tmp);
    }
}

fn help_of(args: &[&str]) -> String {
    let out = Command::new(bin())
        .args(args)
        .arg("--help")
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    assert!(out.status.success(), "sente {args:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_blocks_match_the_binary() {
    let update = std::env::var_os("SENTE_UPDATE_DOCS").is_some();
    let mut seen: Vec<String> = Vec::new();
    let mut stale = Vec::new();
    for file in doc_files() {
        let mut text = std::fs::read_to_string(&file).unwrap();
        let mut helps: Vec<Block> = blocks(&file, &text)
            .into_iter()
            .filter(|b| b.info.starts_with("text sente-help"))
            .collect();
        // Rewrite from the end so that earlier spans stay valid.
        helps.sort_by_key(|b| std::cmp::Reverse(b.span.start));
        for b in helps {
            let args: Vec<&str> = b.info["text sente-help".len()..]
                .split_whitespace()
                .collect();
            let want = help_of(&args);
            seen.push(args.join(" "));
            if b.body != want {
                stale.push(format!(
                    "{}:{} (sente {} --help)",
                    file.display(),
                    b.line,
                    args.join(" ")
                ));
                text.replace_range(b.span.clone(), &want);
            }
        }
        if update {
            std::fs::write(&file, &text).unwrap();
        }
    }
    assert!(
        update || stale.is_empty(),
        "help text in the docs is out of date (SENTE_UPDATE_DOCS=1 cargo test --release --test docs rewrites it):\n{}",
        stale.join("\n")
    );
    for needed in [
        "",
        "hex",
        "renju",
        "gomoku",
        "kalah",
        "nim",
        "match",
        "match merge",
        "match report",
        "bench",
        "selfplay",
        "tune",
    ] {
        assert!(
            seen.iter().any(|s| s == needed),
            "no `text sente-help {needed}` block in README.md or docs/"
        );
    }
}

/// Every relative link of the docs points at a file or folder that exists.
#[test]
fn relative_links_resolve() {
    let mut broken = Vec::new();
    for file in doc_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !dir.join(target).exists() {
                broken.push(format!("{}: {target}", file.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
