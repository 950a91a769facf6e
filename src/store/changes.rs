//! Which channels' games changed, told across processes. On PostgreSQL
//! every write of a game notifies `antics_games` with the game's channel
//! (PostgreSQL delivers it when the transaction commits), and one listener
//! per process, started by the first watcher, hands the channel ids on.
//! SQLite has no such thing: its watchers poll.

use super::StoreError;
use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

/// The notification channel.
pub(super) const CHANNEL: &str = "antics_games";

/// How many changes a slow watcher may fall behind before it is told it
/// lagged (and looks again at everything it shows).
const BACKLOG: usize = 256;

/// Listens on the database at `url` and sends every changed channel's id.
/// `PgListener` reconnects by itself when its connection drops; changes
/// made meanwhile are missed, so watchers also look now and then.
pub(super) async fn listen(url: &str) -> Result<broadcast::Sender<String>, StoreError> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    let (sender, _) = broadcast::channel(BACKLOG);
    let feed = sender.clone();
    tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(note) => {
                    // No watcher left is fine: the next one subscribes.
                    let _ = feed.send(note.payload().to_string());
                }
                Err(error) => {
                    tracing::warn!(%error, "listening for game changes");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(sender)
}
