//! A patience played: its moves, hints, ends by time, reviews, and the
//! replies that show them.

use super::{Loaded, SolitaireRules, HINT, HINT_COOLDOWN_MS};
use crate::ai::solver::hint::{fresh_hint, Hint, HINT_BUDGET};
use crate::ai::solver::review::{line_played, review, Review, REVIEW_BUDGET};
use crate::controls::patience::{self as board, View};
use crate::protocol::options;
use crate::protocol::types::*;
use crate::rules::capitalised;
use crate::service::base::{board_post, mention, Ask, Asked, Service, Via};
use crate::service::contest::Contest;
use crate::service::daily_seed::utc_text;
use crate::service::engine::multiplayer::Target;
use crate::service::engine::IdleEnd;
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, GameStatus};
use anyhow::Context as _;
use chrono::{DateTime, Utc};

impl Service {
    /// Plays `text` for the request's user in the game of `row` through
    /// the engine (`Service::play`: its seat, its version, the action,
    /// the save, again on conflict); with `at_version`, only on that
    /// version of the game.
    pub(super) async fn patience_act<G: SolitaireRules>(
        &self,
        req: &Request,
        row: GameRow,
        text: &str,
        at_version: Option<i64>,
        via: Via,
    ) -> ServiceResult<Reply> {
        let asked: G::Action = options::notation(text)?;
        let contest = self.context().contest(&row).await?;
        // A daily attempt still open when its day closed ends as it stood
        // then, whatever was asked: a later move cannot rank.
        let closed_at = contest
            .as_ref()
            .and_then(Contest::close)
            .filter(|close| req.at.timestamp_millis() >= *close);
        let end = match closed_at {
            Some(_) => Some(options::notation::<G::Action>("end")?),
            None => None,
        };
        let apply = |game: &mut G, seat| {
            let action = end.clone().unwrap_or_else(|| game.canonical(&asked));
            // The cards it moves, named from the board it moves them on.
            let cards = G::move_cards(&game.player_view(), &action.to_string());
            crate::rules::Game::act(game, seat, &action).map(|()| (action.to_string(), (action, cards)))
        };
        let played = self
            .play::<G, _>(req, Target::Id(&row.id), at_version, apply)
            .await?;
        let loaded = Loaded {
            table: played.table,
            contest,
        };
        let share = match loaded.game().outcome() {
            Some(_) => self.daily_finish_line::<G>(loaded.row()).await,
            None => None,
        };
        let (action, cards) = &played.told;
        let text = played_text(req, &loaded, &action.to_string(), cards.as_deref(), closed_at);
        Ok(self.show_played(req, &loaded, text, share, via))
    }

    /// How a played action shows: a click changes the board in place; a
    /// typed action edits the public board and answers the typer alone (a
    /// daily board is private, so it comes back to the typer whole). A
    /// daily attempt that ended tells the channel its share line, and only
    /// that.
    pub(super) fn show_played<G: SolitaireRules>(
        &self,
        req: &Request,
        loaded: &Loaded<G>,
        text: String,
        share: Option<String>,
        via: Via,
    ) -> Reply {
        let mut reply = self.solitaire_reply(loaded, text);
        if let Some(share) = &share {
            reply.text.push('\n');
            reply.text.push_str(share);
        }
        let public_typed = via == Via::Typed && loaded.contest.is_none();
        if public_typed {
            let text = reply.text.clone();
            reply = crate::service::base::answered_privately(reply, &loaded.row().channel_id, text);
        } else {
            reply.ephemeral = loaded.contest.is_some();
            reply.update = via == Via::Click;
        }
        let daily = matches!(loaded.contest, Some(Contest::Daily { .. }));
        if let (Some(share), true) = (share.as_deref(), daily) {
            // The channel sees the share line: no image, nothing of the deal.
            reply.posts.push(Post {
                channel: req.channel.clone(),
                text: format!(
                    "{} finished a daily challenge. {}",
                    mention(&req.user),
                    share_of(Some(share))
                ),
                ..Post::default()
            });
        }
        reply
    }

