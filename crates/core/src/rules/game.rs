//! One surface for every game, in the manner of shakmaty's `Position`: a
//! game starts from a setup, says who acts now, lists and applies a seat's
//! actions, lets a seat forfeit, and shows each seat what it may see. A
//! patience is a game with one seat.
//!
//! Front ends and the service speak to a game through this trait, so that
//! what they do for one game they do for every game.

use super::army_ants::{self, ArmyAnts, Side};
use super::atta_ants::{self, AttaAnts, Colour};
use super::patience::{Patience, PatienceError, PatienceOutcome, PatienceSetupError};
use std::fmt;
use std::str::FromStr;

/// Who acts now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn<Seat, Outcome> {
    /// One seat acts; the others wait.
    One(Seat),
    /// These seats act at once, each in private (Army Ants' deployment).
    Several(Vec<Seat>),
    /// The game is over.
    Over(Outcome),
}

impl<Seat: Copy + PartialEq, Outcome> Turn<Seat, Outcome> {
    /// The seats that act now: none once the game is over.
    pub fn acting(&self) -> Vec<Seat> {
        match self {
            Turn::One(seat) => vec![*seat],
            Turn::Several(seats) => seats.clone(),
            Turn::Over(_) => vec![],
        }
    }

    /// Whether `seat` may act now.
    pub fn includes(&self, seat: Seat) -> bool {
        match self {
            Turn::One(s) => *s == seat,
            Turn::Several(seats) => seats.contains(&seat),
            Turn::Over(_) => false,
        }
    }
}

/// One game. Every value is a legal game: `act` refuses what the rules
/// forbid and leaves the game unchanged when it does.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// What starts a game: options, a seed or a deal, the players' count.
    type Setup;
    /// Why a setup cannot start a game.
    type SetupError: std::error::Error + Send + Sync + 'static;
    /// A place at the table: a side, a colour, the patience's one player.
    type Seat: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// An action in the game's notation: `FromStr` is its one parser (case
    /// and spaces forgiven) and `Display` its one printer (canonical).
    type Action: Clone + fmt::Debug + fmt::Display + FromStr + PartialEq + Send + Sync;
    /// Why an action was refused.
    type Refusal: std::error::Error + Send + Sync + 'static;
    /// How the game ended.
    type Outcome: Clone + fmt::Debug + fmt::Display + PartialEq;
    /// What one seat (or a spectator) may see: never a hidden card.
    type View;

    /// Starts a game; the only way to make one.
    fn start(setup: &Self::Setup) -> Result<Self, Self::SetupError>;

    /// The seats of this game, in play order.
    fn seats(&self) -> Vec<Self::Seat>;

    /// Who acts now, or how the game ended.
    fn turn(&self) -> Turn<Self::Seat, Self::Outcome>;

    /// The actions `seat` may take now that can be listed, canonical: empty
    /// when it is not the seat's turn. An action whose choices are too many
    /// to list (a private deployment, `undo`, a resignation) is not here but
    /// is still judged by `act`.
    fn legal_actions(&self, seat: Self::Seat) -> Vec<Self::Action>;

    /// Applies `seat`'s action, or refuses it and changes nothing.
    fn act(&mut self, seat: Self::Seat, action: &Self::Action) -> Result<(), Self::Refusal>;

    /// `seat` runs out of time or gives up, as the rulings score it: the
    /// outcome when that ends the game (or it had already ended), `None`
    /// when the others play on.
    fn forfeit(&mut self, seat: Self::Seat) -> Option<Self::Outcome>;

    /// What `seat` may see (`None`: a spectator).
    fn view(&self, seat: Option<Self::Seat>) -> Self::View;

    /// The seat that won `outcome` (`None`: a draw, a shared first place,
    /// a patience lost).
    fn winner(outcome: &Self::Outcome) -> Option<Self::Seat>;

    /// `outcome` in words, each seat named by `name` ("alice (Red)
    /// captured the enemy Queen"): by default its `Display`, for a game
    /// whose outcome names no seat.
    fn told(outcome: &Self::Outcome, name: &dyn Fn(Self::Seat) -> String) -> String {
        let _ = name;
        outcome.to_string()
    }

    /// Where `action` starts and ends on the board, for front ends played
    /// on the picture (see [`spots`](super::spots)): by default its
    /// notation's `FROM-TO`.
    fn spots(&self, action: &Self::Action) -> super::spots::Spots {
        super::spots::from_notation(&action.to_string())
    }

    /// Reads an action in the game's notation.
    fn parse_action(text: &str) -> Result<Self::Action, <Self::Action as FromStr>::Err> {
        text.parse()
    }

    /// The outcome once the game is over.
    fn outcome(&self) -> Option<Self::Outcome> {
        match self.turn() {
            Turn::Over(outcome) => Some(outcome),
            _ => None,
        }
    }
}

impl Game for ArmyAnts {
    type Setup = army_ants::Setup;
    type SetupError = army_ants::SetupError;
    type Seat = Side;
    type Action = army_ants::Action;
    type Refusal = army_ants::RuleError;
    type Outcome = army_ants::Outcome;
    type View = army_ants::View;

    fn start(setup: &Self::Setup) -> Result<Self, Self::SetupError> {
        ArmyAnts::new(setup)
    }

    fn seats(&self) -> Vec<Side> {
        Side::BOTH.to_vec()
    }

