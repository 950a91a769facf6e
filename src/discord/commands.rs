//! The slash commands. Each one only gathers its options into a service
//! request (`flow::command`); doc comments become Discord's descriptions.

use super::flow;
use super::{Context, Data, Error};
use crate::controls::choices::{
    string_choice, AntsVariant, Color, Deployment, Level, MyrmexLevel, StringChoice,
};
use crate::rules::GameKind;
use crate::service::{OptionValue, Options, User};
use poise::serenity_prelude as serenity;

/// A command that takes no options: `$name` is what the service gets; the
/// doc comment is Discord's description.
macro_rules! without_options {
    ($(#[doc = $doc:expr])* $fn:ident = $rename:literal: $name:literal) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, rename = $rename)]
        pub async fn $fn(ctx: Context<'_>) -> Result<(), Error> {
            flow::command(ctx, $name, Options::new()).await
        }
    };
}

/// Registers and reads a [`StringChoice`] as a string option (poise's own
/// choice parameters register integers).
macro_rules! string_argument {
    ($name:ident) => {
        #[poise::async_trait]
        impl poise::SlashArgument for $name {
            async fn extract(
                _: &serenity::Context,
                _: &serenity::CommandInteraction,
                value: &serenity::ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                extract_choice(value).ok_or_else(|| {
                    poise::SlashArgError::new_command_structure_mismatch("not one of the choices")
                })
            }

            fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
                create_choice::<Self>(builder)
            }
        }
    };
}

/// The choice a string option's value names; `None` for anything else.
fn extract_choice<T: StringChoice>(value: &serenity::ResolvedValue<'_>) -> Option<T> {
    let serenity::ResolvedValue::String(text) = value else {
        return None;
    };
    T::all().into_iter().find(|c| c.value() == *text)
}

fn create_choice<T: StringChoice>(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    T::all()
        .into_iter()
        .fold(builder.kind(serenity::CommandOptionType::String), |b, c| {
            b.add_string_choice(c.label(), c.value())
        })
}

/// A string option of fixed words, registered as a slash option.
macro_rules! slash_choice {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        string_choice! { $(#[$meta])* $name { $($body)* } }
        string_argument!($name);
    };
}

string_argument!(Color);
string_argument!(Deployment);
string_argument!(Level);
string_argument!(MyrmexLevel);
string_argument!(AntsVariant);

/// A string option whose choices are games of the registry, sent as their
/// `value`s.
macro_rules! game_choice {
    ($(#[$meta:meta])* $name:ident: $games:expr, $value:path, $label:expr) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub GameKind);

        impl StringChoice for $name {
            fn all() -> Vec<$name> {
                $games.into_iter().map($name).collect()
            }

            fn value(self) -> &'static str {
                $value(self.0)
            }

            fn label(self) -> String {
                ($label)(self.0)
            }
        }

        string_argument!($name);
    };
}

game_choice! {
    /// The patiences.
    Patience: GameKind::PATIENCES, GameKind::as_str, |k: GameKind| format!("{} ({})", k.title(), k.about())
}

slash_choice! {
    /// Turn alerts on or off.
    Switch {
        On => ("on", "On: a DM when it is your move"),
        Off => ("off", "Off"),
    }
}

game_choice! {
    /// The games a command may name.
    Game: GameKind::ALL, GameKind::rules_page, |k: GameKind| k.title().to_string()
}

/// The pages `/rules` shows: each game's, and how tournaments run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesPage {
    Game(GameKind),
    Tournament,
}

impl StringChoice for RulesPage {
    fn all() -> Vec<RulesPage> {
        GameKind::ALL
            .into_iter()
            .map(RulesPage::Game)
            .chain([RulesPage::Tournament])
            .collect()
    }

    fn value(self) -> &'static str {
        match self {
            RulesPage::Game(kind) => kind.rules_page(),
            RulesPage::Tournament => crate::rules::pages::TOURNAMENT_PAGE,
        }
    }

    fn label(self) -> String {
        match self {
            RulesPage::Game(kind) => kind.title().to_string(),
            RulesPage::Tournament => "Tournaments".to_string(),
        }
    }
}

