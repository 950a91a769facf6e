//! `antics play`: a person at a terminal plays, through the same service the
//! bot uses: Army Ants (both seats) or one of the patiences. A text board is
//! printed after every move and the PNG board is written to a folder; when
//! a game ends, its animated replay (GIF) is written there too.

use crate::rules::{GameKind, Kind};
use crate::service::{rules_text, GameSummary, Input, Reply, Request, Service, User};
use chrono::Utc;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// What to play, from the command line (`antics play`'s options).
#[derive(Clone, Debug, clap::Args)]
pub struct PlayOptions {
    /// army-ants, atta-ants, myrmex, anthill or ants.
    #[arg(long, default_value = GameKind::ArmyAnts.as_str())]
    pub game: String,
    /// Deal from this seed (the same seed gives the same game).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Army Ants: random, minor or total.
    #[arg(long, default_value = "random")]
    pub deployment: String,
    /// Army Ants: start from a position in position notation.
    #[arg(long)]
    pub position: Option<String>,
    /// Patiences: deal this deck order (cards separated by spaces).
    #[arg(long)]
    pub deal: Option<String>,
    /// Myrmex: minor, larval, major or queen; against the computer:
    /// easy, normal or hard.
    #[arg(long)]
    pub level: Option<String>,
    /// Army Ants: play against the computer (`antics`) instead of both seats.
    #[arg(long)]
    pub opponent: Option<String>,
    /// Myrmex major or queen: only the top cards face up.
    #[arg(long)]
    pub closed: bool,
    /// Ants Solitaire: strict or relaxed.
    #[arg(long)]
    pub variant: Option<String>,
    /// Atta Ants: how many players share the terminal (2-4).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Where board images are written.
    #[arg(long, default_value = "antics-boards")]
    pub out: PathBuf,
    /// Play in a browser instead: serve the web table on 127.0.0.1.
    #[arg(long)]
    pub web: bool,
    /// The web table's port (0: any free port).
    #[arg(long, default_value_t = 8000, requires = "web")]
    pub port: u16,
}

const CHANNEL: &str = "terminal";

/// The service, and where board images go.
struct Table {
    service: Service,
    out: PathBuf,
    images: usize,
}

impl Table {
    async fn send(&mut self, user: &User, input: Input) -> Reply {
        let request = Request {
            user: user.clone(),
            guild: Some("local".into()),
            channel: CHANNEL.into(),
            at: Utc::now(),
            input,
            // The person at the terminal owns the table.
            manage_channels: true,
            manage_messages: true,
            bot_member: true,
        };
        let reply = self.service.handle(&request).await;
        if let Some(image) = &reply.image {
            self.images += 1;
            let path = self.out.join(format!("{:04}.{}", self.images, image.extension()));
            let what = match image.extension() {
                "gif" => "animated replay",
                _ => "board image",
            };
            if std::fs::create_dir_all(&self.out)
                .and_then(|_| std::fs::write(&path, &image.png))
                .is_ok()
            {
                println!("({what}: {})", path.display());
            }
        }
        reply
    }

    async fn command(&mut self, user: &User, name: &str, options: &[(&str, String)]) -> Reply {
        self.send(user, Input::command(name, options)).await
    }
}

pub async fn run(service: Service, opts: PlayOptions) -> anyhow::Result<()> {
    let mut table = Table {
        service,
        out: opts.out.clone(),
        images: 0,
    };
    // A stored name of a game the service serves, or a multiplayer game's
    // command (`armyants`, `atta`); every patience is played alike.
    let games = table.service.games();
    let kind = games.named(&opts.game).or_else(|| {
        let by_command = GameKind::ALL
            .into_iter()
            .find(|k| k.is_multiplayer() && k.command() == opts.game);
        by_command.map(Kind::Listed)
    });
    match kind {
        Some(Kind::Listed(GameKind::ArmyAnts)) => army_ants(&mut table, &opts).await,
        Some(Kind::Listed(GameKind::AttaAnts)) => atta_ants(&mut table, &opts).await,
        Some(kind) if kind.is_patience() => patience(&mut table, &opts).await,
        _ => {
            let names: Vec<&str> = games.kinds().map(Kind::as_str).collect();
            anyhow::bail!(
                "unknown game `{}`: choose {}",
                opts.game,
                crate::rules::listed(&names, "or")
            )
        }
    }
}

