//! Army Ants in the service: challenge, accept, decline, move (and deploy),
//! resign, draw, the record, and the buttons on its messages.

pub(crate) mod bot;
mod deployment;
mod review;
mod tournament;

use crate::ai::army_ants::Level;
use crate::controls::army_ants::{board, deploy, picker};
use crate::controls::patience::versioned;
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::render::{army_ants_alt_text, army_ants_png, BoardLabels};
use crate::rules::army_ants::{
    record_moves, Action, ArmyAnts, Card, Deployment, Phase, RuleError, Setup, Side, Square, Status, View,
};
use crate::rules::shuffle::SeededRng;
use crate::rules::{Game, GameKind, Kind};
use crate::service::base::{mention, Service};
use crate::service::engine::multiplayer::Target;
use crate::service::engine::{
    open_seat, replay_image, Context, Filling, Left, Played, Seating, Served, Table, Unseated,
};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, GameStatus};
use anyhow::Context as _;
use serde::{Deserialize, Serialize};

/// The log entry of a player who ran out of time (not a move: the rules'
/// `forfeit`).
const TIMEOUT: &str = "timeout";

/// Who plays which army.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seats {
    red: User,
    black: User,
    challenger: Side,
    /// The computer's level, in a game against it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<String>,
    /// The challenger chose the seed or the position: the game is not rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    chosen_setup: bool,
    /// The tournament whose pairing this game is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tournament: Option<String>,
    /// A game that moves no rating (a tournament's that is not rated).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    unrated: bool,
}

impl Seating<Side> for Seats {
    fn user(&self, side: Side) -> &User {
        match side {
            Side::Red => &self.red,
            Side::Black => &self.black,
        }
    }

    fn seat_of(&self, user_id: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.user(*s).id == user_id)
    }
}

/// A challenge: two seats, the challenger's and the named opponent's (or
/// one open to whoever accepts first).
impl Filling<Side> for Seats {
    fn owner(&self) -> &User {
        self.user(self.challenger)
    }

    fn guest(&self) -> Option<&User> {
        Some(self.challenged()).filter(|_| !self.is_open())
    }

    fn taken(&self) -> usize {
        1 + usize::from(!self.is_open())
    }

    fn sit(&mut self, user: &User) {
        *self.seat_mut(self.challenger.opponent()) = user.clone();
    }

    fn stand(&mut self, side: Side) {
        *self.seat_mut(side) = open_seat();
    }
}

impl Seats {
    /// The computer's seat and level, in a game against it.
    fn bot(&self) -> Option<(Side, Level)> {
        let side = Side::BOTH.into_iter().find(|s| self.user(*s).is_bot())?;
        let level = self
            .level
            .as_deref()
            .and_then(Level::parse)
            .unwrap_or(Level::Normal);
        Some((side, level))
    }

    fn challenged(&self) -> &User {
        self.user(self.challenger.opponent())
    }

    /// An open challenge: the other seat is for whoever accepts first.
    fn is_open(&self) -> bool {
        self.challenged().id == crate::service::engine::OPEN_SEAT
    }

    fn seat_mut(&mut self, side: Side) -> &mut User {
        match side {
            Side::Red => &mut self.red,
            Side::Black => &mut self.black,
        }
    }

    /// The names on the board, with `viewer`'s army at the bottom; a board
    /// for everyone has the human's army there in a game against the
    /// computer, and Red's otherwise.
    fn labels(&self, viewer: Option<Side>) -> BoardLabels {
        let human = self.bot().map(|(bot, _)| bot.opponent());
        BoardLabels {
            red: crate::protocol::types::plain_text(&self.red.name),
            black: crate::protocol::types::plain_text(&self.black.name),
            bottom: viewer.or(human).unwrap_or(Side::Red),
        }
    }
}

/// A stored game with its state rebuilt.
type Loaded = Table<ArmyAnts>;

impl Served for ArmyAnts {
    const KIND: Kind = Kind::Listed(GameKind::ArmyAnts);
    const START: &'static str = "Start one with /armyants challenge.";
    const PENDING: &'static str = "challenge";
    type Stored = Setup;

    /// The game is dealt with the challenge: its board shows before anyone
    /// accepts.
    fn dealt(_: &GameRow, setup: &Setup, _: &Seats) -> Option<anyhow::Result<ArmyAnts>> {
        Some(ArmyAnts::new(setup).map_err(Into::into))
    }