string_argument!(RulesPage);

/// Every command, as registered: each for both installations (to a server,
/// and to a person's account, which works in any server, in DMs and in
/// group DMs) and in all three places a command can run.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        armyants(),
        challenge_member(),
        atta(),
        solitaire(),
        record(),
        help(),
        rules(),
        daily(),
        dailypost(),
        leaderboard(),
        stats(),
        alerts(),
        game(),
        tournament(),
    ];
    for command in &mut commands {
        command.install_context = Some(vec![
            serenity::InstallationContext::Guild,
            serenity::InstallationContext::User,
        ]);
        command.interaction_context = Some(vec![
            serenity::InteractionContext::Guild,
            serenity::InteractionContext::BotDm,
            serenity::InteractionContext::PrivateChannel,
        ]);
    }
    commands
}

/// Play Army Ants, the two-player battle of the ant armies.
#[poise::command(
    slash_command,
    subcommands("challenge", "accept", "decline", "move_", "resign", "draw"),
    subcommand_required
)]
pub async fn armyants(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn text(options: &mut Options, name: &str, value: Option<String>) {
    if let Some(value) = value {
        options.insert(name.into(), OptionValue::Text(value));
    }
}

fn choice(options: &mut Options, name: &str, value: Option<&'static str>) {
    text(options, name, value.map(str::to_string));
}

/// Challenge someone to a game of Army Ants in this channel.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play (none: anyone here may accept)"] opponent: Option<serenity::User>,
    #[description = "The army you lead; Red moves first (default: random)"] color: Option<Color>,
    #[description = "How the armies are set up (default: random)"] deployment: Option<Deployment>,
    #[description = "Start from a position, in Army Ants position notation"]
    #[max_length = 200]
    position: Option<String>,
    #[description = "Deal from this seed, a whole number: the same seed gives the same game"]
    #[max_length = 20]
    seed: Option<String>,
    #[description = "The computer's strength, when you challenge the bot"] level: Option<Level>,
) -> Result<(), Error> {
    let opponent = match opponent {
        Some(user) => match opponent_of(ctx, &user) {
            Some(user) => Some(user),
            None => return flow::refuse(ctx, OTHER_BOTS).await,
        },
        None => None,
    };
    let options = challenge_options(opponent, color, deployment, position, seed, level);
    flow::command(ctx, "armyants challenge", options).await
}

pub const OTHER_BOTS: &str = "Other bots cannot play; challenge a person (or me).";

/// A Discord user as an opponent: a person, or this bot (the computer);
/// `None` for another bot.
fn opponent_of(ctx: Context<'_>, user: &serenity::User) -> Option<User> {
    opponent(user, ctx.framework().bot_id())
}

/// A Discord user as an opponent, given the bot's own id.
pub fn opponent(user: &serenity::User, bot_id: serenity::UserId) -> Option<User> {
    if user.id == bot_id {
        Some(User::bot())
    } else if user.bot {
        None
    } else {
        Some(flow::user_of(user, None))
    }
}

/// A member's context menu (Apps): challenge them to Army Ants, random
/// deployment, colours at random.
#[poise::command(context_menu_command = "Challenge to Army Ants")]
pub async fn challenge_member(ctx: Context<'_>, opponent: serenity::User) -> Result<(), Error> {
    let Some(opponent) = opponent_of(ctx, &opponent) else {
        return flow::refuse(ctx, OTHER_BOTS).await;
    };
    let options = challenge_options(Some(opponent), None, None, None, None, None);
    flow::command(ctx, "armyants challenge", options).await
}

