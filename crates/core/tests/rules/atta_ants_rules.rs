//! Atta Ants rule tests. Each test quotes the rule it checks, from the seed
//! (`shared/seeds/atta-ants.txt`) or the rulings (`shared/rules/atta-ants.md`,
//! which win).

use antics::rules::atta_ants::spiders::{distances, first_steps};
use antics::rules::atta_ants::*;
use std::collections::BTreeMap;

fn card(code: &str) -> Card {
    code.parse().unwrap()
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

fn ant(text: &str) -> AntId {
    text.parse().unwrap()
}

fn play(game: &mut AttaAnts, seat: Colour, text: &str) -> Result<Events, RuleError> {
    let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(seat, &action)
}

fn ok(game: &mut AttaAnts, seat: Colour, text: &str) -> Events {
    play(game, seat, text).unwrap_or_else(|e| panic!("{text} refused: {e}"))
}

fn refused(game: &mut AttaAnts, seat: Colour, text: &str) -> String {
    let before = game.clone();
    match play(game, seat, text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(e) => {
            assert!(*game == before, "a refusal leaves the game unchanged");
            e.to_string()
        }
    }
}

fn legal(game: &AttaAnts) -> Vec<String> {
    game.legal_actions().iter().map(|a| a.to_string()).collect()
}

/// The nest with a crossing on each of the 8 squares around it.
fn crossing_ring() -> Vec<(Pos, Card, u8)> {
    [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ]
    .into_iter()
    .map(|(x, y)| (p(x, y), card("X"), 0))
    .collect()
}

fn layout(players: u8, tiles: Vec<(Pos, Card, u8)>, ants: &[(&str, (i32, i32), bool)]) -> Layout {
    Layout {
        players,
        first: Some(Colour::Red),
        tiles,
        ants: ants
            .iter()
            .map(|(a, (x, y), c)| (ant(a), p(*x, *y), *c))
            .collect(),
        ..Layout::default()
    }
}

const RED: Colour = Colour::Red;
const YELLOW: Colour = Colour::Yellow;
const ORANGE: Colour = Colour::Orange;

// ---------------------------------------------------------------------------
// Placing cards
// ---------------------------------------------------------------------------

/// "a card goes on an empty square orthogonally next to at least one card, in
/// a rotation where every edge it shares with a card matches: trail to trail,
/// grass to grass." "Rotation r0..r3 turns a card clockwise by quarter turns."
#[test]
fn edge_matching_in_every_rotation() {
    for shape in Shape::ALL {
        for r in 0..4u8 {
            let edges = shape.edges(r);
            let code = format!("{}", shape.code());
            // Trail to trail: north of the nest (a crossing) the south edge must be a trail.
            let mut game = AttaAnts::from_layout(&Layout {
                deck: vec![card(&code), card("X")],
                ..layout(2, vec![], &[("r1", (0, 0), false), ("y1", (0, 0), false)])
            })
            .unwrap();
            let south_trail = edges & Dir::S.bit() != 0;
            if game.drawn() == Some(card(&code)) {
                let text = format!("place 0,1 r{r}");
                assert_eq!(
                    play(&mut game, RED, &text).is_ok(),
                    south_trail,
                    "{code} r{r} north of the nest"
                );
            } else {
                // It fits in no rotation next to the nest alone: set aside.
                assert_eq!(game.set_aside(), &[card(&code)]);
                assert!((0..4).all(|r| shape.edges(r) == 0), "{code}");
            }
            // Grass to grass: east of a straight (grass on its east edge).
            let mut game = AttaAnts::from_layout(&Layout {
                deck: vec![card(&code), card("X")],
                ..layout(
                    2,
                    vec![(p(0, 1), card("I"), 0)],
                    &[("r1", (0, 0), false), ("y1", (0, 0), false)],
                )
            })
            .unwrap();
            let west_grass = edges & Dir::W.bit() == 0;
            let text = format!("place 1,1 r{r}");
            assert_eq!(
                play(&mut game, RED, &text).is_ok(),
                west_grass,
                "{code} r{r} east of a straight"
            );
        }
    }
}

/// "A card whose shape looks the same in several rotations is written with
/// the lowest of them; the others are accepted as input."
#[test]
fn placements_are_written_in_the_lowest_rotation() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("I"), card("X")],
        ..layout(2, vec![], &[("r1", (0, 0), false), ("y1", (0, 0), false)])
    })
    .unwrap();
    let moves = legal(&game);
    assert!(moves.contains(&"place 0,1 r0".to_string()));
    assert!(!moves.contains(&"place 0,1 r2".to_string()));
    ok(&mut game, RED, "place 0,1 r2");
    assert_eq!(game.record()[0].1.to_string(), "place 0,1 r0");
}

