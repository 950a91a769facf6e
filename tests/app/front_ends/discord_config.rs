//! The bot's configuration: file, environment and flag
//! (src/discord/config.rs).

use antics::discord::config::{Shards, DEFAULT_DB};
use antics::discord::{Config, Database};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |name| map.get(name).cloned()
}

#[test]
fn defaults() {
    let c = Config::load(None, env(&[]), None).unwrap();
    assert_eq!(c, Config::default());
    assert_eq!(c.database, Database::Path(DEFAULT_DB.into()));
    assert!(c.token.is_none());
}

#[test]
fn environment_beats_file_and_flag_beats_both() {
    let dir = std::env::temp_dir().join(format!("antics-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("antics.toml");
    std::fs::write(
        &path,
        "token = \"file-token\"\ndatabase = \"file.db\"\nguild_id = 42\nlog = \"debug\"\n",
    )
    .unwrap();
    let c = Config::load(Some(&path), env(&[]), None).unwrap();
    assert_eq!(c.token.as_deref(), Some("file-token"));
    assert_eq!(c.database, Database::Path("file.db".into()));
    assert_eq!(c.guild_id, Some(42));
    assert_eq!(c.log, "debug");
    let c = Config::load(
        Some(&path),
        env(&[
            ("DISCORD_TOKEN", "env-token"),
            ("ANTICS_DB", "env.db"),
            ("ANTICS_GUILD_ID", "7"),
            ("ANTICS_LOG", "trace"),
        ]),
        None,
    )
    .unwrap();
    assert_eq!(c.token.as_deref(), Some("env-token"));
    assert_eq!(c.database, Database::Path("env.db".into()));
    assert_eq!(c.guild_id, Some(7));
    assert_eq!(c.log, "trace");
    let c = Config::load(
        Some(&path),
        env(&[("DATABASE_URL", "sqlite://x.db"), ("ANTICS_DB", "env.db")]),
        Some(Path::new("flag.db")),
    )
    .unwrap();
    assert_eq!(c.database, Database::Path("flag.db".into()));
    let c = Config::load(Some(&path), env(&[("DATABASE_URL", "sqlite://x.db")]), None).unwrap();
    assert_eq!(c.database, Database::Url("sqlite://x.db".into()));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn idle_times_and_shards_come_from_file_and_environment() {
    let c = Config::load(None, env(&[]), None).unwrap();
    assert_eq!(c.idle_timeout, Some(Duration::from_secs(72 * 3600)));
    assert_eq!(c.shards, None);
    let c = Config::load(
        None,
        env(&[
            ("ANTICS_IDLE_TIMEOUT", "30m"),
            ("ANTICS_IDLE_REMINDER", "5m"),
            ("ANTICS_SHARDS", "2-3"),
            ("ANTICS_SHARD_TOTAL", "4"),
        ]),
        None,
    )
    .unwrap();
    assert_eq!(c.idle_timeout, Some(Duration::from_secs(1800)));
    assert_eq!(c.idle_reminder, Duration::from_secs(300));
    assert_eq!(
        c.shards,
        Some(Shards {
            first: 2,
            last: 3,
            total: 4
        })
    );
    let c = Config::load(None, env(&[("ANTICS_IDLE_TIMEOUT", "off")]), None).unwrap();
    assert_eq!(c.idle_timeout, None);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("antics.toml");
    std::fs::write(&path, "idle_timeout = \"2d\"\nshards = \"1\"\nshard_total = 2\n").unwrap();
    let c = Config::load(Some(&path), env(&[]), None).unwrap();
    assert_eq!(c.idle_timeout, Some(Duration::from_secs(2 * 86_400)));
    assert_eq!(
        c.shards,
        Some(Shards {
            first: 1,
            last: 1,
            total: 2
        })
    );
    for (name, value) in [
        ("ANTICS_IDLE_TIMEOUT", "soon"),
        ("ANTICS_SHARDS", "3-1"),
        ("ANTICS_SHARDS", "0-4"),
    ] {
        let e = Config::load(None, env(&[(name, value), ("ANTICS_SHARD_TOTAL", "4")]), None).unwrap_err();
        assert!(e.to_string().contains(value), "{e}");
    }
    assert!(Config::load(None, env(&[("ANTICS_SHARDS", "0-1")]), None).is_err());
}

#[test]
fn the_token_never_shows() {
    let c = Config {
        token: Some("very-secret-token".into()),
        database: Database::Url("postgres://user:pw@host/db".into()),
        ..Config::default()
    };
    let shown = format!("{c:?}");
    assert!(!shown.contains("very-secret-token"), "{shown}");
    assert!(!shown.contains("pw"), "{shown}");
    assert!(shown.contains("<redacted>"));
}

#[test]
fn the_gateway_process_listens_for_health_and_metrics_only_when_asked() {
    assert_eq!(Config::load(None, env(&[]), None).unwrap().listen, None);
    let c = Config::load(None, env(&[("ANTICS_LISTEN", "127.0.0.1:9100")]), None).unwrap();
    assert_eq!(c.listen, Some("127.0.0.1:9100".parse().unwrap()));
    let e = Config::load(None, env(&[("ANTICS_LISTEN", "port 9100")]), None).unwrap_err();
    assert!(e.to_string().contains("ANTICS_LISTEN"), "{e}");
}

#[test]
fn the_atta_turn_timeout_comes_from_the_environment() {
    let c = Config::load(None, env(&[("ANTICS_ATTA_TURN_MINUTES", "90")]), None).unwrap();
    assert_eq!(c.atta_turn_minutes, Some(90));
    let e = Config::load(None, env(&[("ANTICS_ATTA_TURN_MINUTES", "a day")]), None).unwrap_err();
    assert!(e.to_string().contains("ANTICS_ATTA_TURN_MINUTES"));
}

#[test]
fn bad_values_are_refused_clearly() {
    let e = Config::load(None, env(&[("ANTICS_GUILD_ID", "my-server")]), None).unwrap_err();
    assert!(e.to_string().contains("ANTICS_GUILD_ID"));
    let dir = std::env::temp_dir().join(format!("antics-config-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.toml");
    std::fs::write(&path, "tokn = \"secret-typo\"\n").unwrap();
    let e = Config::load(Some(&path), env(&[]), None).unwrap_err();
    assert!(!e.to_string().contains("secret-typo"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