/// The service options of `/armyants challenge`: only those given.
pub fn challenge_options(
    opponent: Option<User>,
    color: Option<Color>,
    deployment: Option<Deployment>,
    position: Option<String>,
    seed: Option<String>,
    level: Option<Level>,
) -> Options {
    let mut options = Options::new();
    if let Some(opponent) = opponent {
        options.insert("opponent".into(), OptionValue::User(opponent));
    }
    choice(&mut options, "color", color.map(Color::value));
    choice(&mut options, "deployment", deployment.map(Deployment::value));
    text(&mut options, "position", position);
    text(&mut options, "seed", seed);
    choice(&mut options, "level", level.map(Level::value));
    options
}

/// Moderate the games in this channel.
#[poise::command(
    slash_command,
    subcommands("game_end"),
    subcommand_required,
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn game(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

without_options! {
    /// End this channel's Army Ants or Atta Ants game as a moderator (unrated).
    game_end = "end": "game end"
}

without_options! {
    /// Accept the challenge waiting for you in this channel.
    accept = "accept": "armyants accept"
}

without_options! {
    /// Decline the challenge waiting for you, or withdraw your own.
    decline = "decline": "armyants decline"
}

/// Make your move: type it, or pick one of the suggestions.
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "Your move, like c3-c6, a3:c3-a5:c5, c3=c4, c4xc7, favor or deploy 93Q15"]
    #[autocomplete = "autocomplete_action"]
    #[max_length = 100]
    action: String,
) -> Result<(), Error> {
    let mut options = Options::new();
    text(&mut options, "action", Some(action));
    flow::command(ctx, "armyants move", options).await
}

without_options! {
    /// Resign the game in this channel.
    resign = "resign": "armyants resign"
}

without_options! {
    /// Offer a draw, or accept the draw your opponent offered.
    draw = "draw": "armyants draw"
}

/// The legal moves that start with what was typed, most useful first.
async fn autocomplete_action(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(flow::suggestions(ctx, "armyants move", "action", partial).await)
}

/// Play Atta Ants: 2-4 players gather leaves on a growing map, spiders hunt.
#[poise::command(
    slash_command,
    subcommands(
        "atta_new",
        "atta_join",
        "atta_start",
        "atta_place",
        "atta_move",
        "atta_end",
        "atta_leave"
    ),
    subcommand_required
)]
pub async fn atta(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a game of Atta Ants in this channel; others join with the button.
#[poise::command(slash_command, rename = "new")]
pub async fn atta_new(
    ctx: Context<'_>,
    #[description = "Deal from this seed, a whole number: the same seed gives the same game"]
    #[max_length = 20]
    seed: Option<String>,
    #[description = "Deal this deck order: card codes like Tl Is M, first drawn first"]
    #[max_length = 200]
    deal: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    text(&mut options, "seed", seed);
    text(&mut options, "deal", deal);
    flow::command(ctx, "atta new", options).await
}

without_options! {
    /// Join the Atta Ants game waiting in this channel.
    atta_join = "join": "atta join"
}

without_options! {
    /// Start the Atta Ants game you opened (2 to 4 players).
    atta_start = "start": "atta start"
}

/// Place the drawn card, or see where it fits.
#[poise::command(slash_command, rename = "place")]
pub async fn atta_place(
    ctx: Context<'_>,
    #[description = "Where and how, like place 1,-2 r3 (leave empty to list the placements)"]
    #[autocomplete = "autocomplete_atta_place"]
    #[max_length = 100]
    action: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    text(&mut options, "action", action);
    flow::command(ctx, "atta place", options).await
}

/// Move an ant, like r2 n+ e, or any Atta Ants action (place, end, spider).
#[poise::command(slash_command, rename = "move")]
pub async fn atta_move(
    ctx: Context<'_>,
    #[description = "Like r2 n+ e (ant, steps, + pick up, - put down), place 1,-2 r3, end, spider 2 e"]
    #[autocomplete = "autocomplete_atta_move"]
    #[max_length = 100]
    action: String,
) -> Result<(), Error> {
    let mut options = Options::new();
    text(&mut options, "action", Some(action));
    flow::command(ctx, "atta move", options).await
}

without_options! {
    /// End your ant turn.
    atta_end = "end": "atta end"
}

without_options! {
    /// Leave the lobby, or leave the game (you are out; the game goes on).
    atta_leave = "leave": "atta leave"
}

async fn autocomplete_atta_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(flow::suggestions(ctx, "atta move", "action", partial).await)
}