    fn expired(seats: &Seats) -> String {
        format!(
            "The challenge from {} to {} expired.",
            seats.user(seats.challenger).name,
            seats.challenged().name
        )
    }

    fn timeout_entry(&self, _: Side) -> String {
        TIMEOUT.to_string()
    }

    /// Replies show the spectator's position, never hidden cards; each
    /// move on the board is worded as the move picker words it.
    fn summarised(loaded: &Loaded, summary: GameSummary) -> GameSummary {
        let Some(game) = loaded.game.as_ref() else {
            return summary;
        };
        let spots = Spot::worded(summary.spots, |action, from| {
            let action: Action = action.parse().ok()?;
            Some(picker::label(game.board(), &action, from.parse().ok()?))
        });
        GameSummary {
            position: Some(game.position(None)),
            spots,
            ..summary
        }
    }

    /// The starting position, or the deployment and its seed: the seed
    /// only once the armies are placed, since it deals the hidden rows.
    fn record_tags(loaded: &Loaded, _private: bool) -> Vec<(String, String)> {
        let secret = loaded.game().phase() == Phase::Deploy;
        match (&loaded.setup.position, loaded.setup.seed) {
            (Some(position), _) => vec![("Position".into(), position.clone())],
            (None, Some(seed)) => {
                let mut tags = vec![("Deployment".into(), loaded.setup.deployment.name().to_string())];
                tags.extend((!secret).then(|| ("Seed".into(), seed.to_string())));
                tags
            }
            (None, None) => vec![],
        }
    }

    /// The numbered move list; a private deployment's placements stay
    /// hidden while it is under way.
    fn record_moves(loaded: &Loaded, _log: &[crate::store::ActionRow]) -> Option<String> {
        let secret = loaded.game().phase() == Phase::Deploy;
        Some(record_moves(loaded.game().record(), secret))
    }

    fn replay(
        context: Context<'_>,
        loaded: &Loaded,
    ) -> impl std::future::Future<Output = anyhow::Result<Option<Image>>> + Send {
        let labels = loaded.seats.labels(None);
        context.table_replay(loaded, replay_view, move |sample| replay_image(sample, &labels))
    }

    /// The board as anyone watching sees it.
    fn board_image(context: Context<'_>, loaded: &Loaded) -> Option<Image> {
        board_image(context.config, loaded, None)
    }

    /// A hand to place as one `deploy`; otherwise attacks on the Queen
    /// first, then other attacks, the Favor, then the rest.
    fn suggested(&self, side: Side, sub: &str) -> Vec<String> {
        if sub != "move" {
            return vec![];
        }
        if let Some(hand) = self.deploy_hand(side) {
            let cards: String = hand.cards.iter().map(|c| c.symbol()).collect();
            return vec![format!("deploy {cards}")];
        }
        let board = self.board();
        let rank = |action: &Action| match action {
            Action::Attack { to, .. } if board.get(*to).is_some_and(|p| p.card == Card::Queen) => 0,
            Action::Attack { .. } => 1,
            Action::Favor => 2,
            _ => 3,
        };
        let mut legal = Game::legal_actions(self, side);
        legal.sort_by_key(|a| (rank(a), a.to_string()));
        legal.iter().map(ToString::to_string).collect()
    }

    fn awaited(&self) -> &'static str {
        match self.status() {
            Status::Deploying => "place your cards (press **Deploy**)",
            _ => "make your move",
        }
    }

    fn unseated(why: Unseated, seats: &Seats) -> UserError {
        match why {
            Unseated::Expired => UserError::expired("That challenge has expired."),
            Unseated::Closed { expired: true } => {
                UserError::expired("That challenge has expired. Start a new one with /armyants challenge.")
            }
            Unseated::Closed { expired: false } => {
                UserError::no_game("That challenge was withdrawn or declined.")
            }
            Unseated::Started => UserError::conflict("The challenge was already accepted."),
            Unseated::Seated => {
                UserError::not_a_player("You cannot accept your own challenge; wait for someone to take it.")
            }
            Unseated::NotSeated if seats.is_open() => {
                UserError::not_a_player("This challenge is open to anyone: accept it to play, or let it be.")
            }
            Unseated::NotSeated => UserError::not_a_player("This challenge is not addressed to you."),
            Unseated::NotStarted if seats.is_open() => {
                UserError::not_your_turn("The game has not started: nobody has accepted the challenge yet.")
            }
            Unseated::NotStarted => UserError::not_your_turn(format!(
                "The game has not started: {} has not accepted the challenge yet.",
                seats.challenged().name
            )),
            why => why.worded::<Self>(),
        }
    }
}

