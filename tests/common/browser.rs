//! The browser checks' tools: Node with playwright-core (installed from
//! tests/web's lock file when missing) and Debian's Chromium.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The folder of the browser scripts, or `None` (with a note) when the
/// browser checks cannot run here; in CI they must.
pub fn browser() -> Option<PathBuf> {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web");
    let installed = *INSTALLED.get_or_init(|| {
        dir.join("node_modules/playwright-core").exists()
            || Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(&dir)
                .status()
                .is_ok_and(|s| s.success())
    });
    let chromium = Path::new(&std::env::var("CHROMIUM").unwrap_or("/usr/bin/chromium".into())).exists();
    match (
        installed && chromium,
        std::env::var("CI").is_ok_and(|v| v == "true"),
    ) {
        (true, _) => Some(dir),
        (false, true) => panic!("the browser checks need Chromium (.ci/browser installs it) and npm"),
        (false, false) => {
            eprintln!("skipping the browser checks: install Debian's chromium (see .ci/browser)");
            None
        }
    }
}

/// Runs the browser script `script` in `dir` with `args`.
pub fn node(dir: &Path, script: &str, args: &[&str]) -> Output {
    Command::new("node")
        .arg(dir.join(script))
        .args(args)
        .output()
        .expect("node runs")
}