    /// A patience past its deadline: a daily attempt whose day closed ends
    /// as it stands (it ranks for its day as it stood); any other is idle
    /// (`Service::idle_due`).
    pub(in crate::service) async fn patience_due<G: SolitaireRules>(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<Post>> {
        let because = match self.context().contest(row).await? {
            None => {
                // It ends as `/solitaire end` would.
                let idle_end: IdleEnd = |service, row, idle, at| {
                    Box::pin(async move {
                        let because = format!("after {idle} without a move");
                        Ok(service.patience_timed_out::<G>(row, &because, at).await?)
                    })
                };
                return self.idle_due::<G>(row, now, idle_end).await;
            }
            Some(Contest::Daily { .. }) => "when the day's challenge closed",
            Some(Contest::Event(_)) => "when the event closed",
        };
        Ok(self
            .patience_timed_out::<G>(row, because, now)
            .await?
            .into_iter()
            .collect())
    }

    /// Ends a patience without its player, as `/solitaire end` would:
    /// its seat runs out of time through the engine (`time_out`, which
    /// logs `end`); `because` says why. `None` when the game moved
    /// meanwhile.
    pub(super) async fn patience_timed_out<G: SolitaireRules>(
        &self,
        row: &GameRow,
        because: &str,
        at: DateTime<Utc>,
    ) -> ServiceResult<Option<Post>> {
        let forfeit = |game: &mut G, seat| anyhow::Ok(crate::rules::Game::forfeit(game, seat));
        let Some((table, _)) = self.time_out::<G, _>(row, at, forfeit).await? else {
            return Ok(None);
        };
        let contest = self.context().contest(row).await?;
        let loaded = Loaded { table, contest };
        let (owner, title) = (mention(&loaded.table.seats), G::TITLE);
        if let Some(Contest::Event(_)) = &loaded.contest {
            // The event's standings board tells the channel.
            return Ok(None);
        }
        if loaded.contest.is_some() {
            // A daily board is private: the channel hears that it ended,
            // and sees nothing of the deal but its share line.
            let share = self.daily_finish_line::<G>(loaded.row()).await;
            let text = format!(
                "{owner}'s daily {title} ended {because}. {}",
                share_of(share.as_deref())
            );
            return Ok(Some(Post {
                channel: row.channel_id.clone(),
                text: text.trim_end().to_string(),
                ..Post::default()
            }));
        }
        let seed = stored_seed(loaded.row()).map(|s| format!(" Replay this deal with seed {s}."));
        let text = format!(
            "{owner}'s game of {title} ended {because}. **Game over**: {}.{}",
            stored_detail(loaded.row()),
            seed.unwrap_or_default()
        );
        let reply = self.solitaire_reply(&loaded, text);
        Ok(Some(Post {
            edit: Some(row.id.clone()),
            ..board_post(reply, &row.channel_id)
        }))
    }

    /// Works out a hint on a blocking thread (a search takes up to a
    /// fraction of a second), then logs it so that it is counted. Every
    /// hint is counted and starts the cooldown, "lost" and "undecided"
    /// too: a verdict tells as much as a move (play, ask, undo, and the
    /// losing moves are known).
    pub(super) async fn patience_hint<G: SolitaireRules>(
        &self,
        req: &Request,
        row: GameRow,
        via: Via,
    ) -> ServiceResult<Reply> {
        let (now, id) = (req.at.timestamp_millis(), row.id.as_str());
        self.retrying(|| async move {
            // Each try looks at the game as it now stands.
            let row = self.solitaire_row(req, Some(id)).await?;
            let mut loaded = self.load_patience::<G>(row).await?;
            if let Some(wait) = loaded
                .table
                .log
                .last_aside_at
                .map(|at| at + HINT_COOLDOWN_MS - now)
                .filter(|&w| w > 0)
            {
                return Err(UserError::cooldown(format!(
                    "One hint at a time: ask again in {} s.",
                    (wait + 999) / 1000
                ))
                .into());
            }
            let game = loaded.game().clone();
            let played = self.context().positions(&loaded.table).await?;
            let hint = tokio::task::spawn_blocking(move || fresh_hint(&game, &played, HINT_BUDGET))
                .await
                .context("hint search")?;
            // The move in notation (as typed) and the cards it moves, as
            // the move select names them.
            let told = {
                let shown = loaded.game().player_view();
                hint.told_naming(&|action: &str| named(action, G::move_cards(&shown, action).as_deref()))
            };
            let text = format!("{} asked for a hint. {told}", mention(&req.user));
            let Some(()) = self.save_aside(&mut loaded.table, req, HINT).await? else {
                return Ok(None);
            };
            // A typed hint answers the typer alone, in words: the board is
            // unchanged.
            if via == Via::Typed && loaded.contest.is_none() {
                let board = self.solitaire_reply(&loaded, text);
                return Ok(Some(Reply {
                    game: board.game,
                    ..Reply::ephemeral(board.text)
                }));
            }
            // Nothing left to gain: the board offers to end the game.
            let view = match hint {
                Hint::NoProgress | Hint::NothingFound => View::ConfirmEnd,
                _ => View::Play,
            };
            let mut reply = self.solitaire_reply_marked(&loaded, text, &view, hint.action());
            reply.ephemeral = loaded.contest.is_some();
            reply.update = via == Via::Click;
            Ok(Some(reply))
        })
        .await
    }

    /// The Review button of a finished patience: where the game went
    /// wrong, to its player alone. A daily attempt is reviewed once its day
    /// has closed: until then, what a review tells would help the others.
    pub(in crate::service) async fn solitaire_review(&self, req: &Request, id: &str) -> ServiceResult<Reply> {
        let row = self.patience_row(req, Some(id)).await?;
        if row.owner_id != req.user.id {
            return Err(UserError::not_a_player("Only the player can review their game.").into());
        }
        if row.status.is_open() {
            return Err(UserError::not_allowed("The review opens when the game is over.").into());
        }
        if let Some(open) = self
            .context()
            .contest(&row)
            .await?
            .filter(|c| c.is_open(req.at.timestamp_millis()))
        {
            return Err(UserError::not_allowed(format!(
                "The review of this attempt opens when {} closes, at {}.",
                open.name(),
                open.close_words()
            ))
            .into());
        }
        self.ask_patience(row.kind, Asked::Player(req, row, Ask::Review))
            .await
    }

    /// The review of a finished patience, worked out on a blocking thread
    /// (a few exact searches, within [`REVIEW_BUDGET`]): the words, and the
    /// position before the action that lost the win.
    pub(super) async fn patience_review<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Reply> {
        let table = self.load_table::<G>(row).await?;
        let positions = self.context().positions(&table).await?;
        let (review, line) = tokio::task::spawn_blocking(move || {
            let line = line_played(&positions);
            (review(&line, REVIEW_BUDGET), line)
        })
        .await
        .context("review search")?;
        let mut reply = Reply::ephemeral(format!(
            "**Review of your {}** · {}",
            G::TITLE,
            review.told(line.len().saturating_sub(1))
        ));
        if let Review::Lost { at, better, .. } = &review {
            // The position before the losing action, the one that kept the
            // win drawn on it as a hint is.
            let label = format!("Review · before action {}", at + 1);
            let position = &line[*at];
            reply.image = Some(
                position
                    .hinted_image(Some(&label), better)
                    .unwrap_or_else(|| position.image(Some(&label))),
            );
        }
        Ok(reply)
    }

    /// A stored patience through the engine, with the daily challenge it
    /// belongs to.
    pub(super) async fn load_patience<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Loaded<G>> {
        let contest = self.context().contest(&row).await?;
        let table = self.load_table::<G>(row).await?;
        Ok(Loaded { table, contest })
    }

    pub(super) fn solitaire_reply<G: SolitaireRules>(&self, loaded: &Loaded<G>, text: String) -> Reply {
        self.solitaire_reply_marked(loaded, text, &View::Play, None)
    }

    /// The board message of a patience, its components showing `view`,
    /// with a hinted action drawn on the board (not played).
    pub(super) fn solitaire_reply_marked<G: SolitaireRules>(
        &self,
        loaded: &Loaded<G>,
        text: String,
        view: &View,
        hinted: Option<&str>,
    ) -> Reply {
        let id = &loaded.row().id;
        let summary = loaded.table.summary();
        let components = match summary.status {
            GameStatus::Active => {
                // The player's view, read once for every option's cards.
                let shown = loaded.game().player_view();
                board::open_components(
                    id,
                    loaded.row().version,
                    &summary.legal,
                    can_undo(loaded.game()),
                    view,
                    &|action| G::move_cards(&shown, action),
                )
            }
            _ => board::finished_components(
                id,
                match loaded.contest {
                    None => board::Next::AnyDeal,
                    Some(Contest::Daily { .. }) => board::Next::Practice,
                    Some(Contest::Event(_)) => board::Next::Nothing,
                },
            ),
        };
        // A daily board says so, and which day, in its words and its image.
        let daily = loaded.contest.as_ref().map(Contest::label);
        let mut text = match &daily {
            Some(label) => format!("**{label}** · {text}"),
            None => text,
        };
        text.push_str(&format!(
            " Score {}, moves {}, undos {}, hints {}.",
            loaded.game().score(),
            loaded.game().moves(),
            loaded.game().undos(),
            loaded.hints()
        ));
        // The board's header tag: the day, and the hints asked for (each
        // one counts, so it is in sight).
        let hints = (loaded.hints() > 0).then(|| crate::rules::counted(loaded.hints() as usize, "hint"));
        let tag = [daily, hints]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        Reply {
            text,
            image: self.config.render.then(|| {
                let tag = (!tag.is_empty()).then_some(tag.as_str());
                hinted
                    .and_then(|action| loaded.game().hinted_image(tag, action))
                    .unwrap_or_else(|| loaded.game().image(tag))
            }),
            components,
            game: Some(summary),
            ..Reply::default()
        }
    }
}

/// The share line alone (it names the game and the day) of a finished
/// daily attempt's closing words.
fn share_of(finish: Option<&str>) -> &str {
    finish
        .and_then(|text| text.lines().next())
        .unwrap_or_default()
        .trim_start_matches("Share: ")
}

/// What a saved `action` tells: the move, and at the end the result
/// (a daily deal's seed stays secret; its share line shows instead).
/// `closed_at`: the daily's close, when the day had closed on it.
fn played_text<G: SolitaireRules>(
    req: &Request,
    loaded: &Loaded<G>,
    action: &str,
    cards: Option<&str>,
    closed_at: Option<i64>,
) -> String {
    let played = played_line(&mention(&req.user), action, cards);
    let detail = stored_detail(loaded.row());
    if let Some(close) = closed_at.and_then(utc_text) {
        let contest = loaded.contest.as_ref().map(Contest::name).unwrap_or_default();
        let contest = capitalised(&contest);
        return format!(
            "{contest} closed at {close}: your attempt ended as it stood then. **Game over**: {detail}."
        );
    }
    if loaded.game().outcome().is_none() {
        return played;
    }
    let why = (loaded.game().ended_by_itself())
        .map(|reason| format!(" {reason}, so the game ends by itself."))
        .unwrap_or_default();
    let replay = (stored_seed(loaded.row()))
        .filter(|_| loaded.contest.is_none())
        .map(|s| format!(" Replay this deal with seed {s}."))
        .unwrap_or_default();
    format!("{played}{why} **Game over**: {detail}.{replay}")
}

/// The seed a game was dealt from, if it was dealt from one.
fn stored_seed(row: &GameRow) -> Option<u64> {
    let setup: serde_json::Value = serde_json::from_str(&row.setup).ok()?;
    setup.get("seed")?.as_u64()
}

fn stored_detail(row: &GameRow) -> String {
    row.result
        .as_ref()
        .map(|r| r.result().detail.clone())
        .unwrap_or_default()
}

/// "alice played **3-7** (9 Merchant onto 10 Crown)", "alice dealt",
/// "alice ended the game".
fn played_line(who: &str, action: &str, cards: Option<&str>) -> String {
    match action {
        "deal" => format!("{who} dealt."),
        "end" => format!("{who} ended the game."),
        "undo" => format!("{who} took back a move."),
        _ => format!("{who} played {}.", named(action, cards)),
    }
}

/// A move as the replies name it: its notation in bold, as typed, and the
/// cards it moves (in the move select's words) when known.
fn named(action: &str, cards: Option<&str>) -> String {
    match cards {
        Some(cards) => format!("**{action}** ({cards})"),
        None => format!("**{action}**"),
    }
}

/// Whether `undo` would take something back now (tried on a copy).
fn can_undo<G: SolitaireRules>(game: &G) -> bool {
    let mut copy = game.clone();
    "undo"
        .parse::<G::Action>()
        .is_ok_and(|undo| copy.apply(&undo).is_ok())
}