impl Service {
    pub(crate) async fn army_ants_command(&self, req: &Request, sub: &str) -> ServiceResult<Reply> {
        let opts = req.options();
        let channel = Target::Channel;
        match sub {
            "challenge" => self.challenge(req, opts).await,
            "accept" => self.accept(req, channel, None).await,
            "decline" => self.decline(req, channel).await,
            "move" => {
                let text =
                    options::required_text(opts, "action", "Give the move as `action`, like `c3-c6`.")?;
                self.army_ants_act(req, channel, options::notation(text)?, None, Answer::Public)
                    .await
            }
            "resign" => {
                self.army_ants_act(req, channel, Action::Resign, None, Answer::Public)
                    .await
            }
            "draw" => {
                self.army_ants_act(req, channel, Action::OfferDraw, None, Answer::Public)
                    .await
            }
            other => Err(anyhow::anyhow!("/armyants {other} is listed but not handled").into()),
        }
    }

    pub(crate) async fn army_ants_component(
        &self,
        req: &Request,
        id: &ComponentId,
        values: &[String],
    ) -> ServiceResult<Reply> {
        let target = Target::Id(&id.id);
        let value = || options::picked(values, |v| Some(v.to_string()));
        if let Some((verb, placement)) = deploy::Placement::parse(&id.verb) {
            let reply = self.deploy_click(req, target, verb, placement, values).await?;
            return Ok(privately_answered(reply, &req.channel));
        }
        let (verb, version) = versioned(&id.verb);
        let reply = match verb {
            // The board's card select: the Favor plays at once, a card opens
            // the mover's private picker.
            "pick" => match value()?.as_str() {
                picker::FAVOR => {
                    self.army_ants_act(req, target, Action::Favor, None, Answer::Public)
                        .await?
                }
                square => self.pick(req, target, square, false).await?,
            },
            // The private picker's card select: the picker changes in place.
            "card" => {
                let reply = match value()?.as_str() {
                    picker::FAVOR => {
                        self.army_ants_act(req, target, Action::Favor, None, Answer::Picker)
                            .await?
                    }
                    square => self.pick(req, target, square, true).await?,
                };
                return Ok(privately_answered(reply, &req.channel));
            }
            verb if board::is_move_verb(verb) => {
                let action = options::notation(&value()?)?;
                let reply = self
                    .army_ants_act(req, target, action, version, Answer::Picker)
                    .await?;
                return Ok(privately_answered(reply, &req.channel));
            }
            "accept" => self.accept(req, target, version).await?,
            "decline" => self.decline(req, target).await?,
            "resign" => self.confirm_resign(req, target).await?,
            "resignok" => {
                let reply = self
                    .army_ants_act(req, target, Action::Resign, version, Answer::Picker)
                    .await?;
                return Ok(privately_answered(reply, &req.channel));
            }
            "resignno" => Reply {
                update: true,
                ..Reply::ephemeral("You play on.")
            },
            "draw" => {
                self.army_ants_act(req, target, Action::OfferDraw, None, Answer::Public)
                    .await?
            }
            "deploy" => self.show_hand(req, target).await?,
            // From the private "placed, waiting" message: the next row in it.
            "nextrow" => Reply {
                update: true,
                ..self.show_hand(req, target).await?
            },
            "rematch" => return self.rematch(req, target).await,
            review::REVIEW => return self.army_review(req, target, false).await,
            review::SHARE => return self.army_review(req, target, true).await,
            _ => return Err(UserError::no_game("That button does not belong to a game I know.").into()),
        };
        Ok(Reply {
            update: reply.update || (reply.game.is_some() && !reply.ephemeral),
            ..reply
        })
    }