/// "A card that fits nowhere is set aside and the next is drawn."
#[test]
fn a_card_that_fits_nowhere_is_set_aside() {
    // Around a ring of crossings every free square touches a trail: a meadow fits nowhere.
    let game = AttaAnts::from_layout(&Layout {
        deck: vec![card("M"), card("Tl"), card("X")],
        ..layout(
            2,
            crossing_ring(),
            &[("r1", (0, 0), false), ("y1", (0, 0), false)],
        )
    })
    .unwrap();
    assert_eq!(game.set_aside(), &[card("M")]);
    assert_eq!(game.drawn(), Some(card("Tl")));
    assert_eq!(game.deck_len(), 1);
}

/// "A leaf card gets 2 leaves, a spider card a spider (spiders are numbered
/// 1-4 in the order they appear)."
#[test]
fn leaf_cards_get_two_leaves_and_spiders_are_numbered() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("Xl"), card("Xs"), card("X")],
        spiders: vec![p(-1, -1)],
        ..layout(
            2,
            crossing_ring(),
            &[("r1", (0, 0), false), ("y1", (0, 0), false)],
        )
    })
    .unwrap();
    ok(&mut game, RED, "place 0,2 r0");
    assert_eq!(game.loose_leaves(p(0, 2)), 2);
    assert_eq!(game.phase(), &Phase::Ants(RED));
    let spiders: Vec<(u8, Pos)> = game.spiders().iter().map(|s| (s.number, s.pos)).collect();
    assert_eq!(spiders, vec![(1, p(-1, -1))]);
}

/// Setup: "the system places the first 8 cards around the nest as a 3x3
/// square, in a legal arrangement ... Every player has two ants in the nest
/// and four in reserve."
#[test]
fn setup_is_a_legal_square_with_two_ants_each_in_the_nest() {
    for seed in 0..40 {
        let game = AttaAnts::new(&Setup {
            players: 4,
            seed,
            deal: None,
        })
        .unwrap();
        assert_eq!(game.map().bounds(), (-1, -1, 1, 1));
        for (pos, tile) in game.map().tiles() {
            for dir in Dir::ALL {
                if let Some(theirs) = game.map().edges(pos.step(dir)) {
                    assert_eq!(
                        tile.edges() & dir.bit() != 0,
                        theirs & dir.opposite().bit() != 0,
                        "seed {seed}: {pos} {dir}"
                    );
                }
            }
        }
        for colour in game.colours() {
            assert_eq!(game.in_nest(colour), 2);
            assert_eq!(game.reserve(colour), 4);
        }
        let leaf_cards = game
            .map()
            .tiles()
            .filter(|(_, t)| t.card.feature == Feature::Leaf)
            .count();
        assert_eq!(
            game.leaves().map(|(_, n)| n as usize).sum::<usize>(),
            2 * leaf_cards
        );
    }
}

/// "A deck order of these codes can start a game (`deal` option); the 3x3
/// setup is still chosen from the seed."
#[test]
fn a_deal_fixes_the_deck_order() {
    let deal = "X Xl Xs T Tl T Tl Ts I Il Is I L Ll";
    let game = AttaAnts::new(&Setup {
        players: 2,
        seed: 5,
        deal: Some(deal.into()),
    })
    .unwrap();
    let mut setup_cards: Vec<Card> = game.map().tiles().map(|(_, t)| t.card).collect();
    setup_cards.sort();
    let mut first8: Vec<Card> = deal.split(' ').take(8).map(card).collect();
    first8.sort();
    assert_eq!(setup_cards, first8);
    assert_eq!(game.drawn(), Some(card("I")));
    assert!(AttaAnts::new(&Setup {
        players: 2,
        seed: 5,
        deal: Some("X X X X X X X X X".into()),
    })
    .is_err());
}

// ---------------------------------------------------------------------------
// Ant moves
// ---------------------------------------------------------------------------

