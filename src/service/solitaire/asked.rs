//! What is asked of a patience: `/solitaire`'s commands and clicks
//! through the kind's door, the row a request names, and its boards.

use super::{door, SolitaireRules};
use crate::controls::patience::{self as board, Choice, View};
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::rules::{capitalised, Kind};
use crate::service::base::{Ask, Asked, Door, Service, Via};
use crate::service::contest::Contest;
use crate::service::daily_seed::utc_text;
use crate::service::engine::{check_version, touched, Typing};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, GameStatus};
use chrono::Utc;

impl Service {
    /// The door of a patience kind (see `door`): an internal error for any
    /// other kind, which no patience path is given.
    pub(super) fn door(&self, kind: Kind) -> ServiceResult<Door> {
        self.games
            .patience(kind)
            .ok_or_else(|| anyhow::anyhow!("not a patience: {kind}").into())
    }

    /// Asks the patience of `kind` through its door.
    pub(super) async fn ask_patience(&self, kind: Kind, asked: Asked<'_>) -> ServiceResult<Reply> {
        (self.door(kind)?.asked)(self, asked).await
    }

    /// The door of the patience stored as `game`, a name its command has
    /// already checked against its choices.
    pub(in crate::service) fn door_named(&self, game: &str) -> ServiceResult<Door> {
        let kind =
            (self.games.named(game)).ok_or_else(|| anyhow::anyhow!("not a game served here: {game}"))?;
        self.door(kind)
    }

    pub(in crate::service) async fn solitaire_command(
        &self,
        req: &Request,
        sub: &str,
    ) -> ServiceResult<Reply> {
        let opts = req.options();
        match sub {
            "new" => {
                let games = self.games.patiences();
                let game = options::required_choice(opts, "game", &games)?;
                (self.door_named(game)?.asked)(self, Asked::New(req, opts)).await
            }
            "move" => {
                let action = options::required_text(
                    opts,
                    "action",
                    "Give the move as `action`, like `3-7` or `deal`.",
                )?;
                let act = Ask::Act(action.to_string(), None, Via::Typed);
                self.solitaire_asked(req, None, act).await
            }
            verb @ ("undo" | "end") => {
                let act = Ask::Act(verb.to_string(), None, Via::Typed);
                self.solitaire_asked(req, None, act).await
            }
            "hint" => self.solitaire_asked(req, None, Ask::Hint(Via::Typed)).await,
            other => Err(anyhow::anyhow!("/solitaire {other} is listed but not handled").into()),
        }
    }

    pub(in crate::service) async fn solitaire_component(
        &self,
        req: &Request,
        id: &ComponentId,
        values: &[String],
    ) -> ServiceResult<Reply> {
        let (verb, version) = board::versioned(&id.verb);
        let act = |action: &str| Ask::Act(action.to_string(), version, Via::Click);
        let ask = match verb {
            "pick" => match options::picked(values, Choice::parse)? {
                Choice::Move(action) => act(&action),
                Choice::Narrow { prefix, .. } => Ask::Show(View::From(prefix), version),
            },
            "deal" | "undo" => act(verb),
            "endok" => act("end"),
            "end" => Ask::Show(View::ConfirmEnd, None),
            "back" => Ask::Show(View::Play, None),
            "hint" => Ask::Hint(Via::Click),
            "again" | "same" => return self.solitaire_again(req, &id.id, verb == "same").await,
            "review" => return self.solitaire_review(req, &id.id).await,
            _ => return Err(UserError::no_game("That button does not belong to a game I know.").into()),
        };
        self.solitaire_asked(req, Some(&id.id), ask).await
    }

    /// What the player asks of their game (a button's, or their open one
    /// here), through its kind's door.
    pub(super) async fn solitaire_asked(
        &self,
        req: &Request,
        id: Option<&str>,
        ask: Ask,
    ) -> ServiceResult<Reply> {
        let row = self.solitaire_row(req, id).await?;
        self.ask_patience(row.kind, Asked::Player(req, row, ask)).await
    }

    /// What the service asks of a patience (see [`Asked`]), once its kind
    /// is known.
    pub(super) async fn patience_asked<G: SolitaireRules>(&self, asked: Asked<'_>) -> ServiceResult<Reply> {
        match asked {
            Asked::New(req, opts) => self.solitaire_new::<G>(req, opts).await,
            Asked::Daily(req, seed, dealt, intro) => {
                (self.solitaire_start::<G>(req, &door::day_setup::<G>(seed)?, dealt, intro)).await
            }
            Asked::Board(row, text) => {
                let loaded = self.load_patience::<G>(row).await?;
                let mut reply = self.solitaire_reply(&loaded, text);
                reply.ephemeral = loaded.contest.is_some();
                Ok(reply)
            }
            Asked::Table(row) => self.patience_table_of::<G>(row).await,
            Asked::Player(req, row, Ask::Act(action, version, via)) => {
                self.patience_act::<G>(req, row, &action, version, via).await
            }
            Asked::Player(req, row, Ask::Hint(via)) => self.patience_hint::<G>(req, row, via).await,
            Asked::Player(_, row, Ask::Show(view, version)) => {
                check_version(&row, version)?;
                self.patience_shown::<G>(row, view).await
            }
            Asked::Player(_, row, Ask::Review) => self.patience_review::<G>(row).await,
            Asked::Player(req, row, Ask::Again(same)) => self.patience_again::<G>(req, &row, same).await,
        }
    }

