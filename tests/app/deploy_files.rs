//! docker-compose.yml, deploy/nginx.conf, deploy/antics.env.example and the
//! Dockerfile agree with each other and with what `antics serve` reads:
//! every variable the replicas get is one antics reads, every setting of
//! the example reaches the file, and the port the replicas listen on is the
//! one nginx, the health check and `expose` name. (The file's shape against
//! the compose specification: deploy/check-compose, which needs the
//! network.)

use std::collections::BTreeSet;
use std::sync::Mutex;

const COMPOSE: &str = include_str!("../../docker-compose.yml");
const NGINX: &str = include_str!("../../deploy/nginx.conf");
const ENV_EXAMPLE: &str = include_str!("../../deploy/antics.env.example");
const DOCKERFILE: &str = include_str!("../../Dockerfile");

/// The lines of service `name`'s block in docker-compose.yml.
fn service(name: &str) -> Vec<&'static str> {
    let start = format!("  {name}:");
    COMPOSE
        .lines()
        .skip_while(|l| *l != start)
        .skip(1)
        .take_while(|l| l.is_empty() || l.starts_with("    "))
        .collect()
}

/// The keys of the `environment:` map in a service's block.
fn environment(block: &[&str]) -> Vec<String> {
    block
        .iter()
        .skip_while(|l| l.trim() != "environment:")
        .skip(1)
        .take_while(|l| l.starts_with("      ") || l.trim().is_empty())
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.trim().split_once(':').map(|(k, _)| k.to_string()))
        .collect()
}

/// Every `${NAME...}` the compose file takes from `.env`.
fn interpolated() -> BTreeSet<String> {
    COMPOSE
        .split("${")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// The variables antics reads: its configuration's, and the CLI's
/// (`[env: NAME=]` in `antics serve --help`).
fn read_by_antics() -> BTreeSet<String> {
    let asked = Mutex::new(BTreeSet::new());
    antics::discord::Config::load(
        None,
        |name| {
            asked.lock().unwrap().insert(name.to_string());
            None
        },
        None,
    )
    .unwrap();
    let mut names = asked.into_inner().unwrap();
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_antics"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("--listen"), "{help}");
    for part in help.split("[env: ").skip(1) {
        names.insert(part.split(['=', ']']).next().unwrap().to_string());
    }
    names
}

#[test]
fn the_replicas_get_only_what_antics_reads() {
    let read = read_by_antics();
    let given = environment(&service("antics"));
    assert!(given.contains(&"DATABASE_URL".to_string()), "{given:?}");
    for name in &given {
        assert!(
            read.contains(name),
            "antics does not read {name}; it reads {read:?}"
        );
    }
}

#[test]
fn every_setting_of_the_example_reaches_the_compose_file() {
    let example: BTreeSet<String> = ENV_EXAMPLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('=').map(|(k, _)| k.trim().to_string()))
        .collect();
    assert_eq!(
        example,
        interpolated(),
        "deploy/antics.env.example and docker-compose.yml"
    );
}

/// The image's `ANTICS_DB` (a SQLite file on its volume) must not win over
/// the compose file's `DATABASE_URL`: replicas each on a file of their own
/// would share nothing.
#[test]
fn the_replicas_share_the_postgresql_database() {
    assert!(DOCKERFILE.contains("ENV ANTICS_DB=/data/antics.db"));
    assert!(
        DOCKERFILE.contains(r#"ENTRYPOINT ["antics"]"#),
        "the command is antics' arguments"
    );
    let url = service("antics")
        .iter()
        .find_map(|l| l.trim().strip_prefix("DATABASE_URL: "))
        .unwrap()
        .replace("${POSTGRES_PASSWORD:-antics}", "antics");
    let env = |name: &str| match name {
        "DATABASE_URL" => Some(url.clone()),
        "ANTICS_DB" => Some("/data/antics.db".to_string()),
        _ => None,
    };
    let config = antics::discord::Config::load(None, env, None).unwrap();
    assert_eq!(
        config.database,
        antics::discord::Database::Url("postgres://antics:antics@postgres:5432/antics".into())
    );
}

#[test]
fn one_port_from_the_replicas_to_nginx() {
    let antics = service("antics").join("\n");
    let port = antics
        .split("\"--listen\", \"0.0.0.0:")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("serve --listen 0.0.0.0:PORT");
    assert!(antics.contains(&format!("- \"{port}\"")), "expose {port}");
    assert!(
        antics.contains(&format!("/dev/tcp/127.0.0.1/{port} ")),
        "the health check's port"
    );
    // The image's sh is dash, which has no /dev/tcp.
    assert!(
        antics.contains(r#"test: ["CMD", "bash", "-c", "#),
        "the health check runs in bash"
    );
    assert!(
        NGINX.contains(&format!("server antics:{port} ")),
        "nginx's upstream"
    );
    let nginx = service("nginx").join("\n");
    let listen = NGINX
        .lines()
        .find_map(|l| l.trim().strip_prefix("listen "))
        .and_then(|rest| rest.strip_suffix(';'))
        .unwrap();
    assert!(
        nginx.contains(&format!(":{listen}\"")),
        "nginx's published port is the one it listens on"
    );
    assert!(nginx.contains("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf"));
}