    async fn challenge(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(
            opts,
            &["opponent", "color", "deployment", "position", "seed", "level"],
        )?;
        // No opponent: an open challenge, for whoever accepts first.
        let opponent = options::user(opts, "opponent")?.unwrap_or_else(open_seat);
        if opponent.id == req.user.id {
            return Err(UserError::bad_option("You cannot challenge yourself; name another player.").into());
        }
        let level = if opponent.is_bot() {
            Some(bot::parse_level(options::text(opts, "level")?)?)
        } else if options::text(opts, "level")?.is_some() {
            return Err(UserError::bad_option("`level` is only for games against the computer.").into());
        } else {
            None
        };
        let color = options::choice(opts, "color", &["red", "black", "random"])?.unwrap_or("random");
        let deployment = match options::choice(opts, "deployment", &Deployment::ALL.map(Deployment::name))? {
            Some(d) => Deployment::parse(d).expect("one of the choices"),
            None => Deployment::Random,
        };
        let position = options::text(opts, "position")?.map(str::to_string);
        if position.is_some() && deployment != Deployment::Random {
            return Err(
                UserError::bad_option("A position cannot be combined with a private deployment.").into(),
            );
        }
        let chosen_seed = options::seed(opts)?;
        let chosen_setup = level.is_none() && (chosen_seed.is_some() || position.is_some());
        let seed = match (chosen_seed, &position) {
            // In a private deployment the seed deals the hidden rows: between
            // people they come from the server's own randomness, so that the
            // challenger cannot know the opponent's cards.
            (Some(seed), _) if level.is_none() && deployment != Deployment::Random => {
                Some(seed ^ rand::random::<u64>())
            }
            (Some(seed), _) => Some(seed),
            (None, None) => Some(rand::random::<u64>()),
            (None, Some(_)) => None,
        };
        let setup = Setup {
            deployment,
            seed,
            position,
        };
        // Check the setup now, so a bad position is refused before anyone accepts.
        ArmyAnts::new(&setup)
            .map_err(|e| UserError::bad_option(format!("That position cannot start a game: {e}.")))?;
        let challenger_side = match color {
            "red" => Side::Red,
            "black" => Side::Black,
            // Derived from the seed, so a rematch with the same seed keeps the colours.
            _ => {
                let coin = SeededRng::new(seed.unwrap_or(0) ^ 0xC0_10_12).below(2);
                if coin == 0 {
                    Side::Red
                } else {
                    Side::Black
                }
            }
        };
        let (red, black) = match challenger_side {
            Side::Red => (req.user.clone(), opponent.clone()),
            Side::Black => (opponent.clone(), req.user.clone()),
        };
        let seats = Seats {
            red,
            black,
            challenger: challenger_side,
            level: level.map(|l| l.name().to_string()),
            chosen_setup,
            tournament: None,
            unrated: false,
        };
        if level.is_some() {
            self.check_ai_cooldown(&req.user.id, req.at).await?;
        }
        let position = setup.position.is_some();
        let loaded = self.open_table::<ArmyAnts>(req, setup, seats).await?;
        if level.is_some() {
            return self.start_against_bot(req, loaded).await;
        }
        let minutes = self.config.challenge_ttl.as_secs().div_ceil(60);
        let start = match (position, chosen_seed) {
            (true, _) => format!(
                "from a position {} chose; **unrated**, since they could study it beforehand",
                req.user.name
            ),
            (false, Some(seed)) if deployment == Deployment::Random => format!(
                "random deployment from seed {seed}, which {} chose; **unrated**, since they could study it beforehand",
                req.user.name
            ),
            (false, Some(_)) => format!(
                "{} deployment; {} gave a seed, so the game is **unrated**, but the hidden rows are dealt by the server, not from the seed",
                deployment.name(),
                req.user.name
            ),
            (false, None) => format!("{} deployment", deployment.name()),
        };
        let text = if loaded.seats.is_open() {
            format!(
                "{} challenges anyone here to **Army Ants** ({start}). The first to click Accept plays {}. Open for {minutes} minutes.",
                mention(&req.user),
                challenger_side.opponent().name(),
            )
        } else {
            format!(
                "{}, {} challenges you to **Army Ants** ({start}). You would play {}. Accept within {minutes} minutes.",
                mention(&opponent),
                mention(&req.user),
                challenger_side.opponent().name(),
            )
        };
        Ok(self.challenge_reply(&loaded, text))
    }

    /// A challenge waiting for its answer: `text`, Accept and Decline.
    fn challenge_reply(&self, loaded: &Loaded, text: String) -> Reply {
        Reply {
            text,
            components: board::challenge(&loaded.row.id, loaded.row.version),
            game: Some(loaded.summary()),
            ..Reply::default()
        }
    }