/// A row of straights east of the nest, a meadow north of the first one and
/// a curve north of the nest.
fn trail_map() -> Vec<(Pos, Card, u8)> {
    vec![
        (p(1, 0), card("I"), 1),
        (p(2, 0), card("I"), 1),
        (p(3, 0), card("I"), 1),
        (p(1, 1), card("M"), 0),
        (p(0, 1), card("L"), 2),
    ]
}

/// "one step to an orthogonally adjacent card, or two steps if both steps
/// cross a trail edge (a move has at least one step; out and back is allowed)."
#[test]
fn the_two_step_trail_move() {
    let game = AttaAnts::from_layout(&layout(
        2,
        trail_map(),
        &[("r1", (1, 0), false), ("y1", (3, 0), false)],
    ))
    .unwrap();
    let moves = legal(&game);
    for yes in ["r1 e", "r1 e e", "r1 n", "r1 w", "r1 w n", "r1 e w", "end"] {
        assert!(
            moves.contains(&yes.to_string()),
            "{yes} should be legal: {moves:?}"
        );
    }
    // North of the straight is grass: one step only. No card south.
    for no in ["r1 n w", "r1 n s", "r1 s", "r1 e e e"] {
        assert!(!moves.contains(&no.to_string()), "{no} should not be legal");
    }
    let mut game = game;
    assert!(refused(&mut game, RED, "r1 n w").contains("trail"));
    assert!(refused(&mut game, RED, "r1 s").contains("no card"));
}

/// "An ant may not enter a card with a spider." Seed: "cannot cross a card
/// on which a spider is standing."
#[test]
fn spiders_block_ants() {
    let mut game = AttaAnts::from_layout(&Layout {
        spiders: vec![p(2, 0)],
        ..layout(2, trail_map(), &[("r1", (1, 0), false), ("y1", (3, 0), false)])
    })
    .unwrap();
    assert!(refused(&mut game, RED, "r1 e").contains("spider"));
    assert!(refused(&mut game, RED, "r1 e e").contains("spider"));
    assert!(!legal(&game).iter().any(|m| m.starts_with("r1 e")));
}

/// "moves any of its ants, each at most once, then ends its turn"
#[test]
fn each_ant_moves_at_most_once() {
    let mut game = AttaAnts::from_layout(&layout(
        2,
        trail_map(),
        &[("r1", (1, 0), false), ("y1", (3, 0), false)],
    ))
    .unwrap();
    ok(&mut game, RED, "r1 e");
    assert!(refused(&mut game, RED, "r1 e").contains("already moved"));
    assert_eq!(legal(&game), vec!["end"]);
    assert!(matches!(
        play(&mut game, YELLOW, "y1 w"),
        Err(RuleError::NotYourTurn(RED))
    ));
    ok(&mut game, RED, "end");
    assert_eq!(game.phase(), &Phase::Ants(YELLOW));
}

/// "An ant may pass through the nest (passing does not count towards the
/// nest limit)." "An ant may stop in the nest only if afterwards no more
/// than two ants of its colour are in it (the newborn ant counted)."
#[test]
fn the_nest_limit() {
    // r2 and r3 are in the nest (they must leave, but have not yet).
    let base = layout(
        2,
        trail_map(),
        &[
            ("r1", (1, 0), false),
            ("r2", (0, 0), false),
            ("r3", (0, 0), false),
            ("y1", (3, 0), false),
        ],
    );
    let mut game = AttaAnts::from_layout(&base).unwrap();
    assert!(refused(&mut game, RED, "r1 w").contains("at most 2"));
    ok(&mut game, RED, "r1 w n");

    // One red ant in the nest: an empty-handed ant may join it...
    let mut one = base.clone();
    one.ants.retain(|(a, _, _)| *a != ant("r3"));
    let mut game = AttaAnts::from_layout(&one).unwrap();
    ok(&mut game, RED, "r1 w");
    // ...but a leaf would bring a newborn: three.
    let mut carrying = one.clone();
    carrying.ants[0].2 = true;
    let mut game = AttaAnts::from_layout(&carrying).unwrap();
    assert!(refused(&mut game, RED, "r1 w").contains("newborn"));
    // With the reserve empty no ant is born, so it may.
    let mut full = carrying.clone();
    full.ants
        .extend([(ant("r3"), p(2, 0), false), (ant("r4"), p(2, 0), false)]);
    full.ants
        .extend([(ant("r5"), p(3, 0), false), (ant("r6"), p(3, 0), false)]);
    let mut game = AttaAnts::from_layout(&full).unwrap();
    let events = ok(&mut game, RED, "r1 w");
    assert!(events.born.is_empty());
    assert_eq!(game.in_nest(RED), 2);
}

