//! Live updates: one watcher per process learns which channels' games
//! changed and tells the open streams watching them, so that an open
//! stream costs memory only. On SQLite the watcher asks the store once
//! every `POLL_EVERY` for a mark of every watched channel (which also
//! sees a change made by another process on the same file), and at once
//! when this process has just answered a request (`Service::answered`: a
//! page's move, or a Discord click on the game a page shows); on PostgreSQL
//! the store's notifications say at once, and the same poll, slower, covers
//! a notification lost while the listener reconnected.
//!
//! Streams are capped per session (a signed-in user, or local mode's user),
//! per address and in all ([`Limits`]); over a cap the table answers 429
//! and the page polls slowly instead.

use crate::service::Service;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often the watcher asks SQLite what changed.
const POLL_EVERY: Duration = Duration::from_millis(150);
/// The least time between two looks made because this process answered a
/// request.
const AFTER_ANSWER: Duration = Duration::from_millis(10);
/// How often it asks PostgreSQL all the same (notifications say at once).
const POLL_PG_EVERY: Duration = Duration::from_secs(5);
/// How many changes a stream may fall behind before it is told it lagged
/// (and looks again).
const BACKLOG: usize = 1024;

/// How many live streams the table keeps open. Each can be set in the
/// environment: `ANTICS_STREAMS_PER_SESSION`, `ANTICS_STREAMS_PER_ADDRESS`,
/// `ANTICS_STREAMS_TOTAL`; and the connections of the whole server,
/// `ANTICS_MAX_CONNECTIONS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub per_session: usize,
    pub per_address: usize,
    pub total: usize,
    /// Connections open at once (streams, pages, health checks,
    /// interactions): the server closes any past it.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_session: 8,
            per_address: 64,
            total: 1024,
            connections: super::listen::DEFAULT_CONNECTIONS,
        }
    }
}

impl Limits {
    /// The defaults, with what the environment sets; a value that is not a
    /// positive number is named in a warning and the default kept. Read
    /// once a process: the server's connection cap and the streams' caps
    /// both ask, and a bad value is named once.
    pub fn from_env() -> Limits {
        static READ: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
        *READ.get_or_init(Limits::read_env)
    }

    fn read_env() -> Limits {
        let default = Limits::default();
        let read = |name: &str, default: usize| match std::env::var(name) {
            Err(_) => default,
            Ok(text) => match text.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    tracing::warn!(name, value = %text, default, "not a positive number: the default is kept");
                    default
                }
            },
        };
        Limits {
            per_session: read("ANTICS_STREAMS_PER_SESSION", default.per_session),
            per_address: read("ANTICS_STREAMS_PER_ADDRESS", default.per_address),
            total: read("ANTICS_STREAMS_TOTAL", default.total),
            connections: read("ANTICS_MAX_CONNECTIONS", default.connections),
        }
    }
}

/// What the watcher tells the streams.
#[derive(Clone, Debug)]
pub enum Change {
    /// A game of this channel changed.
    Channel(Arc<str>),
    /// Anything may have changed (the watcher could not tell what).
    Anything,
}

/// Which cap a stream met.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    Session,
    Address,
    Total,
}

impl Full {
    pub fn words(&self) -> &'static str {
        match self {
            Full::Session => {
                "This session has too many live boards open: close one, or the page updates slowly."
            }
            Full::Address => "Too many live boards are open from your address: the page updates slowly.",
            Full::Total => "The table is busy: the page updates slowly for now.",
        }
    }
}

/// The process' watcher and its open streams.
pub struct Live {
    service: Arc<Service>,
    limits: Limits,
    open: Mutex<Open>,
    changes: broadcast::Sender<Change>,
    started: OnceLock<()>,
}

/// The streams open now: by channel watched, session and address.
#[derive(Default)]
struct Open {
    channels: HashMap<Arc<str>, usize>,
    sessions: HashMap<String, usize>,
    addresses: HashMap<IpAddr, usize>,
    total: usize,
}

fn less<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = counts.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(key);
        }
    }
}

/// An open stream's place among the watched: it counts until dropped.
pub struct Ticket {
    live: Arc<Live>,
    channel: Arc<str>,
    session: String,
    address: IpAddr,
    /// The watcher's news, from the moment the stream opened.
    pub changes: broadcast::Receiver<Change>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.live.open.lock().expect("the streams' counts");
        less(&mut open.channels, &self.channel);
        less(&mut open.sessions, &self.session);
        less(&mut open.addresses, &self.address);
        open.total -= 1;
    }
}