    fn turn(&self) -> Turn<Side, army_ants::Outcome> {
        match self.status() {
            army_ants::Status::ToMove(side) => Turn::One(side),
            army_ants::Status::Deploying => Turn::Several(
                Side::BOTH
                    .into_iter()
                    .filter(|side| !self.has_deployed(*side))
                    .collect(),
            ),
            army_ants::Status::Over(outcome) => Turn::Over(outcome),
        }
    }

    fn legal_actions(&self, seat: Side) -> Vec<army_ants::Action> {
        match self.status() {
            army_ants::Status::ToMove(side) if side == seat => ArmyAnts::legal_actions(self),
            _ => Vec::new(),
        }
    }

    fn act(&mut self, seat: Side, action: &army_ants::Action) -> Result<(), army_ants::RuleError> {
        self.apply(seat, action).map(|_| ())
    }

    fn forfeit(&mut self, seat: Side) -> Option<army_ants::Outcome> {
        Some(ArmyAnts::outcome(self).unwrap_or_else(|| ArmyAnts::forfeit(self, seat)))
    }

    fn view(&self, seat: Option<Side>) -> army_ants::View {
        ArmyAnts::view(self, seat)
    }

    fn winner(outcome: &army_ants::Outcome) -> Option<Side> {
        outcome.winner()
    }

    fn told(outcome: &army_ants::Outcome, name: &dyn Fn(Side) -> String) -> String {
        outcome.told(name)
    }

    fn outcome(&self) -> Option<army_ants::Outcome> {
        ArmyAnts::outcome(self)
    }

    fn spots(&self, action: &army_ants::Action) -> super::spots::Spots {
        super::spots::army_ants(action)
    }
}

impl Game for AttaAnts {
    type Setup = atta_ants::Setup;
    type SetupError = atta_ants::SetupError;
    type Seat = Colour;
    type Action = atta_ants::Action;
    type Refusal = atta_ants::RuleError;
    type Outcome = atta_ants::Outcome;
    type View = atta_ants::View;

    fn start(setup: &Self::Setup) -> Result<Self, Self::SetupError> {
        AttaAnts::new(setup)
    }

    fn seats(&self) -> Vec<Colour> {
        self.colours()
    }

    fn turn(&self) -> Turn<Colour, atta_ants::Outcome> {
        match self.status() {
            atta_ants::Status::ToMove(colour) => Turn::One(colour),
            atta_ants::Status::Over(outcome) => Turn::Over(outcome),
        }
    }

    fn legal_actions(&self, seat: Colour) -> Vec<atta_ants::Action> {
        match self.to_move() {
            Some(colour) if colour == seat => AttaAnts::legal_actions(self),
            _ => Vec::new(),
        }
    }

    fn act(&mut self, seat: Colour, action: &atta_ants::Action) -> Result<(), atta_ants::RuleError> {
        self.apply(seat, action).map(|_| ())
    }

    /// A player out of time or giving up leaves the table (the rulings'
    /// "leave"); the others play on until one is left.
    fn forfeit(&mut self, seat: Colour) -> Option<atta_ants::Outcome> {
        if AttaAnts::outcome(self).is_none() && !self.has_left(seat) && !self.is_out(seat) {
            self.apply(seat, &atta_ants::Action::Leave)
                .expect("a seated player may always leave");
        }
        AttaAnts::outcome(self).cloned()
    }

    fn view(&self, _seat: Option<Colour>) -> atta_ants::View {
        atta_ants::View::of(self)
    }

    fn winner(outcome: &atta_ants::Outcome) -> Option<Colour> {
        outcome.winner()
    }

    fn told(outcome: &atta_ants::Outcome, name: &dyn Fn(Colour) -> String) -> String {
        outcome.told(name)
    }

    fn spots(&self, action: &atta_ants::Action) -> super::spots::Spots {
        super::spots::atta_ants(self, action)
    }
}

/// The one seat of a patience.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solo;

impl fmt::Display for Solo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the player")
    }
}

impl fmt::Display for PatienceOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// Every patience is a game with one seat; giving up is its `end`.
impl<P: Patience> Game for P {
    type Setup = P::Setup;
    type SetupError = PatienceSetupError;
    type Seat = Solo;
    type Action = P::Action;
    type Refusal = PatienceError;
    type Outcome = PatienceOutcome;
    type View = P::View;

    fn start(setup: &Self::Setup) -> Result<Self, PatienceSetupError> {
        P::from_setup(setup)
    }

    fn seats(&self) -> Vec<Solo> {
        vec![Solo]
    }

    fn turn(&self) -> Turn<Solo, PatienceOutcome> {
        match Patience::outcome(self) {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::One(Solo),
        }
    }

    fn legal_actions(&self, _seat: Solo) -> Vec<P::Action> {
        Patience::legal_actions(self)
    }

    fn act(&mut self, _seat: Solo, action: &P::Action) -> Result<(), PatienceError> {
        self.apply(action)
    }

    fn forfeit(&mut self, _seat: Solo) -> Option<PatienceOutcome> {
        if Patience::outcome(self).is_none() {
            let end: P::Action = "end".parse().expect("every patience reads `end`");
            self.apply(&end).expect("a patience can always be ended");
        }
        Patience::outcome(self)
    }

    fn view(&self, _seat: Option<Solo>) -> P::View {
        self.player_view()
    }

    fn winner(outcome: &PatienceOutcome) -> Option<Solo> {
        outcome.won.then_some(Solo)
    }
}