/// "an ant carrying a leaf that enters the nest stops there; the leaf leaves
/// the game and the lowest-numbered ant of the player's reserve appears in
/// the nest ...; it cannot move this round."
#[test]
fn a_newborn_ant_cannot_move_this_round() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("X"), card("X")],
        ..layout(
            2,
            trail_map(),
            &[("r1", (1, 0), true), ("r4", (2, 0), false), ("y1", (3, 0), false)],
        )
    })
    .unwrap();
    ok(&mut game, RED, "place 0,-1 r0");
    assert!(refused(&mut game, RED, "r1 w n").contains("stops"));
    let events = ok(&mut game, RED, "r1 w");
    assert_eq!(events.born, vec![ant("r2")]);
    assert_eq!(game.delivered(), 1);
    assert!(!game.ant(ant("r1")).unwrap().carrying);
    assert!(refused(&mut game, RED, "r2 s").contains("cannot move until the next"));
    assert!(!legal(&game).iter().any(|m| m.starts_with("r2")));
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "end");
    // Next round Yellow is first: it places, then in Red's turn r2 must leave.
    assert_eq!(game.first(), YELLOW);
    ok(&mut game, YELLOW, "place 0,-2 r0");
    ok(&mut game, YELLOW, "end");
    let moves = legal(&game);
    assert!(moves.iter().any(|m| m.starts_with("r2 ")), "{moves:?}");
}

/// "At the start of its turn every ant a player has in the nest must leave it
/// during that turn where it can (the player cannot end the turn while one of
/// them still could), and those ants may not come back into the nest until
/// the next round."
#[test]
fn ants_in_the_nest_must_leave_and_stay_out() {
    let mut game = AttaAnts::from_layout(&layout(
        2,
        trail_map(),
        &[("r1", (0, 0), false), ("y1", (3, 0), false)],
    ))
    .unwrap();
    assert!(refused(&mut game, RED, "end").contains("must leave"));
    assert!(!legal(&game).contains(&"end".to_string()));
    assert!(refused(&mut game, RED, "r1 e w").contains("may not come back"));
    ok(&mut game, RED, "r1 e");
    ok(&mut game, RED, "end");

    // Where it cannot leave (spiders on every way out), the turn may end.
    let mut game = AttaAnts::from_layout(&Layout {
        spiders: vec![p(1, 0), p(0, 1)],
        ..layout(2, trail_map(), &[("r1", (0, 0), false), ("y1", (3, 0), false)])
    })
    .unwrap();
    assert_eq!(legal(&game), vec!["end"]);
    ok(&mut game, RED, "end");
}

/// "an ant that carries nothing may pick up a loose leaf there, or take the
/// leaf carried by another ant there (any colour, its own player's too); an
/// ant that carries a leaf may put it down. At most one leaf action per card
/// of the move. One leaf per ant."
#[test]
fn leaves_are_picked_up_taken_and_put_down() {
    let mut game = AttaAnts::from_layout(&Layout {
        leaves: vec![(p(3, 0), 1)],
        ..layout(
            2,
            trail_map(),
            &[
                ("r1", (1, 0), false),
                ("r2", (2, 0), true),
                ("y1", (2, 0), true),
                ("y2", (3, 0), false),
            ],
        )
    })
    .unwrap();
    let moves = legal(&game);
    for yes in ["r1 e+y1", "r1 e+r2", "r1 e+y1 e-", "r1 e e+", "r2- e+", "r2 e-"] {
        assert!(moves.contains(&yes.to_string()), "{yes}: {moves:?}");
    }
    // One leaf per ant; nothing to pick up on 1,0; no leaf to put down.
    assert!(refused(&mut game, RED, "r2 e+").contains("already carries"));
    assert!(refused(&mut game, RED, "r1+ e").contains("no loose leaf"));
    assert!(refused(&mut game, RED, "r1 e-").contains("no leaf to put down"));
    // Leaf stealing, from another colour.
    ok(&mut game, RED, "r1 e+y1 e");
    assert!(game.ant(ant("r1")).unwrap().carrying);
    assert!(!game.ant(ant("y1")).unwrap().carrying);
    // And from an ant of one's own colour, after putting its own leaf down.
    ok(&mut game, RED, "r2- e+r1");
    assert_eq!(game.loose_leaves(p(2, 0)), 1);
    assert!(game.ant(ant("r2")).unwrap().carrying);
    assert!(!game.ant(ant("r1")).unwrap().carrying);
}

