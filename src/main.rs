//! The `antics` command: parses the command line and starts a front end.

use antics::cli::{play, script::Script};
use antics::service::{Config, Service};
use antics::store::Store;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "antics", version, about = "Ant-themed card and board games for Discord")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play Army Ants at the terminal, both seats, no Discord needed.
    Play {
        /// Deal from this seed (the same seed gives the same game).
        #[arg(long)]
        seed: Option<u64>,
        /// random, minor or total.
        #[arg(long, default_value = "random")]
        deployment: String,
        /// Start from a position in Army Ants position notation.
        #[arg(long)]
        position: Option<String>,
        /// Where board images are written.
        #[arg(long, default_value = "antics-boards")]
        out: PathBuf,
        /// Keep the game in this SQLite file (default: in memory).
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Drive the service with JSON lines on stdin (see DESIGN.md).
    Script {
        /// SQLite database file (default: a fresh temporary database).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Folder for board images (default: a fresh temporary folder).
        #[arg(long)]
        images: Option<PathBuf>,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match Cli::parse().command {
        Command::Play {
            seed,
            deployment,
            position,
            out,
            db,
        } => {
            let store = match db {
                Some(path) => Store::open(&path).await?,
                None => Store::in_memory().await?,
            };
            let service = Service::new(store, Config::default());
            let opts = play::PlayOptions {
                seed,
                deployment,
                position,
                out,
            };
            play::run(service, opts).await
        }
        Command::Script { db, images } => {
            let scratch = tempfile_dir()?;
            let db = db.unwrap_or_else(|| scratch.join("antics.db"));
            let images = images.unwrap_or_else(|| scratch.join("images"));
            let store = Store::open(&db).await?;
            let service = Service::new(store.clone(), Config::default());
            let mut script = Script::new(service, images);
            script.run(tokio::io::stdin(), tokio::io::stdout()).await?;
            store.close().await;
            Ok(())
        }
    }
}

/// A fresh folder under the system's temporary directory.
fn tempfile_dir() -> anyhow::Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("antics-script-{}-{:08x}", std::process::id(), rand::random::<u32>()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