    /// The board again in place, in `view` (the second step of a move,
    /// the end confirmation, or back to the moves): nothing is played.
    pub(super) async fn patience_shown<G: SolitaireRules>(
        &self,
        row: GameRow,
        view: View,
    ) -> ServiceResult<Reply> {
        let loaded = self.load_patience::<G>(row).await?;
        let text = match &view {
            View::ConfirmEnd => format!(
                "End this game now? It ends with score {}, as it stands.",
                loaded.game().score()
            ),
            View::From(p) => format!("Pick a move from {}.", p.replace(':', ", cards: ")),
            View::Play => "Pick a move.".to_string(),
        };
        let mut reply = self.solitaire_reply_marked(&loaded, text, &view, None);
        reply.update = true;
        reply.ephemeral = loaded.contest.is_some();
        Ok(reply)
    }

    /// The board of an open game again, privately when it is a daily
    /// attempt (`/daily play` during the attempt).
    pub(in crate::service) async fn solitaire_resume(&self, row: GameRow) -> ServiceResult<Reply> {
        self.solitaire_board(row, "Your attempt, where you left it.".into())
            .await
    }

    /// A stored patience's board with `text`, privately when contested.
    pub(in crate::service) async fn solitaire_board(
        &self,
        row: GameRow,
        text: String,
    ) -> ServiceResult<Reply> {
        self.ask_patience(row.kind, Asked::Board(row, text)).await
    }

    /// The user's latest patience in the channel as its board, for a front
    /// end played on the picture (the web table); `None` when they have
    /// played none there.
    pub async fn patience_table(&self, user: &User, channel: &str) -> ServiceResult<Option<Reply>> {
        let Some(row) = self.store.latest_solitaire(channel, &user.id).await? else {
            return Ok(None);
        };
        self.ask_patience(row.kind, Asked::Table(row)).await.map(Some)
    }

    /// [`Service::patience_table`], once its kind is known.
    pub(super) async fn patience_table_of<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Reply> {
        let loaded = self.load_patience::<G>(row).await?;
        let now = Utc::now().timestamp_millis();
        let closed = loaded
            .contest
            .as_ref()
            .and_then(Contest::close)
            .filter(|close| now >= *close);
        let text = match (loaded.game().outcome(), closed) {
            (Some(outcome), _) => outcome.detail,
            (None, Some(close)) => format!(
                "{} closed at {}: your attempt ends as it stood.",
                capitalised(&loaded.contest.as_ref().map(Contest::name).unwrap_or_default()),
                utc_text(close).unwrap_or_default()
            ),
            (None, None) => "Your move.".to_string(),
        };
        let mut reply = self.solitaire_reply(&loaded, text);
        if closed.is_some() {
            // Over by the rules before the sweep writes it down: shown
            // ended, with nothing left to play.
            reply.components.clear();
            if let Some(game) = reply.game.as_mut().filter(|g| g.status.is_open()) {
                game.status = GameStatus::Finished;
                game.legal.clear();
                game.spots.clear();
                game.to_move = None;
                game.to_move_id = None;
            }
        }
        Ok(reply)
    }

    /// The id and version of the user's latest patience in the channel: a
    /// front end that shows it live asks often, so nothing is drawn.
    pub async fn patience_version(
        &self,
        user_id: &str,
        channel: &str,
    ) -> ServiceResult<Option<(String, i64)>> {
        let row = self.store.latest_solitaire(channel, user_id).await?;
        Ok(row.map(|row| (row.id, row.version)))
    }

    /// Finds the game an action is for (see `patience_row`): the player's
    /// own, and open.
    pub(super) async fn solitaire_row(&self, req: &Request, id: Option<&str>) -> ServiceResult<GameRow> {
        let row = self.patience_row(req, id).await?;
        if row.owner_id != req.user.id {
            return Err(UserError::not_a_player("That is someone else's game; you can watch it.").into());
        }
        if !row.status.is_open() {
            return Err(
                UserError::game_over("That game is over. Start a new one with /solitaire new.").into(),
            );
        }
        Ok(row)
    }

    /// The patience a button names, in the request's channel or the
    /// player's own from anywhere (a ranked daily attempt comes back
    /// wherever `/daily play` is asked again), or else the user's latest in
    /// the channel; noted as the game the request touched.
    pub(super) async fn patience_row(&self, req: &Request, id: Option<&str>) -> ServiceResult<GameRow> {
        let row = match id {
            Some(id) => (self.store.game(id).await?)
                .filter(|row| !row.multiplayer && crate::service::engine::multiplayer::reaches(req, row))
                .ok_or_else(|| UserError::no_game("That game no longer exists."))?,
            None => (self.store.latest_solitaire(&req.channel, &req.user.id).await?).ok_or_else(|| {
                UserError::no_game("You have no solitaire in this channel. Start one with /solitaire new.")
            })?,
        };
        touched::note(&row)?;
        Ok(row)
    }

    /// The user's legal moves in their open patience here that start with
    /// what they typed (the game's own order: moves, then deal and end).
    pub(in crate::service) async fn solitaire_suggestions(
        &self,
        typing: Typing<'_>,
    ) -> ServiceResult<Vec<String>> {
        if typing.sub != "move" {
            return Ok(vec![]);
        }
        let found = (self.store)
            .latest_solitaire(typing.channel, &typing.user.id)
            .await?;
        let Some(row) = found.filter(|row| row.status.is_open()) else {
            return Ok(vec![]);
        };
        let legal = self.summary_of(&row).await?.legal;
        Ok(crate::service::engine::typed_matches(typing.typed, legal))
    }
}
