//! The private deployment: each player places their hand, row by row, in
//! a picker only they see, while the board waits.

use super::{Answer, Loaded};
use crate::controls::army_ants::{board, deploy};
use crate::protocol::types::*;
use crate::render::{army_ants_alt_text, army_ants_png};
use crate::rules::army_ants::{ArmyAnts, Card, DeployHand, Deployment, Events, Phase, Side};
use crate::service::base::{board_post, mention, Service};
use crate::service::engine::multiplayer::Target;
use crate::service::error::{ServiceResult, UserError};

impl Service {
    /// After a deployment: the board once both armies are revealed (with
    /// the computer's first moves, `bot_words`), else the player's picker
    /// for the next row, or a note that the other player is placing.
    pub(super) fn after_deploy(
        &self,
        loaded: &Loaded,
        side: Side,
        events: &Events,
        bot_words: String,
    ) -> Reply {
        if events.revealed {
            let text = format!(
                "Both armies are deployed and revealed!{bot_words} {}",
                self.turn_line(loaded)
            );
            return self.board_reply(loaded, text, None);
        }
        match loaded.game().deploy_hand(side) {
            Some(hand) => {
                // The opponent had placed already, so the next row was dealt:
                // the picker goes on with it, and the board says so.
                let mut reply = self.deploy_picker(loaded, side, &hand, &deploy::Placement::empty(&hand));
                reply.text = format!("Placed. {}", reply.text);
                let text = match loaded.seats.bot() {
                    // The computer placed its next row at once.
                    Some(_) => format!(
                        "Both armies placed a row. {}: place your next cards in your picker (or press **Deploy**).",
                        mention(loaded.user(side))
                    ),
                    // The one who placed first waits in their private
                    // message (the edit pings them: they are named).
                    None => format!(
                        "Both players placed a row. {}: press **Next row** in your message (or **Deploy** here) for your next cards; {} goes on in theirs.",
                        mention(loaded.user(side.opponent())),
                        mention(loaded.user(side))
                    ),
                };
                let board = self.board_reply(loaded, text, None);
                reply.posts.push(Post {
                    edit: Some(loaded.row.id.clone()),
                    ..board_post(board, &loaded.row.channel_id)
                });
                reply
            }
            None => self.waiting_for_row(loaded, side, "Placed. "),
        }
    }

    /// The private board of a player who has placed and waits for the
    /// opponent; a row still to come gets **Next row**, which opens it in
    /// this same message once dealt.
    fn waiting_for_row(&self, loaded: &Loaded, side: Side, lead: &str) -> Reply {
        let other = &loaded.user(side.opponent()).name;
        let mut reply = self.board_reply(loaded, String::new(), Some(side));
        reply.ephemeral = true;
        reply.components.clear();
        let more = loaded
            .game()
            .view(Some(side))
            .deploy
            .is_some_and(|dep| dep.kind == Deployment::Minor && dep.row < 3);
        reply.text = if more {
            reply.components.push(board::next_row_button(&loaded.row.id));
            format!("{lead}Waiting for {other} to place theirs; then press **Next row** for your next cards.")
        } else {
            format!("{lead}Waiting for {other} to place theirs.")
        };
        reply
    }

    /// The private deployment picker: `placement` on the player's own view
    /// of the board, what is left of the hand, and the buttons.
    fn deploy_picker(
        &self,
        loaded: &Loaded,
        side: Side,
        hand: &DeployHand,
        placement: &deploy::Placement,
    ) -> Reply {
        let mut view = loaded.game().view(Some(side));
        placement.show(&mut view, hand, side);
        let labels = loaded.seats.labels(Some(side));
        let image = self.config.render.then(|| Image {
            regions: Vec::new(),
            png: army_ants_png(&view, &labels),
            alt: army_ants_alt_text(&view, &labels),
        });
        Reply {
            text: deploy::text(placement, hand, side),
            image,
            components: deploy::components(&loaded.row.id, placement, hand, side),
            ephemeral: true,
            game: Some(loaded.summary()),
            ..Reply::default()
        }
    }

    /// A click in the deployment picker: place a card, take it back, start
    /// over, fill the rest at random, or confirm (the deploy action).
    pub(super) async fn deploy_click(
        &self,
        req: &Request,
        target: Target<'_>,
        verb: &str,
        placement: deploy::Placement,
        values: &[String],
    ) -> ServiceResult<Reply> {
        let (loaded, side) = self.seated::<ArmyAnts>(req, &target).await?;
        let Some(hand) = self.hand_of(&loaded, side)? else {
            return Err(UserError::conflict(format!(
                "You have placed your cards. Waiting for {}.",
                loaded.user(side.opponent()).name
            ))
            .into());
        };
        placement.check(&hand)?;
        let next = match verb {
            deploy::ADD => {
                let card = values
                    .first()
                    .and_then(|v| v.chars().next())
                    .and_then(Card::from_symbol)
                    .ok_or_else(|| UserError::bad_option("Pick one of your cards."))?;
                let next = placement.with(card);
                next.check(&hand)
                    .map_err(|_| UserError::bad_option("That card is already placed."))?;
                next.with_last(&hand, side)
            }
            deploy::TAKE_BACK => placement.taken_back(),
            deploy::START_OVER => deploy::Placement::empty(&hand),
            deploy::RANDOM => placement.filled_at_random(&hand, side),
            _ => {
                if !placement.is_complete(&hand) {
                    return Err(UserError::bad_option("Place all your cards first.").into());
                }
                return self
                    .army_ants_act(req, target, placement.action(&hand), None, Answer::Picker)
                    .await;
            }
        };
        Ok(self.deploy_picker(&loaded, side, &hand, &next))
    }

    /// The cards `side` has to place now (`None` once placed).
    fn hand_of(&self, loaded: &Loaded, side: Side) -> Result<Option<DeployHand>, UserError> {
        if loaded.game().phase() != Phase::Deploy {
            return Err(UserError::conflict("The armies are already deployed."));
        }
        Ok(loaded.game().deploy_hand(side))
    }

    /// The Deploy button: your cards, only for you, with the picker that
    /// places them.
    pub(super) async fn show_hand(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, side) = self.seated::<ArmyAnts>(req, &target).await?;
        let hand = self
            .hand_of(&loaded, side)
            .map_err(|_| UserError::illegal("The armies are already deployed."))?;
        Ok(match hand {
            Some(hand) => {
                let mut reply = self.deploy_picker(&loaded, side, &hand, &deploy::Placement::empty(&hand));
                reply.text = format!("{}\n-# {}", reply.text, typed_deploy_hint(&hand));
                reply
            }
            None => self.waiting_for_row(&loaded, side, "You have placed this row. "),
        })
    }
}

/// How to place the hand by typing, for those who prefer it.
fn typed_deploy_hint(hand: &DeployHand) -> &'static str {
    if hand.rows.len() == 1 {
        "Or pick Random placement, or type `/armyants move action:deploy` with the values in column order."
    } else {
        "Or pick Random placement, or type `/armyants move action:deploy FRONT/SECOND/THIRD/BACK` (five values a row, four in the back row)."
    }
}