async fn autocomplete_atta_place(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(flow::suggestions(ctx, "atta place", "action", partial).await)
}

/// Suggestions as Discord's autocomplete choices (each its own value).
pub fn choices(suggestions: Vec<String>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        suggestions
            .into_iter()
            .map(|s| serenity::AutocompleteChoice::new(s.clone(), s))
            .collect(),
    )
}

/// Play a patience: Myrmex, Anthill or Ants Solitaire.
#[poise::command(
    slash_command,
    subcommands(
        "solitaire_new",
        "solitaire_move",
        "solitaire_undo",
        "solitaire_hint",
        "solitaire_end"
    ),
    subcommand_required
)]
pub async fn solitaire(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a patience in this channel (one at a time; others can watch).
#[poise::command(slash_command, rename = "new")]
pub async fn solitaire_new(
    ctx: Context<'_>,
    #[description = "Which patience"] game: Patience,
    #[description = "Myrmex level (default: minor)"] level: Option<MyrmexLevel>,
    #[description = "Myrmex major or queen: only the top cards face up"] closed: Option<bool>,
    #[description = "Ants Solitaire: when you may deal (default: strict)"] variant: Option<AntsVariant>,
    #[description = "Deal from this seed, a whole number: the same seed gives the same deal"]
    #[max_length = 20]
    seed: Option<String>,
    #[description = "Deal this deck order: card codes separated by spaces, first dealt first"]
    #[max_length = 400]
    deal: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", Some(game.value()));
    choice(&mut options, "level", level.map(MyrmexLevel::value));
    text(
        &mut options,
        "closed",
        closed.filter(|c| *c).map(|c| c.to_string()),
    );
    choice(&mut options, "variant", variant.map(AntsVariant::value));
    text(&mut options, "seed", seed);
    text(&mut options, "deal", deal);
    flow::command(ctx, "solitaire new", options).await
}

/// Make a move in your patience: type it, or pick one of the suggestions.
#[poise::command(slash_command, rename = "move")]
pub async fn solitaire_move(
    ctx: Context<'_>,
    #[description = "Your move, like 3-7, 3:2-7, t3-f2 or deal"]
    #[autocomplete = "autocomplete_solitaire"]
    #[max_length = 100]
    action: String,
) -> Result<(), Error> {
    let mut options = Options::new();
    text(&mut options, "action", Some(action));
    flow::command(ctx, "solitaire move", options).await
}

without_options! {
    /// Take back your last move, as far as the rules allow.
    solitaire_undo = "undo": "solitaire undo"
}

without_options! {
    /// The next move of a winning line, or whether the deal can still be won.
    solitaire_hint = "hint": "solitaire hint"
}

without_options! {
    /// End your patience now and keep its result.
    solitaire_end = "end": "solitaire end"
}

/// Your legal patience moves that start with what was typed.
async fn autocomplete_solitaire(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(flow::suggestions(ctx, "solitaire move", "action", partial).await)
}

without_options! {
    /// Show the record (setup and moves) of this channel's current or last game.
    record = "record": "record"
}

without_options! {
    /// How to play with Antics: the games and their commands.
    help = "help": "help"
}

/// The rules of a game, with the rulings we play by.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game, or tournaments (default: a list of the games)"] game: Option<RulesPage>,
) -> Result<(), Error> {
    let mut opts = Options::new();
    if let Some(game) = game {
        opts.insert("game".into(), OptionValue::Text(game.value().into()));
    }
    flow::command(ctx, "rules", opts).await
}

