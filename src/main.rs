//! The `antics` command: parses the command line and starts a front end.

use antics::cli::{play, script::Script};
use antics::discord;
use antics::service::{Config, Service};
use antics::store::Store;
use anyhow::Context as _;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "antics",
    version,
    about = "Ant-themed card and board games for Discord"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN; see docs/discord.md).
    Run {
        /// A TOML config file (token, database, guild_id, log); the environment overrides it.
        #[arg(long)]
        config: Option<PathBuf>,
        /// SQLite database file or postgres:// URL (overrides ANTICS_DB, DATABASE_URL and the config file).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Answer GET /healthz and /metrics on this address, such as 0.0.0.0:9100 (or ANTICS_LISTEN).
        #[arg(long)]
        listen: Option<std::net::SocketAddr>,
        /// The application's id: with --listen and DISCORD_CLIENT_SECRET, the listener also serves the web table as the app's Activity.
        #[arg(long, env = "DISCORD_APPLICATION_ID")]
        application_id: Option<u64>,
    },
    /// Answer Discord's interactions over HTTP (the Interactions Endpoint URL), with /healthz and /metrics.
    Serve {
        /// The address to listen on, such as 0.0.0.0:8080 (port 0: any free port).
        #[arg(long)]
        listen: std::net::SocketAddr,
        /// The application's id (Discord's developer portal).
        #[arg(long, env = "DISCORD_APPLICATION_ID")]
        application_id: u64,
        /// The application's public key, 64 hexadecimal digits.
        #[arg(long, env = "DISCORD_PUBLIC_KEY")]
        public_key: String,
        /// A TOML config file (token, database, log); the environment overrides it.
        #[arg(long)]
        config: Option<PathBuf>,
        /// SQLite database file or postgres:// URL (overrides ANTICS_DB, DATABASE_URL and the config file).
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Print the application commands as they are registered with Discord.
    Commands {
        /// As a JSON array (the registration payload).
        #[arg(long)]
        json: bool,
    },
    /// Play at the terminal, no Discord needed: Army Ants (both seats), Atta Ants (hot seat) or a patience.
    Play {
        #[command(flatten)]
        opts: play::PlayOptions,
        /// Keep the games in this SQLite file or postgres:// URL (default: in memory).
        #[arg(long)]
        db: Option<String>,
    },
    /// Solve many seeded patience deals and print a winnability table.
    Solve {
        /// anthill, ants (strict), ants-relaxed or myrmex (larval; myrmex-LEVEL for another level).
        #[arg(long)]
        game: String,
        /// How many deals: seeds S..S+N.
        #[arg(long)]
        deals: u64,
        /// The first seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// States searched per deal before it counts as undecided (default 2,000,000; Myrmex 12,000,000).
        #[arg(long)]
        budget: Option<u64>,
        /// The per-deal CSV (default data/solve/GAME-SEED-N.csv).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Threads a Myrmex deal's search may use (default: two, or one on a single core); any number gives the same results.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: Option<u16>,
    },
    /// Drive the service with JSON lines on stdin (see DESIGN.md).
    Script {
        /// SQLite database file or a postgres:// URL (default: a fresh temporary database).
        #[arg(long)]
        db: Option<String>,
        /// Folder for board images (default: a fresh temporary folder).
        #[arg(long)]
        images: Option<PathBuf>,
        /// The key of the daily deals (default: generated once and kept in the database).
        #[arg(long, env = "ANTICS_DAILY_SECRET", hide_env_values = true)]
        daily_secret: Option<String>,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    // `run` sets up its own logging from its configuration.
    if !matches!(cli.command, Command::Run { .. } | Command::Serve { .. }) {
        antics::logging::init(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )?;
    }
    match cli.command {
        Command::Run {
            config,
            db,
            listen,
            application_id,
        } => run(config.as_deref(), db.as_deref(), listen, application_id).await,
        Command::Serve {
            listen,
            application_id,
            public_key,
            config,
            db,
        } => {
            let options = discord::serve::ServeOptions {
                listen,
                application_id,
                public_key: discord::endpoint::parse_public_key(&public_key)?,
            };
            serve(config.as_deref(), db.as_deref(), options).await
        }
        Command::Commands { json } => {
            if json {
                let json = antics::discord::registration_json();
                println!("{}", serde_json::to_string_pretty(&json)?);
            } else {
                for command in antics::discord::commands() {
                    print_command(&command, "/");
                }
            }
            Ok(())
        }
        Command::Play { opts, db } => {
            let store = match db {
                Some(db) => Store::open_path_or_url(&db).await?,
                None => Store::in_memory().await?,
            };
            let service = Service::new(store, Config::default());
            match opts.web {
                true => antics::web::serve_local(service, opts.port).await,
                false => play::run(service, opts).await,
            }
        }
        Command::Solve {
            game,
            deals,
            seed,
            budget,
            out,
            threads,
        } => {
            let game = antics::ai::solver::DealGame::parse(&game).ok_or_else(|| {
                anyhow::anyhow!("unknown game `{game}`: anthill, ants, ants-relaxed, myrmex or myrmex-LEVEL")
            })?;
            let opts = antics::cli::solve::SolveOptions {
                game,
                deals,
                seed,
                budget: budget.unwrap_or_else(|| game.default_budget()),
                out,
                threads: threads.map_or_else(antics::cli::solve::default_threads, usize::from),
            };
            antics::memory::return_large_buffers();
            antics::cli::solve::run(&opts)
        }
        Command::Script {
            db,
            images,
            daily_secret,
        } => {
            // A scratch folder only for what the flags leave out.
            let scratch = match (&db, &images) {
                (Some(_), Some(_)) => None,
                _ => Some(tempfile_dir()?),
            };
            let in_scratch = |name: &str| scratch.as_ref().expect("a flag left out").join(name);
            let images = images.unwrap_or_else(|| in_scratch("images"));
            let made_db = db.is_none();
            let store = match db {
                Some(db) => Store::open_path_or_url(&db).await?,
                None => Store::open(&in_scratch(SCRATCH_DB)).await?,
            };
            let config = Config {
                daily_secret: daily_secret.map(antics::service::DailySecret),
                ..Config::default()
            };
            let service = Service::new(store.clone(), config);
            let mut script = Script::new(service, images);
            let ran = script.run(tokio::io::stdin(), tokio::io::stdout()).await;
            store.close().await;
            if let Some(dir) = scratch {
                clear_scratch(&dir, made_db);
            }
            ran
        }
    }
}

/// `antics run`: reads the configuration, sets up logging, opens the store,
/// builds the service and hands it to the Discord front end until SIGTERM
/// or SIGINT, then closes the store. Without a token it says how to get one
/// (and about `antics play`) and exits with status 2.
async fn run(
    config_file: Option<&Path>,
    db: Option<&Path>,
    listen: Option<std::net::SocketAddr>,
    application_id: Option<u64>,
) -> anyhow::Result<()> {
    let mut config = discord::Config::load(config_file, |name| std::env::var(name).ok(), db)?;
    config.listen = listen.or(config.listen);
    if config.token.is_none() {
        // A plain message and a plain exit: this is advice, not a crash.
        eprintln!("{}", discord::NO_TOKEN);
        std::process::exit(2);
    }
    discord::init_logging(&config.log)?;
    let store = open_store(&config).await?;
    let service = Arc::new(Service::new(store.clone(), config.service_config()));
    let result = discord::run(config, service, application_id).await;
    store.close().await;
    tracing::info!("stopped; the database is closed");
    result
}

/// The configured database: `postgres://` runs on PostgreSQL, a path or
/// `sqlite:` on SQLite.
async fn open_store(config: &discord::Config) -> anyhow::Result<Store> {
    let store = match &config.database {
        discord::Database::Path(path) => Store::open(path).await,
        discord::Database::Url(url) => Store::open_url(url).await,
    };
    store.with_context(|| format!("opening the database {}", config.database))
}

/// `antics serve`: as `run` (configuration, logging, store), then the
/// interactions endpoint instead of the gateway.
async fn serve(
    config_file: Option<&Path>,
    db: Option<&Path>,
    options: discord::serve::ServeOptions,
) -> anyhow::Result<()> {
    let config = discord::Config::load(config_file, |name| std::env::var(name).ok(), db)?;
    discord::init_logging(&config.log)?;
    let store = open_store(&config).await?;
    let service = Arc::new(Service::new(store.clone(), config.service_config()));
    let result = discord::serve::serve(config, options, service).await;
    store.close().await;
    tracing::info!("stopped; the database is closed");
    result
}

/// One line per command and subcommand: its path and description.
fn print_command<U, E>(command: &poise::Command<U, E>, prefix: &str) {
    let path = format!("{prefix}{}", command.name);
    if command.subcommands.is_empty() {
        println!("{path}  {}", command.description.as_deref().unwrap_or(""));
    }
    for sub in &command.subcommands {
        print_command(sub, &format!("{path} "));
    }
}

/// The database `antics script` keeps in its scratch folder without `--db`.
const SCRATCH_DB: &str = "antics.db";

/// Removes what a script left in its scratch folder that no reply names:
/// its database (with SQLite's journal files) when it made one, then the
/// folder itself unless it holds the images the replies named.
fn clear_scratch(dir: &Path, made_db: bool) {
    if made_db {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.join(format!("{SCRATCH_DB}{suffix}")));
        }
    }
    // Fails, as it should, while images are there.
    let _ = std::fs::remove_dir(dir);
}

/// A fresh folder under the system's temporary directory.
fn tempfile_dir() -> anyhow::Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!(
        "antics-script-{}-{:08x}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