async fn army_ants(table: &mut Table, opts: &PlayOptions) -> anyhow::Result<()> {
    let against_bot = match opts.opponent.as_deref() {
        None => false,
        Some(crate::service::BOT_ID) => true,
        Some(other) => {
            anyhow::bail!("the only opponent at the terminal is `antics` (the computer), not `{other}`")
        }
    };
    let red = User::new("red", "Red");
    let black = if against_bot {
        User::bot()
    } else {
        User::new("black", "Black")
    };
    let mut challenge = vec![
        ("opponent", black.id.clone()),
        ("color", "red".to_string()),
        ("deployment", opts.deployment.clone()),
    ];
    if against_bot {
        challenge.push(("level", opts.level.clone().unwrap_or_else(|| "normal".into())));
    }
    if let Some(seed) = opts.seed {
        challenge.push(("seed", seed.to_string()));
    }
    if let Some(position) = &opts.position {
        challenge.push(("position", position.clone()));
    }
    let reply = table.command(&red, "armyants challenge", &challenge).await;
    if !reply.ok() {
        anyhow::bail!("{}", reply.text);
    }
    let game_id = reply.game.as_ref().map(|g| g.id.clone()).unwrap_or_default();
    let mut reply = if against_bot {
        println!("Army Ants at the terminal: you play Red against the computer. Type `help` for commands.\n");
        reply
    } else {
        println!("Army Ants at the terminal: you play both armies. Type `help` for commands.\n");
        table.command(&black, "armyants accept", &[]).await
    };
    let mut lines = std::io::stdin().lock().lines();
    loop {
        print_reply(&reply);
        let Some(game) = reply.game.clone() else { break };
        if game.status == crate::store::GameStatus::Finished {
            // The record of a finished game carries its animated replay.
            table.command(&red, "record", &[]).await;
            break;
        }
        // Whose input we wait for: the side to move, or a side still deploying.
        let player = match &game.to_move {
            Some(name) if *name == red.name => red.clone(),
            Some(_) => black.clone(),
            None if against_bot => match deploying_player(table, &game_id, &[&red]).await {
                Some(user) => user,
                None => break,
            },
            None => match deploying_player(table, &game_id, &[&red, &black]).await {
                Some(user) => user,
                None => break,
            },
        };
        let Some(line) = prompt(&mut lines, &player.name)? else {
            break;
        };
        match terminal_word(&line, ARMY_ANTS_HELP, GameKind::ArmyAnts.rules_page(), || {
            game.legal.join(" ")
        }) {
            Some(Terminal::Quit) => break,
            Some(Terminal::Done) => continue,
            None => {}
        }
        let next = match line.as_str() {
            "resign" => table.command(&player, "armyants resign", &[]).await,
            "draw" => table.command(&player, "armyants draw", &[]).await,
            "record" => table.command(&player, "record", &[]).await,
            action => {
                table
                    .command(&player, "armyants move", &[("action", action.to_string())])
                    .await
            }
        };
        reply = merge(reply, next);
    }
    Ok(())
}

/// During a private deployment: the first player who still has cards to
/// place (their hand is printed for them).
async fn deploying_player(table: &mut Table, game_id: &str, users: &[&User]) -> Option<User> {
    for user in users.iter().copied() {
        let input = Input::Component {
            custom_id: format!("aa:{game_id}:deploy"),
            values: vec![],
        };
        let hand = table.send(user, input).await;
        if hand.text.starts_with("Your") {
            // The hand, without the picker's question: here it is typed.
            let cards = hand.text.split(". ").next().unwrap_or_default();
            println!(
                "{}: {cards}. Type deploy and the values in column order, a row at a time \
                 (deploy 93Q15), rows separated by / for a whole army.",
                user.name
            );
            return Some(user.clone());
        }
    }
    None
}