    /// The game as `user` sees it now, for a front end that shows it live:
    /// a challenge waiting for its answer, or the board from the user's
    /// seat (their own cards of a private deployment, no one else's).
    pub(crate) async fn army_ants_table(&self, row: GameRow, user: &User) -> ServiceResult<Reply> {
        let loaded = self.load_table::<ArmyAnts>(row).await?;
        if loaded.row.status == GameStatus::Pending {
            let seats = &loaded.seats;
            let whom = match seats.is_open() {
                true => "anyone here".to_string(),
                false => mention(seats.challenged()),
            };
            let side = seats.challenger.opponent().name();
            let text = format!(
                "{} challenges {whom} to **Army Ants**; {}.",
                mention(seats.user(seats.challenger)),
                if seats.is_open() {
                    format!("whoever accepts plays {side}")
                } else {
                    format!("they would play {side}")
                },
            );
            return Ok(self.challenge_reply(&loaded, text));
        }
        let viewer = loaded.seats.seat_of(&user.id);
        let mut reply = self.board_reply(&loaded, self.turn_line(&loaded), viewer);
        // The viewer's own cards still to place, for a page that places
        // them on the board: no one else's reply carries them.
        let hand = viewer.and_then(|side| Some((loaded.game().deploy_hand(side)?, side)));
        if let (Some(game), Some((hand, side))) = (reply.game.as_mut(), hand) {
            game.placing = Some(deploy::placing(&hand, side));
        }
        Ok(reply)
    }

    /// A game against the computer starts at once: no one has to accept.
    /// The computer places its cards, or moves first, in this request.
    async fn start_against_bot(&self, req: &Request, mut loaded: Loaded) -> ServiceResult<Reply> {
        let (bot_side, level) = loaded.seats.bot().expect("a game against the computer");
        let seed = loaded.setup.seed.unwrap_or(0);
        let game = loaded.deal()?;
        let before = game.phase();
        let turns = self.bot_turns(game, bot_side, level, seed).await?;
        // The game was created in this request: no one else can have changed it.
        self.save_turn(&mut loaded, req.at, bot_entries(&turns))
            .await?
            .context("a new game changed before its first save")?;
        let human = loaded.user(bot_side.opponent());
        let start = match (&loaded.setup.position, loaded.game().status()) {
            (Some(_), _) => "from a set position".to_string(),
            (None, Status::Deploying) => format!(
                "{} deployment: press **Deploy** to place your cards in private",
                loaded.setup.deployment.name()
            ),
            (None, _) => format!("{} deployment", loaded.setup.deployment.name()),
        };
        let text = format!(
            "{} plays **Army Ants** against the computer ({} level, {start}). You play {}.{} {}",
            mention(human),
            level.name(),
            bot_side.opponent().name(),
            bot_words(&loaded, &turns, before),
            self.turn_line(&loaded)
        );
        Ok(self.board_reply(&loaded, text, None))
    }

    /// The challenged player (or, in an open challenge, whoever comes
    /// first) accepts: the game starts.
    async fn accept(
        &self,
        req: &Request,
        target: Target<'_>,
        at_version: Option<i64>,
    ) -> ServiceResult<Reply> {
        let (loaded, _) = self.join_table::<ArmyAnts>(req, target, at_version).await?;
        let who = mention(&req.user);
        let text = match loaded.game().status() {
            Status::Deploying => format!(
                "{who} accepted! Both players now place their cards in private: press **Deploy** to see your cards."
            ),
            _ => format!("{who} accepted! {}", self.turn_line(&loaded)),
        };
        Ok(self.board_reply(&loaded, text, None))
    }