// ---------------------------------------------------------------------------
// Spiders
// ---------------------------------------------------------------------------

fn ants_on(list: &[((i32, i32), u32)]) -> BTreeMap<Pos, u32> {
    list.iter().map(|((x, y), n)| (p(*x, *y), *n)).collect()
}

/// Seed: "if the spider is on the one side of the nest, and there are some
/// ants on the other side, the distance is not two (direct distance) but four
/// (real path the spider would need to take)." Ruling: "never into or
/// through the nest".
#[test]
fn spider_path_length_around_the_nest() {
    let game = AttaAnts::from_layout(&layout(
        2,
        crossing_ring(),
        &[("r1", (1, 0), false), ("y1", (0, 0), false)],
    ))
    .unwrap();
    let dist = distances(game.map(), p(-1, 0));
    assert_eq!(dist[&p(1, 0)], 4);
    assert!(!dist.contains_key(&Pos::NEST));
    // Both ways round are shortest: a choice.
    assert_eq!(
        first_steps(game.map(), p(-1, 0), &ants_on(&[((1, 0), 1)])),
        vec![Dir::N, Dir::S]
    );
    // One ant at distance 2 is nearer than one at distance 4.
    assert_eq!(
        first_steps(game.map(), p(-1, 0), &ants_on(&[((1, 0), 1), ((0, -1), 1)])),
        vec![Dir::S]
    );
    // "towards the card ... with the most ants": two ants beat the nearer one.
    assert_eq!(
        first_steps(game.map(), p(-1, 0), &ants_on(&[((1, 0), 2), ((0, -1), 1)])),
        vec![Dir::N, Dir::S]
    );
    // "the nest not counted"
    assert_eq!(
        first_steps(game.map(), p(-1, 0), &ants_on(&[((0, 0), 5)])),
        vec![]
    );
}

/// "towards the card, among those it can reach ... A spider that can reach
/// no card with ants stays."
#[test]
fn a_spider_that_cannot_reach_ants_stays() {
    // North and south of the nest only: the nest cuts the map in two.
    let tiles = vec![(p(0, 1), card("I"), 0), (p(0, -1), card("I"), 0)];
    let mut game = AttaAnts::from_layout(&Layout {
        spiders: vec![p(0, 1)],
        ..layout(2, tiles, &[("r1", (0, -1), false), ("y1", (0, -1), false)])
    })
    .unwrap();
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "end");
    assert_eq!(game.spiders()[0].pos, p(0, 1));
}

/// "Spiders: only when at least one ant is outside the nest." Seed: "do not
/// move if all the ants in play are in the nest".
#[test]
fn spiders_rest_while_every_ant_is_in_the_nest() {
    let start = Layout {
        spiders: vec![p(1, 1)],
        ..layout(
            2,
            crossing_ring(),
            &[("r1", (0, 1), false), ("y1", (1, 0), false)],
        )
    };
    let mut game = AttaAnts::from_layout(&start).unwrap();
    ok(&mut game, RED, "r1 s");
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "y1 w");
    let events = ok(&mut game, YELLOW, "end");
    assert!(events.spider_steps.is_empty());
    assert_eq!(game.spiders()[0].pos, p(1, 1));
    // With an ant outside, the same spider moves.
    let mut game = AttaAnts::from_layout(&start).unwrap();
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "y1 w");
    let events = ok(&mut game, YELLOW, "end");
    assert_eq!(events.spider_steps, vec![(1, p(1, 1), p(0, 1))]);
    assert_eq!(events.eaten, vec![ant("r1")]);
}