game_choice! {
    /// The games with a leaderboard: the patiences' dailies, then the ratings.
    BoardGame: GameKind::LEADERBOARDS,
        GameKind::as_str,
        |k: GameKind| format!("{} ({})", k.title(), if k.is_rated() { "ratings" } else { "daily" })
}

slash_choice! {
    /// The days a leaderboard covers.
    Period {
        Today => ("today", "Today's daily challenge"),
        Week => ("week", "This week (Monday to Sunday, UTC)"),
        Season => ("season", "This season (the month, UTC)"),
        All => ("all", "All time"),
    }
}

slash_choice! {
    /// Where a leaderboard's players played.
    Scope {
        Channel => ("channel", "This channel"),
        Server => ("server", "This server"),
        Global => ("global", "Everywhere (daily challenges)"),
    }
}

/// The daily challenges: the same deal for everyone, every UTC day.
#[poise::command(
    slash_command,
    subcommands("daily_play", "daily_results", "daily_solution"),
    subcommand_required
)]
pub async fn daily(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Play today's deal of a patience (your first attempt is ranked), or a past day's as practice.
#[poise::command(slash_command, rename = "play")]
pub async fn daily_play(
    ctx: Context<'_>,
    #[description = "Which patience"] game: Patience,
    #[description = "A past day, like 2026-11-20: played as practice, unranked"] date: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", Some(game.value()));
    text(&mut options, "date", date);
    flow::command(ctx, "daily play", options).await
}

/// A day's ranked attempts started in this channel (today's by default).
#[poise::command(slash_command, rename = "results")]
pub async fn daily_results(
    ctx: Context<'_>,
    #[description = "Which patience (default: all three)"] game: Option<Patience>,
    #[description = "A past day, like 2026-11-20 (default: today)"] date: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", game.map(Patience::value));
    text(&mut options, "date", date);
    flow::command(ctx, "daily results", options).await
}

/// A closed day's deal as the solver wins it: its line and a replay.
#[poise::command(slash_command, rename = "solution")]
pub async fn daily_solution(
    ctx: Context<'_>,
    #[description = "Which patience"] game: Patience,
    #[description = "A past day, like 2026-11-20 (default: the last closed day)"] date: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", Some(game.value()));
    text(&mut options, "date", date);
    flow::command(ctx, "daily solution", options).await
}

/// The channel's daily post (for members who may manage the channel).
///
/// Discord sets who may use a command per top-level command, so these two
/// are a command of their own rather than part of `/daily`. Servers can
/// change who sees it in their Integrations settings; the service checks
/// Manage Channels again whatever they choose.
#[poise::command(
    slash_command,
    subcommands("dailypost_subscribe", "dailypost_unsubscribe"),
    subcommand_required,
    default_member_permissions = "MANAGE_CHANNELS"
)]
pub async fn dailypost(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

without_options! {
    /// Post each new day's challenges here at 00:00 UTC, with yesterday's top three.
    dailypost_subscribe = "subscribe": "dailypost subscribe"
}

without_options! {
    /// Stop the daily post in this channel.
    dailypost_unsubscribe = "unsubscribe": "dailypost unsubscribe"
}

game_choice! {
    /// The games a tournament may be of.
    TournamentGame: GameKind::ALL, GameKind::as_str, |k: GameKind| k.title().to_string()
}

slash_choice! {
    /// How a tournament's rounds are paired.
    TournamentFormat {
        Swiss => ("swiss", "Swiss: fixed rounds, paired by score"),
        Arena => ("arena", "Arena: paired again as soon as you are free"),
    }
}

slash_choice! {
    /// Whether a tournament's games move ratings.
    YesNo {
        Yes => ("yes", "Yes"),
        No => ("no", "No"),
    }
}

/// A server's own tournaments: Army Ants Swiss and arenas, patience events.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_leave",
        "tournament_start",
        "tournament_standings",
        "tournament_list",
        "tournament_cancel"
    ),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a tournament in this channel (Manage Channels or Manage Messages).