    /// The challenged player declines, or the challenger withdraws.
    async fn decline(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, ending) = match self.leave_table::<ArmyAnts>(req, target).await? {
            Left::Closed(loaded, ending) => (loaded, ending),
            Left::Stood(loaded) | Left::Playing(loaded, _) => {
                return Err(loaded.unseated(Unseated::Started).into())
            }
        };
        let done = match ending {
            Ending::Withdrawn => "withdrew",
            _ => "declined",
        };
        let mut reply = Reply::text(format!("{} {done} the challenge.", mention(&req.user)));
        reply.game = Some(loaded.summary());
        Ok(reply)
    }

    /// Plays an action (a move, a deployment, a resignation or a draw offer)
    /// for the requesting user, and the computer's answer in a game against
    /// it; a click names the board's version it was drawn for.
    async fn army_ants_act(
        &self,
        req: &Request,
        target: Target<'_>,
        action: Action,
        at_version: Option<i64>,
        answer: Answer,
    ) -> ServiceResult<Reply> {
        let action = &action;
        let act = |game: &mut ArmyAnts, side, seats: &Seats| -> ServiceResult<_> {
            let before = game.phase();
            let events = game
                .apply(side, action)
                .map_err(|e| ArmyAnts::refused(e, seats))?;
            Ok((action.to_string(), (before, events)))
        };
        // The computer answers on the same board, saved with the action.
        let Played {
            table: loaded,
            seat: side,
            told: ((before, events), (bot_before, turns)),
        } = self
            .play_answered(req, target, at_version, act, |service, loaded| {
                Box::pin(service.bot_answer(loaded, req.at))
            })
            .await?;
        let done = Done {
            side,
            action,
            events: &events,
            before,
        };
        let mut reply = self.after_action(&loaded, req, &done, &turns, bot_before);
        if loaded.row.status == GameStatus::Finished {
            let (red, black) = (&loaded.seats.red.name, &loaded.seats.black.name);
            reply
                .text
                .push_str(&self.rating_news(&loaded.row.id, red, black).await?);
        }
        if answer == Answer::Picker && !reply.ephemeral {
            reply = picker_answer(reply, &loaded, side, &req.channel);
        }
        Ok(reply)
    }

    /// The computer's answer on the board a player's action left, in a game
    /// against it that goes on: its log entries, and its turns told from
    /// the phase it answered in. Its work is rationed per player (the seat
    /// it answers), taken only when it has something to answer.
    async fn bot_answer(
        &self,
        loaded: &mut Loaded,
        at: chrono::DateTime<chrono::Utc>,
    ) -> ServiceResult<(Vec<(String, String)>, (Phase, bot::BotTurns))> {
        let before = loaded.game().phase();
        let turns = match loaded.seats.bot() {
            Some((bot_side, level)) if loaded.game().outcome().is_none() => {
                let player = loaded.seats.user(bot_side.opponent()).id.clone();
                self.check_ai_cooldown(&player, at).await?;
                let seed = loaded.setup.seed.unwrap_or(0);
                self.bot_turns(loaded.game_mut(), bot_side, level, seed).await?
            }
            _ => bot::BotTurns::default(),
        };
        Ok((bot_entries(&turns), (before, turns)))
    }

    /// The board after a player's action and the computer's answer to it
    /// (`turns`, played from `bot_before`), told in one text: the computer
    /// moves on the same board, never in a message of its own.
    fn after_action(
        &self,
        loaded: &Loaded,
        req: &Request,
        done: &Done<'_>,
        turns: &bot::BotTurns,
        bot_before: Phase,
    ) -> Reply {
        let who = mention(&req.user);
        let Done {
            side,
            action,
            events,
            before,
        } = *done;
        if let Action::Deploy(_) = action {
            return self.after_deploy(loaded, side, events, bot_words(loaded, turns, bot_before));
        }
        let mut text = match action {
            Action::Resign => format!("{who} resigned."),
            // The computer answers an offer at once.
            Action::OfferDraw if loaded.seats.bot().is_some() => format!("{who} offers a draw."),
            Action::OfferDraw if loaded.game().draw_offer() == Some(side) => format!(
                "{who} offers a draw. {}: accept with /armyants draw or the button; moving declines it.",
                mention(loaded.user(side.opponent()))
            ),
            Action::OfferDraw | Action::AcceptDraw => format!("{who} accepted the draw."),
            Action::Favor => format!("{} took the Queen's Favor.", loaded.label(side)),
            _ => format!("{} played **{action}**.", loaded.label(side)),
        };
        for pass in &events.passes {
            text.push_str(&format!(" {} has no legal move and passes.", loaded.label(*pass)));
        }
        if events.battle_started && before != Phase::Battle {
            text.push_str(" The rally is over: the battle begins!");
        }
        text.push_str(&bot_words(loaded, turns, bot_before));
        text.push(' ');
        text.push_str(&self.turn_line(loaded));
        self.board_reply(loaded, text, None)
    }

    /// Rematch on a finished board: the same two players (or the computer
    /// at the same level), colours swapped, the same deployment or starting
    /// position, a new deal. The one who clicks challenges the other.
    async fn rematch(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, side) = self
            .finished_seat::<ArmyAnts>(
                req,
                &target,
                "Only the two players of that game can ask for a rematch.",
            )
            .await?;
        let mut opts = Options::new();
        let opponent = loaded.user(side.opponent()).clone();
        opts.insert("opponent".into(), OptionValue::User(opponent));
        opts.insert(
            "color".into(),
            OptionValue::Text(side.opponent().name().to_lowercase()),
        );
        if let Some(position) = &loaded.setup.position {
            opts.insert("position".into(), OptionValue::Text(position.clone()));
        } else {
            let deployment = loaded.setup.deployment.name().to_string();
            opts.insert("deployment".into(), OptionValue::Text(deployment));
        }
        if let Some((_, level)) = loaded.seats.bot() {
            opts.insert("level".into(), OptionValue::Text(level.name().to_string()));
        }
        self.challenge(req, &opts).await
    }

    /// The Resign button asks first, privately: resigning ends the game.
    async fn confirm_resign(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, _) = self.seated::<ArmyAnts>(req, &target).await?;
        let mut reply = Reply::ephemeral("Resign this game? Your opponent wins.");
        reply.components = board::confirm_resign(&loaded.row.id, loaded.row.version);
        reply.game = Some(loaded.summary());
        Ok(reply)
    }

    /// A card's picker, only for the player to move: the card's legal
    /// actions in selects (see `picker`), and a select to pick another card.
    /// From the board (`private` false) it is a new private message, and a
    /// click out of turn is refused; in the picker itself it changes in
    /// place and says what is wrong.
    async fn pick(
        &self,
        req: &Request,
        target: Target<'_>,
        square: &str,
        private: bool,
    ) -> ServiceResult<Reply> {
        let (loaded, side) = self.seated::<ArmyAnts>(req, &target).await?;
        let again = |text: String| -> ServiceResult<Reply> {
            let mut reply = Reply::ephemeral(text);
            reply
                .components
                .extend(board::card_select(&loaded.row.id, loaded.game(), side, "card"));
            reply.game = Some(loaded.summary());
            Ok(reply)
        };
        if loaded.game().status() != Status::ToMove(side) {
            let refusal = ArmyAnts::refused(
                match loaded.game().status() {
                    Status::ToMove(other) => RuleError::NotYourTurn(other),
                    Status::Over(_) => RuleError::GameOver,
                    Status::Deploying => RuleError::Illegal("the armies are still being deployed".into()),
                },
                &loaded.seats,
            );
            return match (private, loaded.game().status()) {
                (true, Status::ToMove(_)) => again(format!(
                    "{} Pick your card here when your turn comes.",
                    refusal.message
                )),
                _ => Err(refusal.into()),
            };
        }
        let moves = square
            .parse::<Square>()
            .map(|sq| (sq, picker::moves_of(loaded.game(), sq)))
            .ok()
            .filter(|(_, moves)| !moves.is_empty());
        let Some((square, moves)) = moves else {
            let text = format!("The card on {square} has no legal move now.");
            return match private {
                true => again(format!("{text} Pick another card.")),
                false => Err(UserError::illegal(text).into()),
            };
        };
        let board = loaded.game().board();
        let version = loaded.row.version;
        // Room for the card select when the moves leave a row for it.
        let (groups, switch) = match picker::groups(board, square, &moves, picker::MAX_ROWS - 1) {
            Some(groups) => (groups, true),
            None => (
                picker::groups(board, square, &moves, picker::MAX_ROWS)
                    .context("a card's actions always fit five selects")?,
                false,
            ),
        };
        let card = board
            .get(square)
            .map(|p| picker::card_name(p.card))
            .unwrap_or_default();
        let mut text = format!(
            "Your {card} on {square}: {}. Pick one.",
            crate::rules::counted(moves.len(), "move")
        );
        if moves.iter().any(|m| matches!(m, Action::March { .. })) {
            text.push_str("\n-# A march is listed under the card at its end nearer column a or row 1.");
        }
        let mut reply = Reply::ephemeral(text);
        let id = &loaded.row.id;
        reply.components = board::move_selects(id, version, board, square, &groups);
        if switch {
            reply
                .components
                .extend(board::card_select(&loaded.row.id, loaded.game(), side, "card"));
        }
        reply.game = Some(loaded.summary());
        Ok(reply)
    }

    /// "alice (Red) to move" or the result.
    fn turn_line(&self, loaded: &Loaded) -> String {
        match loaded.game().status() {
            Status::ToMove(side) => {
                let phase = match loaded.game().phase() {
                    Phase::Rally { red, black } => {
                        format!(" (rally: Red {red}, Black {black} turns left)")
                    }
                    _ => String::new(),
                };
                format!("{} to move{phase}.", mention(loaded.user(side)))
            }
            Status::Deploying => "Deployment under way.".into(),
            Status::Over(outcome) => format!("**Game over**: {}.", loaded.told(&outcome)),
        }
    }

    /// A reply showing the board as `viewer` may see it, with the game's
    /// buttons and summary.
    fn board_reply(&self, loaded: &Loaded, text: String, viewer: Option<Side>) -> Reply {
        let image = board_image(&self.config, loaded, viewer);
        // Ended by a moderator: nothing left to click.
        let components = match loaded.row.status {
            GameStatus::Cancelled => Vec::new(),
            _ => board::components(&loaded.row.id, loaded.game(), loaded.seats.bot().is_some()),
        };
        Reply {
            text,
            image,
            components,
            game: Some(loaded.summary()),
            ..Reply::default()
        }
    }
}

