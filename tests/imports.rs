//! Imports point one way. A scan of every path the library's non-test code names (`use`
//! declarations and inline `crate::`/`super::` paths) finds no two files that use each other,
//! and no lower layer that uses a higher one: util < search, protocol, player, bench < games <
//! arena < the command line. A new back-arrow fails here with the two files named.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of a module path (its first segment under `src/`).
fn layer(module: &[String]) -> u8 {
    match module.first().map(String::as_str) {
        Some("util") => 0,
        Some("search" | "protocol" | "reference_players" | "bench") => 1,
        Some("games") => 2,
        Some("arena") => 3,
        _ => 4,
    }
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/games/renju/mod.rs` is `games::renju`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The code before the file's test module, without comments.
fn non_test_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names, braces expanded: `a::{b, c::{d}}` gives `a::b`, `a::c::d`.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = tree[..open].trim_end_matches("::");
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in body.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(ch);
        }
    }
    parts.push(cur);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(&format!("{prefix}::{p}")))
        .collect()
}

/// The paths a file's code names: its `use` trees and the `crate::`/`super::` paths inline.
fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = String::new();
    let mut statement: Option<String> = None;
    for line in code.lines() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub(super) "))
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        if let Some(s) = statement.as_mut() {
            s.push_str(line.trim());
        } else if let Some(u) = t.strip_prefix("use ") {
            statement = Some(u.to_string());
        } else {
            rest.push_str(line);
            rest.push('\n');
            continue;
        }
        if let Some(s) = statement.take_if(|s| s.contains(';')) {
            let tree: String = s[..s.find(';').unwrap()]
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            out.extend(expand(&tree));
        }
    }
    // Inline paths: `crate::a::b` or `super::super::c` anywhere in the code.
    let bytes = rest.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = rest[from..].find(start).map(|i| i + from) {
            from = i + start.len();
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                continue;
            }
            let end = rest[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(rest.len(), |e| i + e);
            out.push(rest[i..end].trim_end_matches(':').to_string());
        }
    }
    out
}

#[test]
fn no_file_pair_imports_each_other_and_no_layer_imports_a_higher_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(f.strip_prefix(&src).unwrap()), f.clone()))
        .collect();
    let file_of = |path: &[String]| -> Option<Vec<String>> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|m| modules.contains_key(m))
    };
    let mut edges: BTreeSet<(Vec<String>, Vec<String>)> = BTreeSet::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        if rel.starts_with("bin") {
            continue;
        }
        let me = module_of(rel);
        let code = non_test_code(&std::fs::read_to_string(file).unwrap());
        for path in named_paths(&code) {
            let mut segs: Vec<String> = path.split("::").map(str::to_string).collect();
            let target: Vec<String> = match segs[0].as_str() {
                "crate" | "sente" => segs.split_off(1),
                "self" => [me.clone(), segs.split_off(1)].concat(),
                "super" => {
                    let mut base = me.clone();
                    while segs.first().is_some_and(|s| s == "super") {
                        base.pop();
                        segs.remove(0);
                    }
                    [base, segs].concat()
                }
                _ => continue,
            };
            if let Some(t) = file_of(&target) {
                if t != me {
                    edges.insert((me.clone(), t));
                }
            }
        }
    }
    assert!(edges.len() > 200, "only {} imports found", edges.len());
    let name = |m: &Vec<String>| modules[m].strip_prefix(&src).unwrap().display().to_string();
    let mut problems = Vec::new();
    for (a, b) in &edges {
        if a < b && edges.contains(&(b.clone(), a.clone())) {
            problems.push(format!("{} and {} import each other", name(a), name(b)));
        }
        if layer(b) > layer(a) {
            problems.push(format!("{} (lower) imports {} (higher)", name(a), name(b)));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_use_trees_and_inline_paths() {
    let code = "use super::{a::B, c::{d, e::F}};\nfn f() { crate::x::y(); let z = super::w::V; }";
    let mut got = named_paths(code);
    got.sort();
    assert_eq!(
        got,
        [
            "crate::x::y",
            "super::a::B",
            "super::c::d",
            "super::c::e::F",
            "super::w::V"
        ]
    );
}