#[poise::command(slash_command, rename = "create")]
#[allow(clippy::too_many_arguments)]
pub async fn tournament_create(
    ctx: Context<'_>,
    #[description = "Which game (default: Army Ants)"] game: Option<TournamentGame>,
    #[description = "How Army Ants rounds are paired (default: swiss; a patience plays an event)"]
    format: Option<TournamentFormat>,
    #[description = "How many rounds, 1 to 15 (default: from the number of players)"]
    #[max_length = 2]
    rounds: Option<String>,
    #[description = "How long a Swiss round (a patience event) stays open: 10m to 7d (default 24h)"]
    round: Option<String>,
    #[description = "How long an arena lasts: 20m to 3h (default 1h)"] length: Option<String>,
    #[description = "A patience event's deals, 1 to 10, the same for everyone (default 3)"]
    #[max_length = 2]
    deals: Option<String>,
    #[description = "When it starts: now, a UTC time like 2026-12-01 18:00, or a delay like 2h"]
    starts: Option<String>,
    #[description = "Whether its games move ratings (default: no)"] rated: Option<YesNo>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", game.map(TournamentGame::value));
    choice(&mut options, "format", format.map(TournamentFormat::value));
    text(&mut options, "rounds", rounds);
    text(&mut options, "round", round);
    text(&mut options, "length", length);
    text(&mut options, "deals", deals);
    text(&mut options, "starts", starts);
    choice(&mut options, "rated", rated.map(YesNo::value));
    flow::command(ctx, "tournament create", options).await
}

macro_rules! tournament_sub {
    ($(#[doc = $doc:expr])* $fn:ident = $rename:literal) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, rename = $rename)]
        pub async fn $fn(
            ctx: Context<'_>,
            #[description = "The tournament's id (default: this channel's)"] tournament: Option<String>,
        ) -> Result<(), Error> {
            let mut options = Options::new();
            text(&mut options, "tournament", tournament);
            flow::command(ctx, concat!("tournament ", $rename), options).await
        }
    };
}

tournament_sub! {
    /// Enter this channel's tournament.
    tournament_join = "join"
}

tournament_sub! {
    /// Leave a tournament (once it runs, you forfeit the rest).
    tournament_leave = "leave"
}

tournament_sub! {
    /// Start a tournament now (its organiser or a moderator).
    tournament_start = "start"
}

tournament_sub! {
    /// A tournament's standings and this round's pairings.
    tournament_standings = "standings"
}

tournament_sub! {
    /// Cancel a tournament (its organiser or a moderator).
    tournament_cancel = "cancel"
}

without_options! {
    /// This server's tournaments, newest first.
    tournament_list = "list": "tournament list"
}

/// The best players: daily patience results or Army Ants ratings.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: BoardGame,
    #[description = "Which days (default: today; all time for Army Ants)"] period: Option<Period>,
    #[description = "This channel, the whole server, or everywhere (default: channel)"] scope: Option<Scope>,
    #[description = "A past season, by its month: 2026-10"]
    #[max_length = 7]
    season: Option<String>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "game", Some(game.value()));
    choice(&mut options, "period", period.map(Period::value));
    choice(&mut options, "scope", scope.map(Scope::value));
    text(&mut options, "season", season);
    flow::command(ctx, "leaderboard", options).await
}

/// Games played and won, daily streaks, results and the Army Ants rating.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let mut options = Options::new();
    if let Some(user) = user {
        options.insert("user".into(), OptionValue::User(flow::user_of(&user, None)));
    }
    flow::command(ctx, "stats", options).await
}

/// A DM when one of your games waits for your move.
#[poise::command(slash_command)]
pub async fn alerts(
    ctx: Context<'_>,
    #[description = "Switch turn alerts on or off (default: say whether they are on)"] turns: Option<Switch>,
) -> Result<(), Error> {
    let mut options = Options::new();
    choice(&mut options, "turns", turns.map(Switch::value));
    flow::command(ctx, "alerts", options).await
}