/// The board as `viewer` may see it (anyone watching: `None`), when the
/// service draws boards.
fn board_image(
    config: &crate::service::base::Config,
    loaded: &Loaded,
    viewer: Option<Side>,
) -> Option<Image> {
    let view = loaded.game().view(viewer);
    let labels = loaded.seats.labels(viewer);
    config.render.then(|| Image {
        regions: crate::render::army_ants_regions(labels.bottom),
        png: army_ants_png(&view, &labels),
        alt: army_ants_alt_text(&view, &labels),
    })
}

/// A player's action as `after_action` tells it.
#[derive(Clone, Copy)]
struct Done<'a> {
    side: Side,
    action: &'a Action,
    events: &'a crate::rules::army_ants::Events,
    before: Phase,
}

/// The computer's turns in words, each sentence after a space (empty when
/// it did nothing).
fn bot_words(loaded: &Loaded, turns: &bot::BotTurns, before: Phase) -> String {
    match loaded.seats.bot() {
        Some((side, _)) if !turns.is_empty() => {
            format!(" {}", bot::words(turns, &loaded.label(side), before))
        }
        _ => String::new(),
    }
}

/// The log entries of the computer's turns.
fn bot_entries(turns: &bot::BotTurns) -> Vec<(String, String)> {
    turns
        .played
        .iter()
        .map(|(a, _)| (BOT_ID.to_string(), a.to_string()))
        .collect()
}

