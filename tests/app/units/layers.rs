//! The crate's layers, checked on its sources: no module names a layer
//! above its own. From the bottom: `rules`; `protocol` (what the front ends
//! and the service say to each other); `render`, `ai`, `controls`, `store`
//! and the daily and tournament books; `service`; `games` (the five
//! games' own parts of the service, which it reaches through its registry
//! alone, as it reaches a test's toy games); and the front ends
//! (`discord`, `web`), which reach games through the service alone. `cli`
//! (the commands that start the rest, and the solvers' runs) may name any.
//! What only tests compile (an item under `#[cfg(test)]`) may reach further.
//! `rules`, `ai` and `tournament` are the antics-core crate and `render` the
//! antics-render crate, which cannot name this one at all. Inside the
//! service, the engine (src/service/engine/) names nothing that stands on
//! it: no game, no kind's paths, no daily or tournament; and no two of the
//! service's modules name each other round, its root (mod.rs: the
//! dispatch, which names them all) included: `Service` and the registry
//! live in `base`, which names none of the others.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Which of the service's modules each one names.
type Names = BTreeMap<String, BTreeSet<String>>;

/// The layers, from the bottom: a module may name its own layer's modules
/// and those below, never those above.
const LAYERS: &[&[&str]] = &[
    &["rules"],
    &["protocol"],
    &["render", "ai", "controls", "store", "daily", "tournament"],
    &["service"],
    &["games"],
    &["discord", "web", "cli"],
];

/// What a module may not name besides, in its own layer or below.
const ALSO_FORBIDDEN: &[(&str, &[&str])] = &[
    ("render", &["controls", "store"]),
    ("ai", &["controls", "store"]),
    ("controls", &["store"]),
    ("store", &["controls"]),
    // The front ends reach games through the service alone; the Discord
    // processes serve the web table beside the bot.
    ("discord", &["store", "ai", "games", "cli"]),
    ("web", &["store", "ai", "games", "discord", "cli"]),
];

/// The modules `module` may not name.
fn forbidden(module: &str) -> Vec<&'static str> {
    let layer = LAYERS.iter().position(|l| l.contains(&module)).expect("a layer");
    let above = LAYERS[layer + 1..].iter().flat_map(|l| l.iter().copied());
    let besides = ALSO_FORBIDDEN.iter().filter(|(m, _)| *m == module);
    above
        .chain(besides.flat_map(|(_, names)| names.iter().copied()))
        .collect()
}

/// A module's folder: this crate's `src/`, antics-core's for the games, the
/// computer and the tournaments, or antics-render's. The compiler already
/// keeps those crates from naming anything of this one; this check keeps
/// their order.
fn folder(root: &Path, module: &str) -> PathBuf {
    match module {
        "rules" | "ai" | "tournament" => root.join("crates/core/src").join(module),
        "render" => root.join("crates/render/src"),
        _ => root.join("src").join(module),
    }
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// A file's lines but those of the items only tests compile (each
/// `#[cfg(test)]` item: one line, or a block to its closing brace), with
/// their numbers.
fn compiled(text: &str) -> Vec<(usize, &str)> {
    let mut lines = text.lines().enumerate();
    let mut kept = Vec::new();
    while let Some((number, line)) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            kept.push((number + 1, line));
            continue;
        }
        let mut depth = 0;
        for (_, gated) in lines.by_ref() {
            depth += gated.matches('{').count() as i64 - gated.matches('}').count() as i64;
            let end = gated.trim_end();
            if depth <= 0 && (end.ends_with(';') || end.ends_with('}')) {
                break;
            }
        }
    }
    kept
}

/// The top-level modules a file's compiled code names, as `crate::NAME`,
/// with the line each is on. Comments are left out.
fn named(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in compiled(text) {
        let line = line.split("//").next().unwrap_or_default();
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            // A grouped import (`crate::{a, b}`) is named as `{`, which no
            // layer may use: the check reads one path at a time.
            let name: String = match rest.starts_with('{') {
                true => "{".into(),
                false => (rest.chars())
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect(),
            };
            found.push((number, name));
        }
    }
    found
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut breaches = Vec::new();
    let checked = LAYERS.iter().flat_map(|l| l.iter()).filter(|m| **m != "cli");
    for module in checked {
        let forbidden = forbidden(module);
        for file in sources(&folder(root, module)) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (line, name) in named(&text) {
                if name == "{" || forbidden.contains(&name.as_str()) {
                    let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
                    breaches.push(format!("{shown}:{line} names crate::{name}"));
                }
            }
        }
    }
    assert!(
        breaches.is_empty(),
        "imports from a higher layer:\n{}",
        breaches.join("\n")
    );
}