/// "Where more than one target or first step is equally good, the first
/// player of the round chooses." Then "every ant on a card with a spider goes
/// back to its owner's reserve; leaves it carried stay on that card."
#[test]
fn the_first_player_chooses_and_spiders_eat() {
    let mut game = AttaAnts::from_layout(&Layout {
        first: Some(YELLOW),
        spiders: vec![p(-1, 0)],
        ..layout(
            3,
            crossing_ring(),
            &[
                ("r1", (1, 0), true),
                ("r2", (1, 1), false),
                ("y1", (1, 0), false),
                ("o1", (1, -1), false),
            ],
        )
    })
    .unwrap();
    // Deck empty: no card; ant turns from the first player, Yellow.
    assert_eq!(game.phase(), &Phase::Ants(YELLOW));
    ok(&mut game, YELLOW, "end");
    ok(&mut game, ORANGE, "end");
    ok(&mut game, RED, "end");
    // Spider 1 on -1,0 heads for 1,0 (two ants; 1,1 and 1,-1 hold one each,
    // though nearer): four steps round the nest, north or south.
    assert_eq!(game.status(), Status::ToMove(YELLOW));
    assert_eq!(legal(&game), vec!["spider 1 n", "spider 1 s"]);
    assert!(matches!(
        play(&mut game, RED, "spider 1 n"),
        Err(RuleError::NotYourTurn(YELLOW))
    ));
    assert!(refused(&mut game, YELLOW, "spider 1 e").contains("cannot go east"));
    assert!(refused(&mut game, YELLOW, "spider 2 n").contains("spider 1 moves now"));
    let events = ok(&mut game, YELLOW, "spider 1 n");
    assert_eq!(events.spider_steps, vec![(1, p(-1, 0), p(-1, 1))]);
    assert!(events.eaten.is_empty());
}

#[test]
fn spiders_eat_and_leaves_stay() {
    let mut game = AttaAnts::from_layout(&Layout {
        spiders: vec![p(3, 0)],
        ..layout(
            2,
            trail_map(),
            &[("r1", (1, 0), false), ("y1", (2, 0), true), ("y2", (0, 0), false)],
        )
    })
    .unwrap();
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "y2 n");
    let events = ok(&mut game, YELLOW, "end");
    assert_eq!(events.spider_steps, vec![(1, p(3, 0), p(2, 0))]);
    assert_eq!(events.eaten, vec![ant("y1")]);
    assert_eq!(game.ant(ant("y1")).unwrap().at, None);
    assert_eq!(game.loose_leaves(p(2, 0)), 1);
    assert_eq!(game.eaten(YELLOW), 1);
    assert_eq!(game.reserve(YELLOW), 5);
}

// ---------------------------------------------------------------------------
// The end
// ---------------------------------------------------------------------------

/// "a player with six ants in play at the end of a round wins."
#[test]
fn six_ants_at_the_end_of_a_round_win() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("X"), card("X")],
        ..layout(
            2,
            trail_map(),
            &[
                ("r1", (1, 0), true),
                ("r2", (2, 0), false),
                ("r3", (2, 0), false),
                ("r4", (3, 0), false),
                ("r5", (3, 0), false),
                ("y1", (1, 1), false),
            ],
        )
    })
    .unwrap();
    ok(&mut game, RED, "place 0,-1 r0");
    ok(&mut game, RED, "r1 w");
    assert_eq!(game.in_play(RED), 6);
    assert!(game.outcome().is_none(), "only at the end of the round");
    ok(&mut game, RED, "end");
    let events = ok(&mut game, YELLOW, "end");
    let outcome = events.outcome.expect("over");
    assert_eq!(outcome.reason, EndReason::SixAnts);
    assert_eq!(outcome.winner(), Some(RED));
    assert!(matches!(play(&mut game, RED, "end"), Err(RuleError::GameOver)));
}

/// "A player who is the only one with ants left wins at once. A player with
/// no ants in play is out (skipped from then on)."
#[test]
fn the_only_player_with_ants_left_wins() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("X"), card("X"), card("X")],
        spiders: vec![p(3, 0)],
        ..layout(
            3,
            trail_map(),
            &[
                ("r1", (0, 1), false),
                ("y1", (2, 0), false),
                ("o1", (2, 0), false),
            ],
        )
    })
    .unwrap();
    ok(&mut game, RED, "place 0,-1 r0");
    ok(&mut game, RED, "end");
    ok(&mut game, YELLOW, "end");
    let events = ok(&mut game, ORANGE, "end");
    assert_eq!(events.eaten, vec![ant("y1"), ant("o1")]);
    assert_eq!(events.out, vec![YELLOW, Colour::Orange]);
    let outcome = events.outcome.expect("over");
    assert_eq!(outcome.reason, EndReason::OnlyOneLeft);
    assert_eq!(outcome.winner(), Some(RED));
    // Yellow and Orange: 0 ants, 1 eaten each: they share second place.
    assert_eq!(outcome.standings[1].place, 2);
    assert_eq!(outcome.standings[2].place, 2);
}