/// Atta Ants, hot seat: every colour plays at this terminal in turn.
async fn atta_ants(table: &mut Table, opts: &PlayOptions) -> anyhow::Result<()> {
    if !(2..=4).contains(&opts.players) {
        anyhow::bail!("Atta Ants is for 2 to 4 players, not {}", opts.players);
    }
    let users: Vec<User> = (1..=opts.players)
        .map(|n| User::new(format!("player{n}"), format!("Player {n}")))
        .collect();
    let mut options = Vec::new();
    if let Some(seed) = opts.seed {
        options.push(("seed", seed.to_string()));
    }
    if let Some(deal) = &opts.deal {
        options.push(("deal", deal.clone()));
    }
    let opened = table.command(&users[0], "atta new", &options).await;
    if !opened.ok() {
        anyhow::bail!("{}", opened.text);
    }
    for user in &users[1..] {
        table.command(user, "atta join", &[]).await;
    }
    let mut reply = table.command(&users[0], "atta start", &[]).await;
    if !reply.ok() {
        anyhow::bail!("{}", reply.text);
    }
    println!(
        "Atta Ants at the terminal: {} players take turns here. Type `help` for commands.\n",
        users.len()
    );
    let mut lines = std::io::stdin().lock().lines();
    loop {
        print_reply(&reply);
        let Some(game) = reply.game.clone() else { break };
        if game.status == crate::store::GameStatus::Finished {
            // The record of a finished game carries its animated replay.
            table.command(&users[0], "record", &[]).await;
            break;
        }
        let Some(player) = users
            .iter()
            .find(|u| Some(&u.name) == game.to_move.as_ref())
            .cloned()
        else {
            break;
        };
        let Some(line) = prompt(&mut lines, &player.name)? else {
            break;
        };
        match terminal_word(&line, ATTA_HELP, GameKind::AttaAnts.rules_page(), || {
            game.legal.join(" | ")
        }) {
            Some(Terminal::Quit) => break,
            Some(Terminal::Done) => continue,
            None => {}
        }
        let next = match line.as_str() {
            "record" => table.command(&player, "record", &[]).await,
            "leave" => table.command(&player, "atta leave", &[]).await,
            action => {
                table
                    .command(&player, "atta move", &[("action", action.to_string())])
                    .await
            }
        };
        reply = merge(reply, next);
    }
    Ok(())
}

async fn patience(table: &mut Table, opts: &PlayOptions) -> anyhow::Result<()> {
    let me = User::new("player", "Player");
    let mut options = vec![("game", opts.game.clone())];
    if let Some(seed) = opts.seed {
        options.push(("seed", seed.to_string()));
    }
    if let Some(deal) = &opts.deal {
        options.push(("deal", deal.clone()));
    }
    if let Some(level) = &opts.level {
        options.push(("level", level.clone()));
    }
    if opts.closed {
        options.push(("closed", "true".into()));
    }
    if let Some(variant) = &opts.variant {
        options.push(("variant", variant.clone()));
    }
    let mut reply = table.command(&me, "solitaire new", &options).await;
    if !reply.ok() {
        anyhow::bail!("{}", reply.text);
    }
    println!("{} at the terminal. Type `help` for commands.\n", opts.game);
    let mut lines = std::io::stdin().lock().lines();
    loop {
        print_reply(&reply);
        let Some(game) = reply.game.clone() else { break };
        if game.status == crate::store::GameStatus::Finished {
            table.command(&me, "record", &[]).await;
            break;
        }
        let Some(line) = prompt(&mut lines, "move")? else {
            break;
        };
        match terminal_word(&line, PATIENCE_HELP, opts.game.as_str(), || game.legal.join(" ")) {
            Some(Terminal::Quit) => break,
            Some(Terminal::Done) => continue,
            None => {}
        }
        let next = match line.as_str() {
            "undo" => table.command(&me, "solitaire undo", &[]).await,
            "hint" => table.command(&me, "solitaire hint", &[]).await,
            "end" => table.command(&me, "solitaire end", &[]).await,
            action => {
                table
                    .command(&me, "solitaire move", &[("action", action.to_string())])
                    .await
            }
        };
        reply = merge(reply, next);
    }
    Ok(())
}

/// What a typed line asked of the terminal itself rather than the game.
enum Terminal {
    /// Answered here (help, rules, the legal moves, or nothing typed).
    Done,
    Quit,
}

/// Answers the words every game's prompt knows: `help`, `rules`, `legal`,
/// `quit`; `None` for a line meant for the game.
fn terminal_word(
    line: &str,
    help: &str,
    rules_page: &str,
    legal: impl FnOnce() -> String,
) -> Option<Terminal> {
    match line {
        "" => {}
        "quit" | "exit" => return Some(Terminal::Quit),
        "help" => println!("{help}"),
        "rules" => print_rules(rules_page),
        "legal" => println!("{}", legal()),
        _ => return None,
    }
    Some(Terminal::Done)
}