impl crate::service::engine::state::Logged for ArmyAnts {
    type Seats = Seats;

    fn play_logged(&mut self, seats: &Seats, entry: &crate::store::ActionRow) -> anyhow::Result<bool> {
        crate::service::engine::play_seated(self, seats, entry)
    }
}

/// How an action's reply goes out: as the public board (a command, a click
/// on the board), or in the private picker it was chosen in, which then
/// offers the next card while the board is edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Public,
    Picker,
}

/// A position of a replay as a spectator sees it, its last move being the
/// one a player made: a pass the game made for the next side right after
/// it does not hide the move's marks.
fn replay_view(game: &ArmyAnts) -> View {
    let mut view = game.view(None);
    if matches!(view.last, Some((_, Action::Pass))) {
        view.last = game
            .record()
            .iter()
            .rev()
            .find(|(_, a)| !matches!(a, Action::Pass | Action::OfferDraw))
            .filter(|(_, a)| !matches!(a, Action::Deploy(_)))
            .cloned();
    }
    view
}

/// A reply to a click in a private message (a picker or a confirmation):
/// private replies replace that message; a public board becomes an edit of
/// the game's board message (a post), so the channel gets no new message,
/// and the clicker gets its first line, privately, in place.
fn privately_answered(reply: Reply, channel: &str) -> Reply {
    if reply.game.is_none() || !reply.ok() || reply.ephemeral {
        let update = reply.ephemeral;
        return Reply { update, ..reply };
    }
    let text = reply.text.lines().next().unwrap_or_default().to_string();
    Reply {
        update: true,
        ..crate::service::base::answered_privately(reply, channel, text)
    }
}

/// The reply to an action chosen in a private picker: the picker changes
/// in place to say what was played and to offer the next card.
fn picker_answer(reply: Reply, loaded: &Loaded, side: Side, channel: &str) -> Reply {
    let mut private = privately_answered(reply, channel);
    (private.components).extend(board::card_select(&loaded.row.id, loaded.game(), side, "card"));
    private
}