/// "If the spiders eat the last ants of every remaining player at once, the
/// game ends and the ranking decides." "Ranking (all cases): ants in play,
/// then fewer ants eaten by spiders; players still equal share the place."
#[test]
fn all_eaten_at_once_ranks_by_fewer_eaten() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("X"), card("X")],
        spiders: vec![p(3, 0)],
        eaten: [3, 1, 0, 0],
        ..layout(2, trail_map(), &[("r1", (2, 0), false), ("y1", (2, 0), false)])
    })
    .unwrap();
    ok(&mut game, RED, "place 0,-1 r0");
    ok(&mut game, RED, "end");
    let outcome = ok(&mut game, YELLOW, "end").outcome.expect("over");
    assert_eq!(outcome.reason, EndReason::AllEaten);
    assert_eq!(outcome.winner(), Some(YELLOW));
    assert_eq!(
        outcome
            .standings
            .iter()
            .map(|s| (s.colour, s.place, s.eaten))
            .collect::<Vec<_>>(),
        vec![(YELLOW, 1, 2), (RED, 2, 4)]
    );
}

/// "After the round in which the last card was drawn, the most ants in play
/// wins." Seed: "If two players are still equal considering both criteria
/// they played a tie".
#[test]
fn the_last_card_round_ends_the_game_with_ties() {
    let play_out = |eaten: [u8; 4], red_ants: &[(&str, (i32, i32), bool)]| {
        let mut ants = red_ants.to_vec();
        ants.extend([("y1", (1, 1), false), ("y2", (1, 1), false)]);
        let mut game = AttaAnts::from_layout(&Layout {
            deck: vec![card("X")],
            eaten,
            ..layout(2, trail_map(), &ants)
        })
        .unwrap();
        assert_eq!(game.deck_len(), 0);
        ok(&mut game, RED, "place 0,-1 r0");
        ok(&mut game, RED, "end");
        ok(&mut game, YELLOW, "end")
            .outcome
            .expect("over after the last card's round")
    };
    // More ants wins.
    let outcome = play_out(
        [0; 4],
        &[
            ("r1", (3, 0), false),
            ("r2", (3, 0), false),
            ("r3", (3, 0), false),
        ],
    );
    assert_eq!(outcome.reason, EndReason::LastCard);
    assert_eq!(outcome.winner(), Some(RED));
    // Equal ants: fewer eaten wins.
    let outcome = play_out([1, 0, 0, 0], &[("r1", (3, 0), false), ("r2", (3, 0), false)]);
    assert_eq!(outcome.winner(), Some(YELLOW));
    // Equal on both: a tie, both first.
    let outcome = play_out([0; 4], &[("r1", (3, 0), false), ("r2", (3, 0), false)]);
    assert_eq!(outcome.winner(), None);
    assert_eq!(outcome.first_place(), vec![RED, YELLOW]);
}

/// "(4) the next player to the left becomes the first player", and out
/// players are "skipped from then on".
#[test]
fn the_first_player_passes_to_the_left_skipping_players_out() {
    let mut game = AttaAnts::from_layout(&Layout {
        deck: vec![card("X"), card("X"), card("X")],
        ..layout(
            3,
            crossing_ring(),
            &[
                ("r1", (1, 1), false),
                ("y1", (1, 1), false),
                ("o1", (1, 1), false),
            ],
        )
    })
    .unwrap();
    ok(&mut game, RED, "place 0,2 r0");
    ok(&mut game, RED, "end");
    // Yellow leaves during its turn: out, and the game goes on.
    let events = ok(&mut game, YELLOW, "leave");
    assert_eq!(events.out, vec![YELLOW]);
    assert_eq!(game.phase(), &Phase::Ants(ORANGE));
    ok(&mut game, ORANGE, "end");
    // Next round: Yellow would be first, but it is out: Orange.
    assert_eq!(game.first(), ORANGE);
    assert_eq!(game.status(), Status::ToMove(ORANGE));
    // Orange leaves too: Red is the only one with ants left.
    let outcome = ok(&mut game, ORANGE, "leave").outcome.expect("over");
    assert_eq!(outcome.reason, EndReason::OnlyOneLeft);
    assert_eq!(outcome.winner(), Some(RED));
    assert!(outcome.standings[1].departed && outcome.standings[2].departed);
}