/// Prints the prompt and reads a trimmed line; `None` at the end of input.
fn prompt(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    who: &str,
) -> anyhow::Result<Option<String>> {
    print!("{who}> ");
    std::io::stdout().flush()?;
    Ok(match lines.next() {
        Some(line) => Some(line?.trim().to_string()),
        None => None,
    })
}

/// The reply to show next: a new board, or the old one with a refusal (or a
/// private message) printed.
fn merge(mut current: Reply, next: Reply) -> Reply {
    if next.ok() && next.game.is_some() && !next.ephemeral {
        return next;
    }
    println!("{}", next.text);
    print_posts(&next);
    if let Some(game) = next.game {
        current.game = Some(game);
    }
    current.text.clear();
    current.image = None;
    current.posts.clear();
    current
}

const ARMY_ANTS_HELP: &str =
    "Moves: c3-c6 (move out), a3:c3-a5:c5 (march), c3=c4 (swap), c4xc7 (attack), favor, \
deploy 93Q15 (private deployment).\nCommands: legal, draw, resign, record, rules, quit.";

const ATTA_HELP: &str = "Actions: place 1,-2 r3 (the drawn card; r0-r3 quarter turns clockwise), \
r2 n+ e (ant r2 north, pick up a leaf there, then east; +y3 takes y3's leaf, - puts it down), end, \
spider 2 e (the first player's choice).\nCommands: legal, record, leave (that player is out), rules, quit.";

const PATIENCE_HELP: &str =
    "Moves: 3-7 (Anthill, Myrmex), 3:2-7 (Myrmex onto an empty pile), t3-f2 (Ants), deal.\n\
Commands: legal, undo, hint (a move judged from the cards you can see), end, rules, quit.";

/// The `/rules` page of `game`, as text.
fn print_rules(game: &str) {
    for section in rules_text::rules(Some(game)) {
        println!("{}\n{}\n", section.title, section.text.replace("**", ""));
    }
}

fn print_reply(reply: &Reply) {
    if let Some(game) = &reply.game {
        print_board(game);
    }
    if !reply.text.is_empty() {
        println!("{}\n", terminal_words(&reply.text));
    }
    print_posts(reply);
}

/// Messages besides the reply: the computer's moves, deployment news.
fn print_posts(reply: &Reply) {
    for post in &reply.posts {
        println!("{}\n", terminal_words(&post.text));
    }
}

/// A reply's text in the terminal's words: no Markdown, no buttons, no
/// slash commands (Discord's small-print lines are left out).
fn terminal_words(text: &str) -> String {
    const WORDS: [(&str, &str); 6] = [
        (
            ": press **Deploy** to see your cards",
            ": each places their cards in turn here",
        ),
        (
            ": press **Deploy** to place your cards in private",
            ": place your cards",
        ),
        (
            ": press **Deploy** for your next cards",
            ": the next row is dealt",
        ),
        ("accept with /armyants draw or the button", "accept with draw"),
        ("/armyants ", ""),
        ("**", ""),
    ];
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("-# ")).collect();
    WORDS
        .iter()
        .fold(kept.join("\n"), |text, (from, to)| text.replace(from, to))
}

fn print_board(game: &GameSummary) {
    if let Some(position) = &game.position {
        println!("{}", text_board(position));
    } else if let Some(text) = &game.board_text {
        for part in text.split("; ") {
            println!("  {part}");
        }
    }
}

/// An Army Ants position as a text board, row 8 at the top.
pub fn text_board(position: &str) -> String {
    let rows = position.split_whitespace().next().unwrap_or_default();
    let mut out = String::new();
    for (i, row) in rows.split('/').enumerate() {
        out.push_str(&format!("{} ", 8 - i));
        let chars: Vec<char> = row.chars().collect();
        for cell in chars.chunks(2) {
            let text: String = cell.iter().collect();
            out.push_str(&format!(
                " {}",
                if text == ".." { " ·".to_string() } else { text }
            ));
        }
        out.push('\n');
        if i == 3 {
            out.push_str("   - - - - - - - - - -\n");
        }
    }
    out.push_str("    a  b  c  d  e");
    out
}
