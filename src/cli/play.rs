//! `antics play`: a person at a terminal plays Army Ants, both seats, through
//! the same service the bot uses. A text board is printed after every move
//! and the PNG board is written to a folder.

use crate::service::{Input, OptionValue, Options, Reply, Request, Service, User};
use chrono::Utc;
use std::io::{BufRead, Write};
use std::path::PathBuf;

pub struct PlayOptions {
    pub seed: Option<u64>,
    pub deployment: String,
    pub position: Option<String>,
    pub out: PathBuf,
}

const CHANNEL: &str = "terminal";

struct Table {
    service: Service,
    out: PathBuf,
    images: usize,
}

impl Table {
    async fn send(&mut self, user: &User, input: Input) -> Reply {
        let request = Request {
            user: user.clone(),
            guild: "local".into(),
            channel: CHANNEL.into(),
            at: Utc::now(),
            input,
        };
        let reply = self.service.handle(&request).await;
        if let Some(image) = &reply.image {
            self.images += 1;
            let path = self.out.join(format!("{:04}.png", self.images));
            if std::fs::create_dir_all(&self.out).and_then(|_| std::fs::write(&path, &image.png)).is_ok() {
                println!("(board image: {})", path.display());
            }
        }
        reply
    }

    async fn command(&mut self, user: &User, name: &str, options: &[(&str, &str)]) -> Reply {
        let options: Options = options
            .iter()
            .map(|(k, v)| (k.to_string(), OptionValue::Text(v.to_string())))
            .collect();
        self.send(
            user,
            Input::Command {
                name: name.into(),
                options,
            },
        )
        .await
    }
}

pub async fn run(service: Service, opts: PlayOptions) -> anyhow::Result<()> {
    let red = User::new("red", "Red");
    let black = User::new("black", "Black");
    let mut table = Table {
        service,
        out: opts.out.clone(),
        images: 0,
    };
    let seed = opts.seed.map(|s| s.to_string());
    let mut challenge: Vec<(&str, &str)> = vec![("opponent", "black"), ("color", "red"), ("deployment", &opts.deployment)];
    if let Some(seed) = &seed {
        challenge.push(("seed", seed));
    }
    if let Some(position) = &opts.position {
        challenge.push(("position", position));
    }
    let reply = table.command(&red, "armyants challenge", &challenge).await;
    if !reply.ok() {
        anyhow::bail!("{}", reply.text);
    }
    let game_id = reply.game.as_ref().map(|g| g.id.clone()).unwrap_or_default();
    let mut reply = table.command(&black, "armyants accept", &[]).await;
    println!("Army Ants at the terminal: you play both armies. Type `help` for commands.\n");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        print_reply(&reply);
        let Some(game) = &reply.game else { break };
        if game.status == "finished" {
            break;
        }
        // Whose input we wait for: the side to move, or a side still deploying.
        let player = match &game.to_move {
            Some(name) if *name == red.name => red.clone(),
            Some(_) => black.clone(),
            None => {
                let mut waiting = None;
                for user in [&red, &black] {
                    let hand = table
                        .send(
                            user,
                            Input::Component {
                                custom_id: format!("aa:{game_id}:deploy"),
                                values: vec![],
                            },
                        )
                        .await;
                    if hand.text.starts_with("Your") {
                        println!("{}: {}", user.name, hand.text);
                        waiting = Some(user.clone());
                        break;
                    }
                }
                match waiting {
                    Some(user) => user,
                    None => break,
                }
            }
        };
        print!("{}> ", player.name);
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let next = match words.as_slice() {
            [] => continue,
            ["quit"] | ["exit"] => break,
            ["help"] => {
                println!("{HELP}");
                continue;
            }
            ["legal"] => {
                println!("{}", game.legal.join(" "));
                continue;
            }
            ["resign"] => table.command(&player, "armyants resign", &[]).await,
            ["draw"] => table.command(&player, "armyants draw", &[]).await,
            ["record"] => table.command(&player, "record", &[]).await,
            _ => table.command(&player, "armyants move", &[("action", line.trim())]).await,
        };
        if next.ok() && next.game.is_some() && !next.ephemeral {
            reply = next;
        } else {
            println!("{}", next.text);
            if let Some(game) = &next.game {
                reply.game = Some(game.clone());
            }
            reply.text.clear();
            reply.image = None;
        }
    }
    Ok(())
}

const HELP: &str = "Moves: c3-c6 (move out), a3:c3-a5:c5 (march), c3=c4 (swap), c4xc7 (attack), favor, \
deploy 93Q15 (private deployment).\nCommands: legal, draw, resign, record, quit.";

fn print_reply(reply: &Reply) {
    if let Some(game) = &reply.game {
        if let Some(position) = &game.position {
            println!("{}", text_board(position));
        }
    }
    if !reply.text.is_empty() {
        println!("{}\n", reply.text.replace("**", ""));
    }
}

/// The position as a text board, row 8 at the top.
pub fn text_board(position: &str) -> String {
    let rows = position.split_whitespace().next().unwrap_or_default();
    let mut out = String::new();
    for (i, row) in rows.split('/').enumerate() {
        out.push_str(&format!("{} ", 8 - i));
        let chars: Vec<char> = row.chars().collect();
        for cell in chars.chunks(2) {
            let text: String = cell.iter().collect();
            out.push_str(&format!(" {}", if text == ".." { " ·".to_string() } else { text }));
        }
        out.push('\n');
        if i == 3 {
            out.push_str("   - - - - - - - - - -\n");
        }
    }
    out.push_str("    a  b  c  d  e");
    out
}