impl Live {
    pub fn new(service: Arc<Service>, limits: Limits) -> Arc<Live> {
        let (changes, _) = broadcast::channel(BACKLOG);
        Arc::new(Live {
            service,
            limits,
            open: Mutex::new(Open::default()),
            changes,
            started: OnceLock::new(),
        })
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// How many streams are open now.
    pub fn open_streams(&self) -> usize {
        self.open.lock().expect("the streams' counts").total
    }

    /// A stream of `session` from `address` watching `channel`, unless a cap
    /// is met. The watcher starts with the first stream.
    pub fn open(self: &Arc<Live>, channel: &str, session: &str, address: IpAddr) -> Result<Ticket, Full> {
        let channel: Arc<str> = channel.into();
        {
            let mut open = self.open.lock().expect("the streams' counts");
            let count = |n: Option<&usize>| n.copied().unwrap_or(0);
            if open.total >= self.limits.total {
                return Err(Full::Total);
            }
            if count(open.sessions.get(session)) >= self.limits.per_session {
                return Err(Full::Session);
            }
            if count(open.addresses.get(&address)) >= self.limits.per_address {
                return Err(Full::Address);
            }
            *open.channels.entry(channel.clone()).or_default() += 1;
            *open.sessions.entry(session.to_string()).or_default() += 1;
            *open.addresses.entry(address).or_default() += 1;
            open.total += 1;
        }
        let changes = self.changes.subscribe();
        if self.started.set(()).is_ok() {
            tokio::spawn(watch(self.clone()));
        }
        Ok(Ticket {
            live: self.clone(),
            channel,
            session: session.to_string(),
            address,
            changes,
        })
    }

    fn watched(&self) -> Vec<String> {
        let open = self.open.lock().expect("the streams' counts");
        open.channels.keys().map(|c| c.to_string()).collect()
    }

    fn tell(&self, change: Change) {
        // No stream listening is fine: the next one subscribes.
        let _ = self.changes.send(change);
    }
}

/// The watcher: forever, while the process serves.
async fn watch(live: Arc<Live>) {
    // Only PostgreSQL tells of changes: the look that covers what it
    // missed can be slower there.
    let mut told = live.service.watch_changes().await;
    let every = match &told {
        Some(_) => POLL_PG_EVERY,
        None => POLL_EVERY,
    };
    let mut marks: HashMap<String, (i64, i64)> = HashMap::new();
    let mut answered = live.service.answered();
    let mut poll = tokio::time::interval(every);
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let polled_only = told.is_none();
        let notified = async {
            match &mut told {
                Some(told) => Some(told.recv().await),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            note = notified => match note {
                Some(Ok(channel)) => live.tell(Change::Channel(channel.into())),
                Some(Err(broadcast::error::RecvError::Lagged(_))) => live.tell(Change::Anything),
                Some(Err(broadcast::error::RecvError::Closed)) | None => told = None,
            },
            _ = poll.tick() => poll_marks(&live, &mut marks).await,
            // PostgreSQL tells of this process' changes as of any other's.
            // Answers arriving together make one look, and looks are at
            // least AFTER_ANSWER apart, so that a busy process does not
            // poll without pause.
            Ok(()) = answered.changed(), if polled_only => {
                poll_marks(&live, &mut marks).await;
                tokio::time::sleep(AFTER_ANSWER).await;
            }
        }
    }
}

/// Asks the store for the watched channels' marks and tells of each that
/// moved since the last look.
async fn poll_marks(live: &Live, marks: &mut HashMap<String, (i64, i64)>) {
    let watched = live.watched();
    if watched.is_empty() {
        marks.clear();
        return;
    }
    let now = match live.service.channel_marks(&watched).await {
        Ok(now) => now,
        Err(error) => {
            tracing::warn!(%error, "could not look for changed games");
            return;
        }
    };
    let mut now: HashMap<String, (i64, i64)> = now
        .into_iter()
        .map(|(channel, count, versions)| (channel, (count, versions)))
        .collect();
    let mut next = HashMap::with_capacity(watched.len());
    for channel in watched {
        // A channel without a game has the mark of none. One newly watched
        // is told of too: its streams read the board before the first look,
        // and anything since would be missed.
        let mark = now.remove(&channel).unwrap_or((0, 0));
        if marks.get(&channel) != Some(&mark) {
            live.tell(Change::Channel(channel.as_str().into()));
        }
        next.insert(channel, mark);
    }
    *marks = next;
}