/// The modules of the service that the engine (src/service/engine/: every
/// game's one path, its tables, seats, state and deadlines) stands on: the
/// service's core (`base`: `Service`, its configuration, the registry's
/// types), its errors, the games kept in memory, drawing off the runtime
/// and the sweep's clock. Every other module of the service (the
/// patiences' door, the kinds' paths, the daily, the tournaments, ...) stands on the
/// engine.
const UNDER_THE_ENGINE: &[&str] = &["engine", "base", "error", "cache", "offload", "clock"];

/// The service's folder and its modules: a file or a folder each, the
/// root (mod.rs) aside.
fn service_modules(root: &Path) -> (PathBuf, Vec<String>) {
    let service = root.join("src/service");
    let modules = std::fs::read_dir(&service)
        .expect("the service's folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .filter(|name| name != "mod")
        .collect();
    (service, modules)
}

/// A file's module path below the service: `["solitaire", "door"]` for
/// src/service/solitaire/door.rs, nothing for the root.
fn module_path(service: &Path, file: &Path) -> Vec<String> {
    let below = file.strip_prefix(service).expect("under the service");
    let mut path: Vec<String> = (below.with_extension("").iter())
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

#[test]
fn the_engine_names_no_module_of_the_service_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (service, modules) = service_modules(root);
    assert!(modules.iter().any(|m| m == "solitaire"), "{modules:?}");
    let mut breaches = Vec::new();
    for file in sources(&service.join("engine")) {
        let path = module_path(&service, &file);
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (number, line) in compiled(&text) {
            for name in service_modules_named(line, &path) {
                if modules.contains(&name) && !UNDER_THE_ENGINE.contains(&name.as_str()) {
                    let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
                    breaches.push(format!("{shown}:{number} names the service's {name}"));
                }
            }
        }
    }
    assert!(
        breaches.is_empty(),
        "the engine names what stands on it:\n{}",
        breaches.join("\n")
    );
}

/// The service's own modules a compiled line of a file names: `file` is
/// the module's path below the service (`["solitaire", "door"]`), and a
/// name counts where a path reaches the service's root (`crate::service::`,
/// or as many `super::` as the file is deep) and goes on into a module.
fn service_modules_named(line: &str, file: &[String]) -> Vec<String> {
    let line = line.split("//").next().unwrap_or_default();
    let ident = |text: &str| -> String {
        (text.trim_start().chars())
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let group = |rest: &str| -> Vec<String> {
        match rest.strip_prefix('{') {
            Some(group) => (group.split('}').next().unwrap_or_default())
                .split(',')
                .map(ident)
                .collect(),
            None => vec![ident(rest)],
        }
    };
    let mut names = Vec::new();
    for (at, _) in line.match_indices("crate::service::") {
        names.extend(group(&line[at + "crate::service::".len()..]));
    }
    let mut at = 0;
    while let Some(found) = line[at..].find("super::") {
        let start = at + found;
        let mut rest = &line[start..];
        let mut ups = 0;
        while let Some(after) = rest.strip_prefix("super::") {
            rest = after;
            ups += 1;
        }
        let at_root = !line[..start].ends_with("::") && ups == file.len();
        if at_root {
            names.extend(group(rest));
        }
        at = start + ups * "super::".len();
    }
    names.retain(|name| !name.is_empty());
    names
}

#[test]
fn the_services_modules_form_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (service, modules) = service_modules(root);
    // The root (mod.rs) declares every module and dispatches to them: it
    // names them all, so a module that names the root closes a circle.
    const ROOT: &str = "the service's root (mod.rs)";
    let mut names = Names::new();
    names.insert(ROOT.into(), modules.iter().cloned().collect());
    for file in sources(&service) {
        let path = module_path(&service, &file);
        let Some(module) = path.first().cloned() else {
            continue; // The root, above.
        };
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (_, line) in compiled(&text) {
            for name in service_modules_named(line, &path) {
                let named = match modules.contains(&name) {
                    true => name,
                    false => ROOT.to_string(),
                };
                if named != module {
                    names.entry(module.clone()).or_default().insert(named);
                }
            }
        }
    }
    // A circle is a module reached again from itself.
    fn reach(from: &str, names: &Names, on: &mut Vec<String>) -> Option<Vec<String>> {
        if let Some(at) = on.iter().position(|m| m == from) {
            return Some(on[at..].iter().cloned().chain([from.to_string()]).collect());
        }
        on.push(from.to_string());
        for next in names.get(from).into_iter().flatten() {
            if let Some(circle) = reach(next, names, on) {
                return Some(circle);
            }
        }
        on.pop();
        None
    }
    for module in names.keys() {
        if let Some(circle) = reach(module, &names, &mut Vec::new()) {
            panic!(
                "the service's modules name each other round: {}",
                circle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_circle_check_reads_paths_from_any_depth() {
    let at = |parts: &[&str]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    assert_eq!(
        service_modules_named("use super::{daily, Service};", &at(&["leaderboard"])),
        ["daily", "Service"]
    );
    assert_eq!(
        service_modules_named("use super::Dealt;", &at(&["solitaire", "door"])),
        Vec::<String>::new()
    );
    assert_eq!(
        service_modules_named("x(super::super::kinds::f())", &at(&["solitaire", "door"])),
        ["kinds"]
    );
    assert_eq!(
        service_modules_named(
            "use crate::service::engine::Place;",
            &at(&["engine", "seating", "seats"])
        ),
        ["engine"]
    );
    assert_eq!(
        service_modules_named("use crate::service::{kinds, Service};", &at(&["engine", "idle"])),
        ["kinds", "Service"]
    );
    assert_eq!(
        service_modules_named("x // crate::service::games", &at(&["engine"])),
        Vec::<String>::new()
    );
}

#[test]
fn the_check_sees_an_import_and_skips_comments_and_tests() {
    let text =
        "use crate::service::Reply;\n// crate::store in words\n#[cfg(test)]\nuse crate::store::Store;\n\
                #[cfg(test)]\nfn sample(\n    a: u8,\n) -> crate::store::GameRow {\n    todo!()\n}\n\
                fn f() -> crate::ai::Level {}\n#[cfg(test)]\nmod tests {\n    use crate::web::Live;\n}\n";
    assert_eq!(
        named(text),
        vec![(1, "service".to_string()), (11, "ai".to_string())]
    );
    assert_eq!(named("use crate::{rules, store};"), vec![(1, "{".to_string())]);
}

/// The names of the methods the games give `Service` (their `impl
/// Service` blocks, which open and close at the start of a line).
fn methods_the_games_define(root: &Path) -> BTreeSet<String> {
    let mut methods = BTreeSet::new();
    for file in sources(&root.join("src/games")) {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let mut inside = false;
        for (_, line) in compiled(&text) {
            if line.starts_with("impl Service {") {
                inside = true;
            } else if line.starts_with('}') {
                inside = false;
            } else if let (true, Some(at)) = (inside, line.find("fn ")) {
                let name: String = (line[at + 3..].chars())
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                methods.insert(name);
            }
        }
    }
    methods
}

#[test]
fn the_service_calls_no_method_the_games_define() {
    // A method of `Service` written in src/games is callable anywhere in
    // the crate, and a call names no module: the layers' check above
    // cannot see it. The service reaches a game through its registry.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let methods = methods_the_games_define(root);
    assert!(methods.contains("army_ants_command"), "{methods:?}");
    let mut breaches = Vec::new();
    for file in sources(&root.join("src/service")) {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (number, line) in compiled(&text) {
            let code = line.split("//").next().unwrap_or_default();
            for (at, _) in code.match_indices('.') {
                let name: String = (code[at + 1..].chars())
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let called = code[at + 1 + name.len()..].starts_with(['(', ':']);
                if called && methods.contains(&name) {
                    let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
                    breaches.push(format!("{shown}:{number} calls {name}"));
                }
            }
        }
    }
    assert!(
        breaches.is_empty(),
        "the service calls a game's method:\n{}",
        breaches.join("\n")
    );
}
