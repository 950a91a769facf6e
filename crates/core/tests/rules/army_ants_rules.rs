//! Army Ants: the implementation checked against the specification,
//! `shared/seeds/army-ants.txt` (the seed, the original rules) and
//! `shared/rules/army-ants.md` (the rulings and notation, which win where the
//! two disagree). Every test quotes the sentence it checks.
//!
//! Positions are written in the position notation of the rulings
//! (`ROW8/.../ROW1 SIDE PHASE`); `layout` builds that text from a list of
//! squares so that the tests stay readable.

use antics::rules::army_ants::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn sq(text: &str) -> Square {
    text.parse().unwrap_or_else(|_| panic!("`{text}` is a square"))
}

fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The position notation of `cards` (square, two-character cell) followed by
/// `tail` (`SIDE PHASE`).
fn layout(cards: &[(&str, &str)], tail: &str) -> String {
    let mut cells = vec!["..".to_string(); 40];
    for (square, code) in cards {
        let index = sq(square).index();
        assert_eq!(cells[index], "..", "{square} given twice");
        cells[index] = code.to_string();
    }
    let rows: Vec<String> = (0..8u8)
        .rev()
        .map(|rank| {
            (0..5u8)
                .map(|file| cells[Square::new(file, rank).unwrap().index()].clone())
                .collect()
        })
        .collect();
    format!("{} {tail}", rows.join("/"))
}

fn setup(position: &str) -> Setup {
    Setup {
        position: Some(position.into()),
        ..Default::default()
    }
}

fn from(position: &str) -> ArmyAnts {
    ArmyAnts::new(&setup(position)).unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn game(cards: &[(&str, &str)], tail: &str) -> ArmyAnts {
    from(&layout(cards, tail))
}

fn seeded(deployment: Deployment, seed: u64) -> ArmyAnts {
    ArmyAnts::new(&Setup {
        deployment,
        seed: Some(seed),
        position: None,
    })
    .expect("a seeded game")
}

fn to_move(g: &ArmyAnts) -> Side {
    match g.status() {
        Status::ToMove(side) => side,
        other => panic!("no one is to move: {other:?}"),
    }
}

fn legal(g: &ArmyAnts) -> BTreeSet<String> {
    g.legal_actions().iter().map(|a| a.to_string()).collect()
}

fn is_legal(g: &ArmyAnts, text: &str) -> bool {
    g.legal_actions().contains(&act(text))
}

/// Plays `text` for the side to move; it must be accepted.
fn play(g: &mut ArmyAnts, text: &str) -> Events {
    let side = to_move(g);
    g.apply(side, &act(text))
        .unwrap_or_else(|e| panic!("{text} for {side} refused: {e}\n{}", g.position(None)))
}

/// `text` must be refused for the side to move, and change nothing.
fn refused(g: &mut ArmyAnts, text: &str) -> RuleError {
    let side = to_move(g);
    refused_for(g, side, &act(text))
}

fn refused_for(g: &mut ArmyAnts, side: Side, action: &Action) -> RuleError {
    let before = (g.position(None), g.record().len(), g.status());
    let err = g
        .apply(side, action)
        .expect_err(&format!("{action} for {side} should be refused"));
    assert_eq!(before, (g.position(None), g.record().len(), g.status()));
    err
}

/// The two-character cell on `square`, `..` when empty.
fn at(g: &ArmyAnts, square: &str) -> String {
    g.board().get(sq(square)).map_or("..".to_string(), |p| p.code())
}

/// The same board with `side` to move (a battle position).
fn with_side(g: &ArmyAnts, side: &str) -> ArmyAnts {
    let position = g.position(None);
    let fields: Vec<&str> = position.split_whitespace().collect();
    from(&format!("{} {side} {}", fields[0], fields[2]))
}

/// Whether the side to move has an attack on the enemy Queen.
fn queen_attacked(g: &ArmyAnts) -> bool {
    let side = to_move(g);
    let queen = g.board().queen(side.opponent()).expect("a Queen");
    g.legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Attack { to, .. } if *to == queen))
}

fn squares(list: &str) -> Vec<Square> {
    list.split_whitespace().map(sq).collect()
}

fn army_sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

// ---------------------------------------------------------------------------
// The board and the deal
// ---------------------------------------------------------------------------

/// Ruling: "Red: 1-5 = a4..e4, 6-10 = a3..e3, 11-15 = a2..e2, 16-19 = a1 b1
/// d1 e1 (c1 empty). Black (its own left is column e): 1-5 = e5..a5, 6-10 =
/// e6..a6, 11-15 = e7..a7, 16-19 = e8 d8 b8 a8 (c8 empty)."
#[test]
fn deal_positions_are_where_the_ruling_puts_them() {
    assert_eq!(
        deal_squares(Side::Red),
        squares("a4 b4 c4 d4 e4 a3 b3 c3 d3 e3 a2 b2 c2 d2 e2 a1 b1 d1 e1")
    );
    assert_eq!(
        deal_squares(Side::Black),
        squares("e5 d5 c5 b5 a5 e6 d6 c6 b6 a6 e7 d7 c7 b7 a7 e8 d8 b8 a8")
    );
    // Deployment rows list the squares in column order a to e, front first.
    assert_eq!(deploy_squares(Side::Red, 0), squares("a4 b4 c4 d4 e4"));
    assert_eq!(deploy_squares(Side::Red, 3), squares("a1 b1 d1 e1"));
    assert_eq!(deploy_squares(Side::Black, 0), squares("a5 b5 c5 d5 e5"));
    assert_eq!(deploy_squares(Side::Black, 3), squares("a8 b8 d8 e8"));
}

/// Seed: "Remove all the Tens, Jacks and Kings, as well as one red Queen and
/// one black Queen." Ruling: "Each army: Ace (1) to 9 twice, and one Queen:
/// 19 cards." and "`random` (the default): each army is shuffled and dealt to
/// positions 1..19." Seed: "Note the empty space in the center of the last
/// row of each side." and "The aggressive Red Ants take the first turn."
#[test]
fn a_random_deal_fills_the_deal_positions_with_whole_armies() {
    for seed in [0, 1, 2, 42, u64::MAX] {
        let g = seeded(Deployment::Random, seed);
        for side in Side::BOTH {
            let dealt: BTreeSet<Square> = deal_squares(side).into_iter().collect();
            let mine: Vec<(Square, Piece)> = g.board().pieces().filter(|(_, p)| p.side == side).collect();
            let on: BTreeSet<Square> = mine.iter().map(|(s, _)| *s).collect();
            assert_eq!(on, dealt, "seed {seed}, {side}");
            assert_eq!(
                army_sorted(mine.iter().map(|(_, p)| p.card).collect()),
                army_sorted(Card::army())
            );
        }
        assert!(g.board().is_empty(sq("c1")) && g.board().is_empty(sq("c8")));
        assert_eq!(g.board().pieces().count(), 38);
        assert_eq!(g.phase(), Phase::Rally { red: 5, black: 5 });
        assert_eq!(g.status(), Status::ToMove(Side::Red));
        assert!(g.position(None).ends_with(" r rally:5,5"));
    }
    assert_eq!(Setup::default().deployment, Deployment::Random);
}

/// Ruling: "`random` (the default): each army is shuffled and dealt": the
/// same seed gives the same deal, different seeds give different deals.
#[test]
fn the_same_seed_deals_the_same_and_different_seeds_differ() {
    assert_eq!(
        seeded(Deployment::Random, 7).position(None),
        seeded(Deployment::Random, 7).position(None)
    );
    let deals: BTreeSet<String> = (0..20)
        .map(|seed| seeded(Deployment::Random, seed).position(None))
        .collect();
    assert_eq!(deals.len(), 20);
    // Each army is shuffled on its own: the two armies do not mirror.
    let g = seeded(Deployment::Random, 3);
    let cards = |side: Side| -> Vec<Card> {
        deal_squares(side)
            .iter()
            .map(|s| g.board().get(*s).unwrap().card)
            .collect()
    };
    assert_ne!(cards(Side::Red), cards(Side::Black));
    assert_eq!(ArmyAnts::new(&Setup::default()).unwrap_err(), SetupError::NoSeed);
}

// ---------------------------------------------------------------------------
// Move Out!
// ---------------------------------------------------------------------------

/// Ruling: "**Move Out!** One card moves to any empty square reachable by
/// orthogonal steps through empty squares (corners allowed)." Seed: "The card
/// may turn corners (but it may also just move in a straight line)."
#[test]
fn move_out_turns_corners() {
    // The 7 on c3 is walled on c4 and d3: d4 is reachable only round a corner.
    let mut g = game(
        &[
            ("c3", "r7"),
            ("c4", "r1"),
            ("d3", "r2"),
            ("a1", "rQ"),
            ("e8", "bQ"),
            ("a8", "b1"),
        ],
        "r battle",
    );
    assert!(is_legal(&g, "c3-d4"));
    assert!(is_legal(&g, "c3-e5"));
    play(&mut g, "c3-d4");
    assert_eq!(at(&g, "d4"), "r7");
    assert_eq!(at(&g, "c3"), "..");
    assert_eq!(to_move(&g), Side::Black);
}

/// Seed: "All movement must be through and into empty spaces." and "Cards may
/// never jump over other cards."
#[test]
fn move_out_goes_only_through_empty_squares() {
    // Row 2 is a wall of Red cards: the cards of row 1 cannot pass it.
    let mut g = game(
        &[
            ("a2", "r1"),
            ("b2", "r2"),
            ("c2", "r3"),
            ("d2", "r4"),
            ("e2", "r5"),
            ("a1", "r6"),
            ("e1", "rQ"),
            ("e8", "bQ"),
            ("a8", "b1"),
        ],
        "r battle",
    );
    let from_a1: BTreeSet<String> = legal(&g).into_iter().filter(|a| a.starts_with("a1-")).collect();
    let want: BTreeSet<String> = ["a1-b1", "a1-c1", "a1-d1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(from_a1, want);
    refused(&mut g, "a1-a3");
    // A card with no empty neighbour cannot move out at all.
    let boxed = game(
        &[
            ("a1", "r6"),
            ("a2", "r1"),
            ("b1", "r2"),
            ("e1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    assert!(!legal(&boxed).iter().any(|a| a.starts_with("a1-")));
}

/// Seed: "slide it one or more open spaces horizontally and/or vertically as
/// many spaces as you'd like." and "The entire board is always accessible to
/// all cards."
#[test]
fn move_out_goes_any_distance() {
    let mut g = game(&[("e1", "r5"), ("a1", "rQ"), ("a8", "bQ")], "r battle");
    assert!(is_legal(&g, "e1-e8"));
    assert!(is_legal(&g, "e1-b8"));
    assert!(is_legal(&g, "a1-a7"), "the Queen may Move Out! too");
    play(&mut g, "e1-e8");
    assert_eq!(at(&g, "e8"), "r5");
}

/// Seed: "All movement must be through and into empty spaces." (never onto a
/// card, own or enemy) and "you may only perform commands with your own
/// cards, never your opponent's cards."
#[test]
fn move_out_never_lands_on_a_card_or_moves_an_enemy_card() {
    let mut g = game(
        &[
            ("c3", "r7"),
            ("c4", "r1"),
            ("d3", "b2"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    refused(&mut g, "c3-c4");
    refused(&mut g, "c3-d3");
    refused(&mut g, "c3-c3");
    refused(&mut g, "d3-d4");
    let err = refused_for(&mut g, Side::Black, &act("d3-d4"));
    assert_eq!(err, RuleError::NotYourTurn(Side::Red));
}

/// Seed, Move Out! example: "the Black player performs a Move Out! command,
/// moving a 6-ant card into enemy territory to threaten the opposing Queen."
#[test]
fn seed_move_out_example_black_six_threatens_the_queen() {
    let mut g = seed_example_start();
    assert!(!queen_attacked(&g), "the Red Queen is not threatened yet");
    // d5 -> d1 -> c1: the only way there turns a corner at d1.
    play(&mut g, "d5-c1");
    assert_eq!(at(&g, "c1"), "b6");
    assert!(Side::Red.owns(sq("c1")), "c1 is enemy territory for Black");
    let black_to_move = with_side(&g, "b");
    assert!(queen_attacked(&black_to_move));
    assert!(is_legal(&black_to_move, "c1xb1"));
}

/// The position the seed's Move Out!, Swap! and Attack! examples continue
/// from (the pictures are not available; this matches the descriptions):
/// the Red Queen on b1 with the Red 1 beside it on a1, a Red 9 above the
/// Queen's neighbour on a2 under a Black 9 up the a-file, a Red 2 on b2, a
/// Red 9 on e1, and a Black 6 on d5. Black to move.
fn seed_example_start() -> ArmyAnts {
    game(
        &[
            ("a1", "r1"),
            ("b1", "rQ"),
            ("e1", "r9"),
            ("a2", "r9"),
            ("b2", "r2"),
            ("c2", "r3"),
            ("e2", "r4"),
            ("a5", "b9"),
            ("d5", "b6"),
            ("c8", "bQ"),
        ],
        "b battle",
    )
}

// ---------------------------------------------------------------------------
// March!
// ---------------------------------------------------------------------------

/// Ruling: "Two or more of the mover's cards that fill a contiguous segment
/// of one row or one column ... move together by the same distance (one or
/// more squares) in one straight direction: along the line, or across it (a
/// broadside move)." Notation: "`a3:c3-a5:c5` (broadside), `c1:c4-c3:c6`
/// (along)".
#[test]
fn march_along_and_broadside_with_the_rulings_examples() {
    let cards = [
        ("a3", "r1"),
        ("b3", "r2"),
        ("c3", "r3"),
        ("e1", "rQ"),
        ("a8", "bQ"),
    ];
    let mut g = game(&cards, "r battle");
    assert!(is_legal(&g, "a3:c3-a5:c5"));
    assert!(is_legal(&g, "a3:c3-a4:c4"));
    assert!(is_legal(&g, "a3:c3-c3:e3"), "along the row, two squares");
    assert!(is_legal(&g, "a3:c3-a1:c1"), "backwards too");
    play(&mut g, "a3:c3-a5:c5");
    assert_eq!([at(&g, "a5"), at(&g, "b5"), at(&g, "c5")], ["r1", "r2", "r3"]);
    assert!(g.board().is_empty(sq("a3")) && g.board().is_empty(sq("c3")));

    let column = [
        ("c1", "r4"),
        ("c2", "r6"),
        ("c3", "r8"),
        ("c4", "r8"),
        ("a1", "rQ"),
        ("a8", "bQ"),
    ];
    let mut g = game(&column, "r battle");
    assert!(is_legal(&g, "c1:c4-c3:c6"));
    play(&mut g, "c1:c4-c3:c6");
    assert_eq!(
        [at(&g, "c3"), at(&g, "c4"), at(&g, "c5"), at(&g, "c6")],
        ["r4", "r6", "r8", "r8"]
    );
    assert_eq!([at(&g, "c1"), at(&g, "c2")], ["..", ".."]);
}

/// Seed, March! example #2: "The Red player marches their middle column of
/// four red cards three spaces forward. ... They could, for example, have
/// moved just the two 8's forward while leaving the 6 and 4 behind." Ruling:
/// "(a part of a longer line is fine ...)".
#[test]
fn seed_march_example_two_a_part_of_the_column_may_march() {
    let column = [
        ("c1", "r4"),
        ("c2", "r6"),
        ("c3", "r8"),
        ("c4", "r8"),
        ("a1", "rQ"),
        ("a8", "bQ"),
    ];
    let mut whole = game(&column, "r battle");
    play(&mut whole, "c1:c4-c4:c7");
    assert_eq!(
        [
            at(&whole, "c4"),
            at(&whole, "c5"),
            at(&whole, "c6"),
            at(&whole, "c7")
        ],
        ["r4", "r6", "r8", "r8"]
    );

    let mut eights = game(&column, "r battle");
    assert!(is_legal(&eights, "c3:c4-c6:c7"));
    assert!(is_legal(&eights, "c2:c4-c5:c7"), "the 6 and the 8s");
    // The 6 and 4 alone cannot march forward: the 8s stand in the way.
    assert!(!is_legal(&eights, "c1:c2-c2:c3"));
    play(&mut eights, "c3:c4-c6:c7");
    assert_eq!(
        [
            at(&eights, "c1"),
            at(&eights, "c2"),
            at(&eights, "c3"),
            at(&eights, "c4")
        ],
        ["r4", "r6", "..", ".."]
    );
    assert_eq!([at(&eights, "c6"), at(&eights, "c7")], ["r8", "r8"]);
}

/// Ruling: "(a part of a longer line is fine; the Queen may be in it)" and
/// seed: "The Queen may perform all commands except Attack!"
#[test]
fn the_queen_may_march_in_a_line() {
    let mut g = game(
        &[("a1", "r5"), ("b1", "rQ"), ("c1", "r6"), ("e8", "bQ")],
        "r battle",
    );
    assert!(is_legal(&g, "a1:c1-a2:c2"));
    assert!(is_legal(&g, "a1:b1-a2:b2"), "the 5 and the Queen alone");
    assert!(is_legal(&g, "b1:c1-d1:e1"));
    play(&mut g, "a1:c1-a2:c2");
    assert_eq!(at(&g, "b2"), "rQ");
}

/// Seed: "The cards you move may NOT turn corners." and "The cards must all
/// move the same distance horizontally or vertically. You may not break up
/// the line."
#[test]
fn a_march_never_turns_corners_or_breaks_the_line() {
    let mut g = game(
        &[("a3", "r1"), ("b3", "r2"), ("e1", "rQ"), ("e8", "bQ")],
        "r battle",
    );
    // Diagonal shifts are not a straight direction.
    refused(&mut g, "a3:b3-b4:c4");
    refused(&mut g, "a3:b3-c5:d5");
    // The line may not turn: a row cannot become a column.
    refused(&mut g, "a3:b3-a4:a5");
    // Nor stretch or shrink.
    refused(&mut g, "a3:b3-a4:c4");
    // Every move of the group is a straight translation of the whole line.
    for a in g.legal_actions() {
        if let Action::March { from, to } = a {
            let df = to.first.file() as i8 - from.first.file() as i8;
            let dr = to.first.rank() as i8 - from.first.rank() as i8;
            assert!(df == 0 || dr == 0, "{a}");
            assert_eq!(
                (
                    to.last.file() as i8 - from.last.file() as i8,
                    to.last.rank() as i8 - from.last.rank() as i8
                ),
                (df, dr)
            );
        }
    }
}

/// Seed, March! example #1: "The Black player performs a March! command,
/// moving a line of three cards to the left. ... Note that the 4-ant spade
/// may not continue moving into the empty space next to the Queen, because
/// it is locked to the two 9's during the entire March! order."
#[test]
fn seed_march_example_one_the_four_is_locked_to_the_nines() {
    // A column 9-4-9 on d6..d8 moves broadside to the left. The 9s stop at
    // column c (b6 and b8 are taken); b7, next to the Queen on a7, is empty.
    let mut g = game(
        &[
            ("d6", "b9"),
            ("d7", "b4"),
            ("d8", "b9"),
            ("b6", "b1"),
            ("b8", "b2"),
            ("a7", "bQ"),
            ("a1", "rQ"),
        ],
        "b battle",
    );
    assert!(is_legal(&g, "d6:d8-c6:c8"));
    assert!(!is_legal(&g, "d6:d8-b6:b8"));
    // On its own (a Move Out!) the 4 could go there.
    assert!(is_legal(&g, "d7-b7"));
    refused(&mut g, "d6:d8-b6:b8");
    play(&mut g, "d6:d8-c6:c8");
    assert_eq!(
        [at(&g, "c6"), at(&g, "c7"), at(&g, "c8"), at(&g, "b7")],
        ["b9", "b4", "b9", ".."]
    );
}

/// Ruling: "Every square any card passes through or lands on must be empty
/// or be a square the group itself starts on." Seed: "All movement must be
/// through and into empty spaces."
#[test]
fn march_squares_must_be_empty_or_the_groups_own() {
    let g = game(
        &[
            ("a3", "r1"),
            ("b3", "r2"),
            ("c3", "r3"),
            ("b5", "b4"),
            ("e3", "r5"),
            ("e1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    // Along the row, the group passes over its own starting squares.
    assert!(is_legal(&g, "a3:c3-b3:d3"));
    // ... but not onto the Red 5 on e3, which is not in the group.
    assert!(!is_legal(&g, "a3:c3-c3:e3"));
    // Broadside: b4 is empty but b5 holds a Black card, so the line stops
    // after one square and cannot jump it.
    assert!(is_legal(&g, "a3:c3-a4:c4"));
    assert!(!is_legal(&g, "a3:c3-a5:c5"));
    assert!(!is_legal(&g, "a3:c3-a6:c6"));
    // A part of the line moves on its own; under b5 it is stopped too.
    assert!(is_legal(&g, "b3:c3-b2:c2"));
    assert!(is_legal(&g, "a3:b3-a4:b4"));
    assert!(!is_legal(&g, "a3:b3-a5:b5"));
    // A line with a gap, or with an enemy card, is not a group.
    let gap = game(
        &[
            ("a3", "r1"),
            ("c3", "r3"),
            ("b5", "b4"),
            ("b3", "b2"),
            ("e1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    assert!(!legal(&gap).iter().any(|a| a.contains(':')));
    // A single card is not a march.
    assert!("a3:a3-a4:a4".parse::<Action>().is_err());
}

// ---------------------------------------------------------------------------
// Swap!
// ---------------------------------------------------------------------------

/// Seed: "you have one of your cards trade places with one of its adjacent
/// friendly cards. The swapped cards must be adjacent, with no spaces in
/// between." Ruling: "Two of the mover's cards that are orthogonally
/// adjacent trade places."
#[test]
fn swap_only_adjacent_own_cards() {
    let mut g = game(
        &[
            ("c3", "r3"),
            ("c4", "r4"),
            ("d4", "r5"),
            ("e4", "b6"),
            ("c6", "r7"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    assert!(is_legal(&g, "c3=c4"));
    assert!(is_legal(&g, "c4=d4"));
    // Not with a gap, not diagonally: notation, refused by the rules.
    refused(&mut g, "c4=c6");
    refused(&mut g, "c3=d4");
    // Not with an enemy card, not with an empty square.
    refused(&mut g, "d4=e4");
    refused(&mut g, "c3=b3");
    play(&mut g, "c4=c3");
    assert_eq!([at(&g, "c3"), at(&g, "c4")], ["r4", "r3"]);
    assert_eq!(g.record().last().unwrap().1.to_string(), "c3=c4");
}

/// Seed, Swap! example: "The Red player's Queen is threatened by the Black
/// player's 6-ant spade, so Red spends the turn performing a Swap! command
/// with the Queen and the adjacent 1-ant diamond, protecting the Queen."
#[test]
fn seed_swap_example_the_queen_swaps_with_the_adjacent_one() {
    let mut g = seed_example_start();
    play(&mut g, "d5-c1");
    assert!(is_legal(&g, "a1=b1"));
    play(&mut g, "b1=a1");
    assert_eq!([at(&g, "a1"), at(&g, "b1")], ["rQ", "r1"]);
    // The Queen is protected: no Black card can reach her now.
    assert_eq!(to_move(&g), Side::Black);
    assert!(!queen_attacked(&g));
    assert!(is_legal(&g, "c1xb1"));
}

// ---------------------------------------------------------------------------
// Attack!
// ---------------------------------------------------------------------------

/// Seed: "The attacking card may attack an adjacent card or a distant card
/// in the same row or column." and "If attacking from a distance, you may
/// move the attacker any number of spaces to the target. All movement must
/// be in a straight line through empty spaces. The attacking card may not
/// turn corners."
#[test]
fn attack_adjacent_and_distant_in_a_straight_line() {
    let mut g = game(
        &[
            ("c3", "r5"),
            ("c4", "b4"),
            ("a3", "b3"),
            ("e4", "b2"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    assert!(is_legal(&g, "c3xc4"), "adjacent");
    assert!(is_legal(&g, "c3xa3"), "distant along the row");
    assert!(!is_legal(&g, "c3xe4"), "no corners, no diagonals");
    refused(&mut g, "c3xe4");
    play(&mut g, "c3xa3");
    assert_eq!([at(&g, "a3"), at(&g, "c3")], ["r5", ".."]);
}

/// Ruling: "A non-Queen card moves in a straight line, through empty squares
/// only, onto the first card on that line". Seed: "Cards may never jump over
/// other cards."
#[test]
fn attack_only_the_first_card_on_the_line() {
    let mut g = game(
        &[
            ("c3", "r5"),
            ("c5", "b1"),
            ("c7", "b2"),
            ("a3", "r1"),
            ("a5", "b1"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    assert!(is_legal(&g, "c3xc5"));
    refused(&mut g, "c3xc7");
    // Not over its own card either: the 5 on a2 may not jump the Red 1 on
    // a3 to reach the Black 1 on a5, nor attack its own 1.
    let mut h = game(
        &[
            ("a2", "r5"),
            ("a3", "r1"),
            ("a5", "b1"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    refused(&mut h, "a2xa5");
    refused(&mut h, "a2xa3");
}

/// Seed: "Move your attacking card onto any enemy card of equal or lesser
/// value. A card may not attack a higher-numbered card." and "If the value
/// of the attacking card is greater than the target's value, the target is
/// removed from play and the attacking card takes its place. The value of
/// the attacking card is not affected".
#[test]
fn a_higher_card_removes_the_target_and_takes_its_square() {
    let mut g = game(
        &[
            ("c3", "r5"),
            ("c4", "b4"),
            ("b3", "b6"),
            ("a1", "rQ"),
            ("e8", "bQ"),
            ("e7", "b8"),
        ],
        "r battle",
    );
    assert!(!is_legal(&g, "c3xb3"), "a 5 may not attack a 6");
    refused(&mut g, "c3xb3");
    let events = play(&mut g, "c3xc4");
    assert_eq!(events.removed, vec![Piece::new(Side::Black, Card::Ants(4))]);
    assert_eq!([at(&g, "c3"), at(&g, "c4")], ["..", "r5"]);
    assert_eq!(events.outcome, None);
    assert_eq!(g.status(), Status::ToMove(Side::Black));
}

/// Seed: "If the value of the attacking card is equal to the target's value,
/// both the attacking card and the target card are removed from play."
#[test]
fn equal_values_remove_both() {
    let mut g = game(
        &[
            ("c3", "r5"),
            ("c6", "b5"),
            ("a1", "rQ"),
            ("e8", "bQ"),
            ("e7", "b8"),
            ("e1", "r2"),
        ],
        "r battle",
    );
    let events = play(&mut g, "c3xc6");
    let mut removed = events.removed.clone();
    removed.sort_by_key(|p| p.side.index());
    assert_eq!(
        removed,
        vec![
            Piece::new(Side::Red, Card::Ants(5)),
            Piece::new(Side::Black, Card::Ants(5))
        ]
    );
    assert_eq!([at(&g, "c3"), at(&g, "c6")], ["..", ".."]);
}

/// Seed: "Note that the only way to remove a 9-ant card from play is to
/// attack it with another 9-ant card (eliminating both cards from play)."
#[test]
fn a_nine_is_removed_only_by_a_nine() {
    let mut g = game(
        &[
            ("c3", "r8"),
            ("d4", "r9"),
            ("c4", "b9"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    refused(&mut g, "c3xc4");
    let events = play(&mut g, "d4xc4");
    assert_eq!(events.removed.len(), 2);
    assert_eq!([at(&g, "c4"), at(&g, "d4")], ["..", ".."]);
}

/// Seed: "Your Queen may never attack, but it may be attacked by any
/// opposing non-Queen card (even a lowly ace)." and "A Queen is captured if
/// it is attacked by any opposing card, even a lowly 1-ant ace. If you
/// capture the opposing Queen, you win the game!" Ruling: "Queen: captured,
/// the attacker's side wins at once."
#[test]
fn an_ace_captures_the_queen_and_wins_at_once() {
    let mut g = game(
        &[
            ("c3", "r1"),
            ("c6", "bQ"),
            ("a1", "rQ"),
            ("e8", "b9"),
            ("e1", "r9"),
        ],
        "r battle",
    );
    assert!(is_legal(&g, "c3xc6"));
    let events = play(&mut g, "c3xc6");
    let win = Outcome::Win {
        winner: Side::Red,
        reason: WinReason::QueenCaptured,
    };
    assert_eq!(events.outcome, Some(win));
    assert_eq!(g.status(), Status::Over(win));
    assert_eq!(g.outcome(), Some(win));
    assert_eq!(events.removed, vec![Piece::new(Side::Black, Card::Queen)]);
    assert_eq!(at(&g, "c6"), "r1");
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(Side::Black, &act("e8-e7")), Err(RuleError::GameOver));
    assert_eq!(g.apply(Side::Red, &act("e1-e2")), Err(RuleError::GameOver));
}

/// Seed: "Your Queen may never attack" and "Note that because Queens may not
/// perform Attack! commands, a Queen is never able to capture the other
/// Queen." Ruling: "A non-Queen card moves ...".
#[test]
fn the_queen_never_attacks() {
    let mut g = game(
        &[
            ("c3", "rQ"),
            ("c4", "bQ"),
            ("b3", "b1"),
            ("e1", "r1"),
            ("e8", "b9"),
        ],
        "r battle",
    );
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Attack { from, .. } if *from == sq("c3"))));
    refused(&mut g, "c3xc4");
    refused(&mut g, "c3xb3");
    // Black's Queen may not take the Red Queen either.
    let mut b = with_side(&g, "b");
    refused(&mut b, "c4xc3");
}

/// Seed: "you may only perform commands with your own cards" (no attacking
/// with an enemy card, no attacking your own card).
#[test]
fn attack_only_with_own_cards_onto_enemy_cards() {
    let mut g = game(
        &[
            ("c3", "r5"),
            ("c4", "r4"),
            ("c6", "b3"),
            ("a1", "rQ"),
            ("e8", "bQ"),
        ],
        "r battle",
    );
    refused(&mut g, "c3xc4");
    refused(&mut g, "c6xc4");
    assert!(is_legal(&g, "c4xc6"));
}

/// Seed, Attack! example #1: "the Black player performs an Attack! command,
/// sending their 6-ant spade to attack the adjacent Red 1-ant diamond. Since
/// 6 is greater than 1, the Red card is destroyed and the Black 6 takes its
/// place, once again threatening the Red Queen."
#[test]
fn seed_attack_example_one_the_six_takes_the_one() {
    let mut g = seed_example_start();
    play(&mut g, "d5-c1");
    play(&mut g, "a1=b1");
    let events = play(&mut g, "c1xb1");
    assert_eq!(events.removed, vec![Piece::new(Side::Red, Card::Ants(1))]);
    assert_eq!([at(&g, "b1"), at(&g, "c1")], ["b6", ".."]);
    assert!(queen_attacked(&with_side(&g, "b")), "threatening the Red Queen");
}

/// Seed, Attack! example #2: "They move the 9-ant heart in a straight line
/// to attack the Black 6, defeating it. ... The Red 2 heart above the Black
/// 6 is not powerful enough to attack, and the Queen could not Swap! with
/// the 9 above it, because that would open up the Queen to capture by the
/// Black 9 further up the line." and "Had the Red 9 actually been a Red 6,
/// both cards would have been destroyed".
#[test]
fn seed_attack_example_two_the_nine_defeats_the_six() {
    let mut g = seed_example_start();
    play(&mut g, "d5-c1");
    play(&mut g, "a1=b1");
    play(&mut g, "c1xb1");
    assert!(!is_legal(&g, "b2xb1"), "the 2 is not powerful enough");

    // The Queen could swap with the 9 above her, but the Black 9 would take
    // her.
    let mut swapped = g.clone();
    play(&mut swapped, "a1=a2");
    assert!(is_legal(&swapped, "a5xa2"));
    let events = play(&mut swapped, "a5xa2");
    assert_eq!(
        events.outcome,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::QueenCaptured
        })
    );

    // The 9 from e1 runs straight along row 1 through d1 and c1.
    let events = play(&mut g, "e1xb1");
    assert_eq!(events.removed, vec![Piece::new(Side::Black, Card::Ants(6))]);
    assert_eq!([at(&g, "b1"), at(&g, "e1")], ["r9", ".."]);
    assert!(!queen_attacked(&g), "the Red Queen is now very well protected");

    // With a Red 6 instead of the 9, both 6s go.
    let mut six = game(
        &[
            ("a1", "rQ"),
            ("b1", "b6"),
            ("e1", "r6"),
            ("a2", "r9"),
            ("b2", "r2"),
            ("c2", "r3"),
            ("e2", "r4"),
            ("a5", "b9"),
            ("c8", "bQ"),
        ],
        "r battle",
    );
    let events = play(&mut six, "e1xb1");
    assert_eq!(events.removed.len(), 2);
    assert_eq!([at(&six, "b1"), at(&six, "e1")], ["..", ".."]);
}

// ---------------------------------------------------------------------------
// Rally Your Troops
// ---------------------------------------------------------------------------

/// Seed: "the players spend the first five turns of the game rallying their
/// troops, alternately ... Starting with the Red player ... Once the players
/// have each taken five turns, the Battle begins". Ruling: "Before the
/// battle each player has five rally turns, alternating, Red first." and
/// "**Battle.** Turns alternate, Red first".
#[test]
fn rally_is_five_turns_each_alternating_red_first_then_battle_with_red() {
    let mut g = seeded(Deployment::Random, 11);
    for turn in 0..10u8 {
        let side = if turn % 2 == 0 { Side::Red } else { Side::Black };
        assert_eq!(g.status(), Status::ToMove(side), "turn {turn}");
        let done = turn / 2;
        let (red, black) = if side == Side::Red {
            (5 - done, 5 - done)
        } else {
            (4 - done, 5 - done)
        };
        assert_eq!(g.phase(), Phase::Rally { red, black });
        let action = g
            .legal_actions()
            .into_iter()
            .find(|a| *a != Action::Favor)
            .expect("a rally command");
        let events = g.apply(side, &action).unwrap();
        assert_eq!(events.battle_started, turn == 9);
    }
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    assert!(g.position(None).ends_with(" r battle"));
    assert_eq!(g.repeated_turns(), 0);
}

/// Seed: "no player may perform an Attack! command" (during the rally).
/// Ruling: "A rally turn is one March!, Move Out! or Swap!. No Attack!".
#[test]
fn no_attacks_during_the_rally() {
    let cards = [("c4", "r5"), ("c5", "b3"), ("a1", "rQ"), ("e8", "bQ")];
    let battle = game(&cards, "r battle");
    assert!(is_legal(&battle, "c4xc5"));
    let mut rally = game(&cards, "r rally:5,5");
    assert!(!rally
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Attack { .. })));
    let err = refused(&mut rally, "c4xc5");
    assert!(matches!(err, RuleError::Illegal(_)));
}

/// Seed: "no player may move cards into enemy territory during this time (no
/// crossing the dotted line in the setup image above)". Ruling: "no card may
/// pass through or land in enemy territory" and "Red's territory is rows
/// 1-4, Black's rows 5-8".
#[test]
fn no_card_enters_enemy_territory_during_the_rally() {
    // The Red 7 on a4 is walled in by its own cards on a3 and b4: its only
    // way out leads through row 5.
    let cards = [
        ("a4", "r7"),
        ("a3", "r1"),
        ("b4", "r2"),
        ("a1", "rQ"),
        ("d5", "b3"),
        ("d6", "b4"),
        ("e8", "bQ"),
    ];
    let battle = game(&cards, "r battle");
    assert!(is_legal(&battle, "a4-a5"));
    assert!(is_legal(&battle, "a4-c4"), "via a5, b5, c5");
    assert!(is_legal(&battle, "a4:b4-a5:b5"));
    let mut rally = game(&cards, "r rally:5,5");
    refused(&mut rally, "a4-a5");
    refused(&mut rally, "a4-c4");
    refused(&mut rally, "a4:b4-a5:b5");
    refused(&mut rally, "b4-b5");
    assert!(is_legal(&rally, "b4-c4"));
    for a in rally.legal_actions() {
        let (_, to) = a.squares();
        assert!(to.iter().all(|s| s.rank() < 4), "{a} lands in Black territory");
    }
    // Black may not come down into row 4 either.
    let mut black = game(&cards, "b rally:4,5");
    refused(&mut black, "d5-d4");
    refused(&mut black, "d5:d6-d4:d5");
    assert!(is_legal(&black, "d5-c5"));
    for a in black.legal_actions() {
        let (_, to) = a.squares();
        assert!(to.iter().all(|s| s.rank() >= 4), "{a} lands in Red territory");
    }
}

// ---------------------------------------------------------------------------
// The Queen's Favor
// ---------------------------------------------------------------------------

/// A rally position with both Queens in their front rows, boxed in by their
/// own cards, and c1 and c8 empty.
fn favor_position(tail: &str) -> ArmyAnts {
    game(
        &[
            ("c4", "rQ"),
            ("b4", "r1"),
            ("d4", "r2"),
            ("c3", "r3"),
            ("a1", "r5"),
            ("e1", "r6"),
            ("c5", "bQ"),
            ("b5", "b1"),
            ("d5", "b2"),
            ("c6", "b3"),
            ("a8", "b5"),
            ("e8", "b6"),
        ],
        tail,
    )
}

/// Seed: "If your Queen is dealt into the first row (positions 1 through 5)
/// of your army, you may skip your entire Rally Troops phase and simply move
/// your Queen to the empty space in your back row. ... your opponent
/// performs their remaining Rally turns at once." Ruling: "move the Queen
/// directly (no path is needed) to its empty back-row centre square (c1 or
/// c8). That player's rally phase is over; the opponent then takes all of
/// its remaining rally turns in a row ... Then the battle starts, Red
/// first."
#[test]
fn the_queens_favor_ends_the_rally_and_the_opponent_takes_its_turns_in_a_row() {
    let mut g = favor_position("r rally:5,5");
    assert!(g.legal_actions().contains(&Action::Favor));
    play(&mut g, "favor");
    assert_eq!([at(&g, "c4"), at(&g, "c1")], ["..", "rQ"]);
    assert_eq!(g.phase(), Phase::Rally { red: 0, black: 5 });
    let moves = ["a8-a7", "a7-a6", "a6-a7", "e8-e7", "e7-e8"];
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(g.status(), Status::ToMove(Side::Black), "Black's turn {i}");
        let events = play(&mut g, m);
        assert_eq!(events.battle_started, i == 4);
    }
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.status(), Status::ToMove(Side::Red));
}

/// Ruling: "the opponent then takes all of its remaining rally turns in a
/// row (and may itself take its own Favor as the first of them)."
#[test]
fn the_opponent_may_answer_a_favor_with_its_own_favor() {
    let mut g = favor_position("r rally:5,5");
    play(&mut g, "favor");
    assert!(g.legal_actions().contains(&Action::Favor));
    let events = play(&mut g, "favor");
    assert_eq!([at(&g, "c5"), at(&g, "c8")], ["..", "bQ"]);
    assert!(events.battle_started);
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    assert!(g.position(None).ends_with(" r battle"));
}

/// Ruling: "A player whose Queen was dealt into its front row may, as its
/// first rally turn and only then, move the Queen ... That player's rally
/// phase is over; the opponent then takes all of its remaining rally turns
/// in a row".
#[test]
fn black_may_take_the_favor_after_reds_first_turn_and_red_then_plays_four_in_a_row() {
    let mut g = favor_position("r rally:5,5");
    play(&mut g, "a1-a2");
    // Red's Favor is gone after its first rally turn.
    assert_eq!(g.status(), Status::ToMove(Side::Black));
    assert!(g.legal_actions().contains(&Action::Favor));
    play(&mut g, "favor");
    assert_eq!(g.phase(), Phase::Rally { red: 4, black: 0 });
    for m in ["a2-a3", "a3-a2", "a2-a1", "e1-e2"] {
        assert_eq!(g.status(), Status::ToMove(Side::Red));
        assert!(!g.legal_actions().contains(&Action::Favor));
        play(&mut g, m);
    }
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.status(), Status::ToMove(Side::Red));
}

/// Ruling: "as its first rally turn and only then" and "In a game started
/// from a position, a Queen that stands in its front row while its side
/// still has all five rally turns counts as dealt there."
#[test]
fn the_favor_is_only_a_first_rally_turn_with_the_queen_in_the_front_row() {
    // Red has used a turn: no Favor even though the Queen is in row 4.
    let mut g = favor_position("r rally:4,4");
    assert!(!g.legal_actions().contains(&Action::Favor));
    let err = refused(&mut g, "favor");
    assert!(matches!(err, RuleError::Illegal(_)));
    // Black still has all five: Favor.
    let black = favor_position("b rally:4,5");
    assert!(black.legal_actions().contains(&Action::Favor));
    // In battle: no Favor.
    let mut battle = favor_position("r battle");
    refused(&mut battle, "favor");
    // A Queen outside the front row (here row 3) has no Favor.
    let mut back = game(
        &[("c3", "rQ"), ("a1", "r5"), ("c6", "bQ"), ("a8", "b5")],
        "r rally:5,5",
    );
    assert!(!back.legal_actions().contains(&Action::Favor));
    refused(&mut back, "favor");
}

/// Seed: "You may not perform any other actions" with the Favor; "The
/// Queen's Favor is optional – you may still choose the five Rally turns
/// even if your Queen is dealt into the front row." Also in a random deal
/// the Favor is offered exactly when the Queen is dealt to positions 1-5.
#[test]
fn the_favor_is_optional_and_follows_the_deal() {
    let mut g = favor_position("r rally:5,5");
    play(&mut g, "a1-a2");
    assert_eq!(g.phase(), Phase::Rally { red: 4, black: 5 });
    let mut seen = [false, false];
    for seed in 0..60 {
        let g = seeded(Deployment::Random, seed);
        let queen = g.board().queen(Side::Red).unwrap();
        let front = queen.rank() == 3;
        assert_eq!(g.legal_actions().contains(&Action::Favor), front, "seed {seed}");
        seen[front as usize] = true;
    }
    assert_eq!(seen, [true, true]);
}

// ---------------------------------------------------------------------------
// Red Aggression
// ---------------------------------------------------------------------------

fn aggression_start() -> ArmyAnts {
    game(
        &[("a1", "rQ"), ("c2", "r5"), ("e8", "bQ"), ("c7", "b5")],
        "r battle",
    )
}

const SHUFFLE: [&str; 4] = ["c2-c3", "c7-c6", "c3-c2", "c6-c7"];

/// Ruling: "In the battle phase, if six consecutive player turns each end in
/// a position (board and side to move) that already occurred earlier in the
/// battle, Red loses. The battle's first position counts as having occurred.
/// Example: Red and Black each shuffle one card back and forth from the
/// first battle position P0; the fourth turn returns to P0 (first repeated
/// turn) and the ninth turn is the sixth repeated turn in a row: Red loses
/// after it." Seed: "the Red player loses the game."
#[test]
fn red_aggression_the_rulings_example() {
    let mut g = aggression_start();
    let p0 = g.position(None);
    let expected_repeats = [0, 0, 0, 1, 2, 3, 4, 5];
    for (turn, want) in expected_repeats.iter().enumerate() {
        let events = play(&mut g, SHUFFLE[turn % 4]);
        assert_eq!(events.outcome, None, "turn {}", turn + 1);
        assert_eq!(g.repeated_turns(), *want, "after turn {}", turn + 1);
        if turn == 3 {
            assert_eq!(g.position(None), p0, "the fourth turn returns to P0");
        }
    }
    assert_eq!(g.status(), Status::ToMove(Side::Red), "still on after turn 8");
    let events = play(&mut g, SHUFFLE[0]);
    let loss = Outcome::Win {
        winner: Side::Black,
        reason: WinReason::RedAggression,
    };
    assert_eq!(events.outcome, Some(loss));
    assert_eq!(g.status(), Status::Over(loss));
    assert!(g.legal_actions().is_empty());
    assert_eq!(loss.winner(), Some(Side::Black));
}

/// Ruling: "if six consecutive player turns each end in a position ... that
/// already occurred": a turn that ends in a new position breaks the streak.
#[test]
fn red_aggression_a_new_position_breaks_the_streak() {
    let mut g = aggression_start();
    for turn in 0..8 {
        play(&mut g, SHUFFLE[turn % 4]);
    }
    assert_eq!(g.repeated_turns(), 5);
    play(&mut g, "a1-b1");
    assert_eq!(g.repeated_turns(), 0);
    // Shuffling again with the Red Queen elsewhere: three new positions,
    // then a return to the one after a1-b1, and the count starts over.
    for (m, want) in [
        ("c7-c6", 0),
        ("c2-c3", 0),
        ("c6-c7", 0),
        ("c3-c2", 1),
        ("c7-c6", 2),
    ] {
        play(&mut g, m);
        assert_eq!(g.repeated_turns(), want, "after {m}");
    }
    assert!(g.outcome().is_none());
}

/// Ruling: "The battle's first position counts as having occurred" (in the
/// battle: the rally's positions do not count).
#[test]
fn rally_positions_do_not_count_for_red_aggression() {
    let mut g = game(
        &[("a1", "rQ"), ("c2", "r5"), ("e8", "bQ"), ("c7", "b5")],
        "r rally:5,5",
    );
    for m in [
        "c2-c3", "c7-c6", "c3-c2", "c6-c7", "c2-c3", "c7-c6", "c3-c2", "c6-c7", "c2-c3", "c7-c6",
    ] {
        play(&mut g, m);
    }
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.repeated_turns(), 0);
    // The battle's first position counts: returning to it is a repeat.
    for m in ["c3-c2", "c6-c7", "c2-c3"] {
        play(&mut g, m);
        assert_eq!(g.repeated_turns(), 0);
    }
    play(&mut g, "c7-c6");
    assert_eq!(g.repeated_turns(), 1);
}

// ---------------------------------------------------------------------------
// The end: draws, resignation
// ---------------------------------------------------------------------------

/// Seed: "In the extremely unlikely event that all the numbered cards from
/// both armies are eliminated, a stalemate occurs, and the game is a draw."
/// Ruling: "If every numbered card of both armies is gone, the game is
/// drawn."
#[test]
fn draw_when_every_numbered_card_is_gone() {
    let mut g = game(
        &[("a1", "rQ"), ("c2", "r5"), ("e8", "bQ"), ("c7", "b5")],
        "r battle",
    );
    let events = play(&mut g, "c2xc7");
    let draw = Outcome::Draw {
        reason: DrawReason::NoAntsLeft,
    };
    assert_eq!(events.outcome, Some(draw));
    assert_eq!(g.status(), Status::Over(draw));
    assert_eq!(draw.winner(), None);
    // With one numbered card left anywhere, the game goes on.
    let mut h = game(
        &[
            ("a1", "rQ"),
            ("c2", "r5"),
            ("e8", "bQ"),
            ("c7", "b5"),
            ("e1", "r1"),
        ],
        "r battle",
    );
    let events = play(&mut h, "c2xc7");
    assert_eq!(events.outcome, None);
    assert_eq!(h.status(), Status::ToMove(Side::Black));
}

/// Ruling: "Either player may resign".
#[test]
fn either_player_may_resign() {
    for side in Side::BOTH {
        let mut g = aggression_start();
        let events = g.apply(side, &Action::Resign).unwrap();
        let outcome = Outcome::Win {
            winner: side.opponent(),
            reason: WinReason::Resignation,
        };
        assert_eq!(events.outcome, Some(outcome));
        assert_eq!(g.status(), Status::Over(outcome));
        assert_eq!(g.record().last(), Some(&(side, Action::Resign)));
        assert_eq!(
            g.apply(side.opponent(), &Action::Resign),
            Err(RuleError::GameOver)
        );
    }
}

/// Ruling: "a draw may be offered and accepted."
#[test]
fn a_draw_may_be_offered_and_accepted() {
    let mut g = aggression_start();
    g.apply(Side::Red, &Action::OfferDraw).unwrap();
    assert_eq!(g.draw_offer(), Some(Side::Red));
    assert!(g.apply(Side::Red, &Action::OfferDraw).is_err(), "twice");
    assert!(
        g.apply(Side::Red, &Action::AcceptDraw).is_err(),
        "one's own offer"
    );
    let events = g.apply(Side::Black, &Action::AcceptDraw).unwrap();
    let draw = Outcome::Draw {
        reason: DrawReason::Agreed,
    };
    assert_eq!(events.outcome, Some(draw));
    assert_eq!(g.status(), Status::Over(draw));
    // No offer: nothing to accept.
    let mut h = aggression_start();
    refused_for(&mut h, Side::Black, &Action::AcceptDraw);
}

/// Ruling: "a draw may be offered and accepted": the offer stands until the
/// opponent moves instead of accepting.
#[test]
fn a_draw_offer_lapses_when_the_opponent_moves() {
    let mut g = aggression_start();
    play(&mut g, "c2-c3");
    g.apply(Side::Red, &Action::OfferDraw).unwrap();
    assert_eq!(g.status(), Status::ToMove(Side::Black), "an offer is not a turn");
    play(&mut g, "c7-c6");
    assert_eq!(g.draw_offer(), None);
    refused_for(&mut g, Side::Black, &Action::AcceptDraw);
    // Offering back when the other side has an offer on the table is an
    // acceptance.
    g.apply(Side::Black, &Action::OfferDraw).unwrap();
    let events = g.apply(Side::Red, &Action::OfferDraw).unwrap();
    assert_eq!(
        events.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::Agreed
        })
    );
}

// ---------------------------------------------------------------------------
// Passing
// ---------------------------------------------------------------------------

/// Black has only its Queen, boxed into a8 by two Red cards.
fn boxed_black(tail: &str) -> ArmyAnts {
    game(
        &[
            ("a8", "bQ"),
            ("b8", "r1"),
            ("a7", "r2"),
            ("e1", "rQ"),
            ("c2", "r3"),
        ],
        tail,
    )
}

/// Ruling: "A player with no legal command passes automatically: the game
/// records `pass` and the turn goes on ... `pass` is never offered as a
/// choice."
#[test]
fn a_side_with_no_legal_command_passes_automatically() {
    let mut g = boxed_black("r battle");
    let events = play(&mut g, "c2-c3");
    assert_eq!(events.passes, vec![Side::Black]);
    assert_eq!(
        g.record(),
        &[(Side::Red, act("c2-c3")), (Side::Black, Action::Pass)]
    );
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    assert!(!g.legal_actions().contains(&Action::Pass));
    // Red may now take the Queen.
    let events = play(&mut g, "b8xa8");
    assert_eq!(events.outcome.and_then(|o| o.winner()), Some(Side::Red));
}

/// Ruling: "`pass` is never offered as a choice." and notation: "pass (made
/// by the game, only when nothing is legal)".
#[test]
fn pass_is_never_legal_by_hand() {
    let mut g = aggression_start();
    assert!(!g.legal_actions().contains(&Action::Pass));
    let err = refused(&mut g, "pass");
    assert!(matches!(err, RuleError::Illegal(_)));
    // Not even for a side that has nothing else: it is never its turn.
    let mut boxed = boxed_black("r battle");
    play(&mut boxed, "c2-c3");
    refused_for(&mut boxed, Side::Black, &Action::Pass);
}

/// Ruling: "(in the rally phase the pass uses up one rally turn)".
#[test]
fn a_pass_in_the_rally_uses_a_rally_turn() {
    let mut g = boxed_black("r rally:5,5");
    let events = play(&mut g, "c2-c3");
    assert_eq!(events.passes, vec![Side::Black]);
    assert_eq!(g.phase(), Phase::Rally { red: 4, black: 4 });
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    for m in ["c3-c2", "c2-c3", "c3-c2"] {
        play(&mut g, m);
    }
    assert_eq!(g.phase(), Phase::Rally { red: 1, black: 1 });
    let events = play(&mut g, "c2-c3");
    assert!(events.battle_started);
    assert_eq!(events.passes, vec![Side::Black]);
    assert_eq!(g.phase(), Phase::Battle);
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    let passes = g.record().iter().filter(|(_, a)| *a == Action::Pass).count();
    assert_eq!(passes, 5);
    // A game starting from a position where the side to move is stuck
    // passes at once.
    let g = boxed_black("b rally:4,5");
    assert_eq!(g.record(), &[(Side::Black, Action::Pass)]);
    assert_eq!(g.phase(), Phase::Rally { red: 4, black: 4 });
    assert_eq!(g.status(), Status::ToMove(Side::Red));
}

// ---------------------------------------------------------------------------
// Deployments
// ---------------------------------------------------------------------------

fn deploy_text(rows: &[Vec<Card>]) -> String {
    Action::Deploy(rows.to_vec()).to_string()
}

/// Seed, Minor Deployment: "each player secretly draws one row of cards at a
/// time, and places those cards face-down in any position along that row
/// that they wish. Once both players have drawn and placed their first-row
/// cards, they draw 5 new cards for their second row, and so on until all
/// cards are placed ... Then players turn over their cards and the Rally
/// Your Troops phase begins as normal." Ruling: "`minor`: row by row from
/// the front, each player is dealt that row's cards (5, 5, 5, then 4) and
/// privately orders them along the row; the next row is dealt when both
/// players have placed the current one; cards stay face down until both
/// armies are complete, then all are revealed at once." and "each player
/// sees its own cards, and the opponent's placed cards as face down (`r?` /
/// `b?` in the position notation)."
#[test]
fn minor_deployment_row_by_row_hidden_until_both_armies_are_complete() {
    let mut g = seeded(Deployment::Minor, 5);
    assert_eq!(g.status(), Status::Deploying);
    assert_eq!(g.phase(), Phase::Deploy);
    assert_eq!(g.deployment(), Some(Deployment::Minor));
    assert!(g.legal_actions().is_empty());
    assert!(g.position(None).ends_with(" deploy"));
    let mut dealt: [Vec<Card>; 2] = [vec![], vec![]];
    let mut placed: Vec<(Square, Piece)> = Vec::new();
    for row in 0..4usize {
        let size = if row == 3 { 4 } else { 5 };
        for side in Side::BOTH {
            let hand = g.deploy_hand(side).expect("a hand");
            assert_eq!(hand.rows, vec![row]);
            assert_eq!(hand.cards.len(), size);
            dealt[side.index()].extend(&hand.cards);
            // Board commands wait for the deployment.
            refused_for(&mut g, side, &act("a1-a2"));
            // The cards must be exactly the dealt ones, in one row.
            let mut wrong = hand.cards.clone();
            wrong[0] = wrong[1];
            if wrong[0] == hand.cards[0] {
                wrong[0] = hand.cards[2];
            }
            refused_for(&mut g, side, &Action::Deploy(vec![wrong]));
            refused_for(
                &mut g,
                side,
                &Action::Deploy(vec![hand.cards[..size - 1].to_vec()]),
            );
            refused_for(
                &mut g,
                side,
                &Action::Deploy(vec![hand.cards.clone(), hand.cards.clone()]),
            );
            // Any order along the row: reversed.
            let mut order = hand.cards.clone();
            order.reverse();
            let events = g
                .apply(side, &act(&deploy_text(&[order.clone()])))
                .expect("a deployment");
            for (s, c) in deploy_squares(side, row).into_iter().zip(&order) {
                placed.push((s, Piece::new(side, *c)));
            }
            if side == Side::Red {
                assert!(g.has_deployed(Side::Red) && !g.has_deployed(Side::Black));
                assert!(!events.revealed);
                // Red waits for Black: no next row yet, no second placement.
                assert_eq!(g.deploy_hand(Side::Red), None);
                refused_for(&mut g, Side::Red, &Action::Deploy(vec![order.clone()]));
                // Black sees Red's placed cards face down; Red sees them.
                let black_view = g.position(Some(Side::Black));
                let red_view = g.position(Some(Side::Red));
                let spectator = g.position(None);
                assert!(black_view.contains("r?"));
                assert!(!black_view.contains("r1") && !black_view.contains("rQ"));
                assert!(!red_view.contains("r?"));
                assert!(spectator.contains("r?"));
                for (s, p) in &placed {
                    let cell = g.view(Some(Side::Black)).cell(*s);
                    if p.side == Side::Red {
                        assert_eq!(cell, Cell::Hidden(Side::Red));
                        assert_eq!(g.view(Some(Side::Red)).cell(*s), Cell::Card(*p));
                    } else {
                        assert_eq!(cell, Cell::Card(*p));
                        assert_eq!(g.view(Some(Side::Red)).cell(*s), Cell::Hidden(Side::Black));
                    }
                }
                assert_eq!(g.status(), Status::Deploying);
            } else {
                assert_eq!(events.revealed, row == 3);
            }
        }
    }
    for side in Side::BOTH {
        assert_eq!(
            army_sorted(dealt[side.index()].clone()),
            army_sorted(Card::army())
        );
    }
    // Revealed: the rally begins, Red first, and everyone sees every card.
    assert_eq!(g.deployment(), None);
    assert_eq!(g.phase(), Phase::Rally { red: 5, black: 5 });
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    for viewer in [None, Some(Side::Red), Some(Side::Black)] {
        assert!(!g.position(viewer).contains('?'));
        assert!(g.position(viewer).ends_with(" r rally:5,5"));
    }
    assert_eq!(g.board().pieces().count(), 38);
    for (s, p) in placed {
        assert_eq!(g.board().get(s), Some(p));
    }
    assert!(g.board().is_empty(sq("c1")) && g.board().is_empty(sq("c8")));
    assert!(!g.legal_actions().is_empty());
}

/// Seed, Minor Deployment: "The Queen's Favor option may still be taken, if
/// applicable."
#[test]
fn the_favor_is_available_after_a_minor_deployment() {
    let seed = (0..500)
        .find(|&seed| {
            seeded(Deployment::Minor, seed)
                .deploy_hand(Side::Red)
                .is_some_and(|h| h.cards.contains(&Card::Queen))
        })
        .expect("a seed that deals the Red Queen in the front row");
    let mut g = seeded(Deployment::Minor, seed);
    for _ in 0..4 {
        for side in Side::BOTH {
            let hand = g.deploy_hand(side).unwrap();
            g.apply(side, &Action::Deploy(vec![hand.cards])).unwrap();
        }
    }
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    assert_eq!(g.board().queen(Side::Red).unwrap().rank(), 3);
    assert!(g.legal_actions().contains(&Action::Favor));
    play(&mut g, "favor");
    assert_eq!(at(&g, "c1"), "rQ");
}

/// Builds a total deployment of `cards` (19) in deploy order with the Queen
/// and the two 9s at the given indices (0..19: front row a..e, then the next
/// rows, the back row a, b, d, e).
fn total_rows(queen: usize, nines: [usize; 2]) -> Vec<Vec<Card>> {
    let mut order = vec![None; 19];
    order[queen] = Some(Card::Queen);
    for n in nines {
        order[n] = Some(Card::Ants(9));
    }
    let mut rest = (1..=8).flat_map(|n| [Card::Ants(n), Card::Ants(n)]);
    let order: Vec<Card> = order
        .into_iter()
        .map(|c| c.unwrap_or_else(|| rest.next().unwrap()))
        .collect();
    vec![
        order[0..5].to_vec(),
        order[5..10].to_vec(),
        order[10..15].to_vec(),
        order[15..19].to_vec(),
    ]
}

/// Seed, Total Deployment: "each player places all of their cards at once.
/// ... The only exception is that your Queen may not be initially placed
/// adjacent to either of your 9-ant cards. Then players turn over their cards
/// and the Rally Your Troops phase begins as normal ... The Queen's Favor
/// option may not be taken." Ruling: "`total`: each player privately places
/// all 19 cards on its 19 squares, the Queen not orthogonally adjacent to
/// either of its own 9s; both armies are revealed together."
#[test]
fn total_deployment_all_at_once_queen_away_from_her_nines_no_favor() {
    let mut g = seeded(Deployment::Total, 9);
    assert_eq!(g.deployment(), Some(Deployment::Total));
    for side in Side::BOTH {
        let hand = g.deploy_hand(side).unwrap();
        assert_eq!(hand.rows, vec![0, 1, 2, 3]);
        assert_eq!(army_sorted(hand.cards), army_sorted(Card::army()));
    }
    // One row at a time is not a total deployment.
    refused_for(
        &mut g,
        Side::Red,
        &Action::Deploy(vec![total_rows(0, [17, 18])[0].clone()]),
    );
    // Queen on a4 next to a 9 on b4 (beside) or a3 (behind): refused.
    refused_for(&mut g, Side::Red, &Action::Deploy(total_rows(0, [1, 18])));
    refused_for(&mut g, Side::Red, &Action::Deploy(total_rows(0, [5, 18])));
    // Queen on c2 with a 9 on c1? c1 stays empty: back row indices are
    // a1 b1 d1 e1, so index 15..18. Queen on b1 (16) next to a 9 on a1 (15).
    refused_for(&mut g, Side::Red, &Action::Deploy(total_rows(16, [15, 0])));
    // Black: the Queen on a5 with a 9 on a6 (index 5).
    refused_for(&mut g, Side::Black, &Action::Deploy(total_rows(0, [5, 18])));
    // Diagonal is not adjacent: Queen a4, 9 on b3 (index 6).
    let red = total_rows(0, [6, 18]);
    let events = g
        .apply(Side::Red, &act(&deploy_text(&red)))
        .expect("a legal total deployment");
    assert!(!events.revealed);
    assert!(g.position(Some(Side::Black)).contains("r?"));
    assert_eq!(g.deploy_hand(Side::Red), None);
    let black = total_rows(2, [17, 18]);
    let events = g.apply(Side::Black, &Action::Deploy(black)).unwrap();
    assert!(events.revealed);
    assert_eq!(g.deployment(), None);
    assert_eq!(g.phase(), Phase::Rally { red: 5, black: 5 });
    assert_eq!(g.status(), Status::ToMove(Side::Red));
    assert_eq!(at(&g, "a4"), "rQ");
    assert_eq!(at(&g, "b3"), "r9");
    assert_eq!(at(&g, "c5"), "bQ");
    assert!(!g.position(Some(Side::Red)).contains('?'));
    // Both Queens stand in their front rows, yet no Favor.
    assert!(!g.legal_actions().contains(&Action::Favor));
    refused(&mut g, "favor");
    play(&mut g, "b1-c1");
    assert_eq!(g.status(), Status::ToMove(Side::Black));
    assert!(!g.legal_actions().contains(&Action::Favor));
}

/// Ruling: "A position cannot be combined with a private deployment."
#[test]
fn a_position_cannot_be_combined_with_a_private_deployment() {
    let text = layout(&[("a1", "rQ"), ("e8", "bQ")], "r battle");
    for deployment in [Deployment::Minor, Deployment::Total] {
        let err = ArmyAnts::new(&Setup {
            deployment,
            seed: Some(1),
            position: Some(text.clone()),
        })
        .unwrap_err();
        assert_eq!(err, SetupError::PositionWithDeployment);
    }
    let deploy = layout(&[("a1", "rQ"), ("e8", "bQ")], "r deploy");
    assert!(matches!(
        ArmyAnts::new(&setup(&deploy)),
        Err(SetupError::BadPosition(_))
    ));
    assert!(parse_position(&deploy).is_err());
}

/// Ruling: "while deploying, no one is "to move"" and deploying is not
/// possible once the armies are on the board.
#[test]
fn deploying_outside_a_deployment_is_refused() {
    let mut g = seeded(Deployment::Random, 1);
    let hand = total_rows(0, [17, 18]);
    refused_for(&mut g, Side::Red, &Action::Deploy(hand));
    let mut d = seeded(Deployment::Minor, 1);
    assert_eq!(d.view(None).to_move, None);
    assert!(d.apply(Side::Red, &Action::OfferDraw).is_err());
    // Resigning is possible at any time.
    d.apply(Side::Black, &Action::Resign).unwrap();
    assert_eq!(d.outcome().and_then(|o| o.winner()), Some(Side::Red));
}

// ---------------------------------------------------------------------------
// Action notation
// ---------------------------------------------------------------------------

/// Ruling, action notation table: "Move Out! `FROM-TO` `c3-c6`; March!
/// `FIRST:LAST-FIRST:LAST` `a3:c3-a5:c5` (broadside), `c1:c4-c3:c6` (along);
/// Swap! `SQ=SQ` `c3=c4`; Attack! `FROMxTO` `c4xc7`; Queen's Favor `favor`;
/// pass `pass`; deploy `deploy VALUES[/VALUES...]` `deploy 93Q15`, `deploy
/// 93Q15/24678/12345/6789`".
#[test]
fn every_notation_form_parses_and_prints_canonically() {
    let cases = [
        (
            "c3-c6",
            Action::MoveOut {
                from: sq("c3"),
                to: sq("c6"),
            },
        ),
        (
            "a3:c3-a5:c5",
            Action::March {
                from: Line::new(sq("a3"), sq("c3")).unwrap(),
                to: Line::new(sq("a5"), sq("c5")).unwrap(),
            },
        ),
        (
            "c1:c4-c3:c6",
            Action::March {
                from: Line::new(sq("c1"), sq("c4")).unwrap(),
                to: Line::new(sq("c3"), sq("c6")).unwrap(),
            },
        ),
        ("c3=c4", Action::Swap(sq("c3"), sq("c4"))),
        (
            "c4xc7",
            Action::Attack {
                from: sq("c4"),
                to: sq("c7"),
            },
        ),
        ("favor", Action::Favor),
        ("pass", Action::Pass),
        (
            "deploy 93Q15",
            Action::Deploy(vec![vec![
                Card::Ants(9),
                Card::Ants(3),
                Card::Queen,
                Card::Ants(1),
                Card::Ants(5),
            ]]),
        ),
        ("resign", Action::Resign),
        ("offer draw", Action::OfferDraw),
        ("accept draw", Action::AcceptDraw),
    ];
    for (text, action) in cases {
        assert_eq!(act(text), action, "{text}");
        assert_eq!(action.to_string(), text);
    }
    let full = act("deploy 93Q15/24678/12345/6789");
    assert_eq!(full.to_string(), "deploy 93Q15/24678/12345/6789");
    match full {
        Action::Deploy(rows) => assert_eq!(rows.iter().map(Vec::len).collect::<Vec<_>>(), vec![5, 5, 5, 4]),
        other => panic!("{other:?}"),
    }
}

/// Ruling: "Canonical output puts a March!'s ends, and a Swap!'s squares, in
/// board order (lower column first, then lower row first)." Parsing forgives
/// case and spaces.
#[test]
fn parsing_forgives_case_and_spaces_and_printing_is_canonical() {
    let canonical = |text: &str| act(text).to_string();
    assert_eq!(canonical(" C3 - C6 "), "c3-c6");
    assert_eq!(canonical("c3:a3-c5:a5"), "a3:c3-a5:c5");
    assert_eq!(canonical("C4 : C1 - C6 : C3"), "c1:c4-c3:c6");
    assert_eq!(canonical("c4=c3"), "c3=c4");
    assert_eq!(canonical("d3 = c3"), "c3=d3");
    assert_eq!(canonical("C4XC7"), "c4xc7");
    assert_eq!(canonical("c4 x c7"), "c4xc7");
    assert_eq!(canonical("FAVOR"), "favor");
    assert_eq!(canonical("Deploy 93q15"), "deploy 93Q15");
    assert_eq!(canonical("deploy 9 3 q 1 5 / 2 4 6 7 8"), "deploy 93Q15/24678");
    assert_eq!(canonical("  Resign "), "resign");
    // A march given with its ends the other way round is the same march.
    assert_eq!(act("c3:a3-c5:a5"), act("a3:c3-a5:c5"));
    assert_eq!(act("c4=c3"), act("c3=c4"));
}

/// Ruling: "A deploy lists values (`1`..`9`, `Q`)" (there are no tens) and
/// the notation table: anything else is not notation.
#[test]
fn bad_notation_is_refused() {
    for bad in [
        "",
        "   ",
        "hello",
        "c3",
        "c3-",
        "-c3",
        "f1-f2",
        "a0-a1",
        "a9-a8",
        "a10-a1",
        "a3:c3-a5",
        "a3:c4-a5:c6",
        "a3:a3-a4:a4",
        "c4xc7x",
        "deploy",
        "deploy 0",
        "deploy 10234",
        "deploy 93Q1X",
        "deploy 93Q15/24678/12345/6789/1",
        "deploy 123456",
        "deploy 12//34",
    ] {
        assert!(bad.parse::<Action>().is_err(), "`{bad}` should not parse");
    }
}

/// Notation: a Swap! is `SQ=SQ` and a March! `FIRST:LAST-FIRST:LAST`; the
/// rules (not the notation) say a swap takes "two of the mover's cards that
/// are orthogonally adjacent" and a march keeps its line. Text of the
/// notation's form parses, and the game refuses it as illegal.
#[test]
fn notation_that_breaks_a_rule_parses_and_is_refused_as_illegal() {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(3),
        ..Setup::default()
    })
    .unwrap();
    for (text, reason) in [
        ("c3=c5", "a swap exchanges two adjacent cards"),
        ("c3=d4", "a swap exchanges two adjacent cards"),
        ("c3=c3", "a swap exchanges two adjacent cards"),
        ("a3:c3-a4:a5", "a march keeps the line's length and direction"),
        ("a3:c3-a4:b4", "a march keeps the line's length and direction"),
        ("a3:c3-a5:d5", "a march keeps the line's length and direction"),
    ] {
        let action: Action = text
            .parse()
            .unwrap_or_else(|e| panic!("`{text}` is notation: {e}"));
        let side = to_move(&game);
        let before = game.clone();
        let err = game.apply(side, &action).unwrap_err().to_string();
        assert!(err.contains(reason), "`{text}`: {err}");
        assert_eq!(
            format!("{game:?}"),
            format!("{before:?}"),
            "a refusal changes nothing"
        );
    }
}

// ---------------------------------------------------------------------------
// Position notation
// ---------------------------------------------------------------------------

/// Ruling: "`ROW8/ROW7/.../ROW1 SIDE PHASE`. Each row is five cells of two
/// characters, columns a to e ... SIDE is `r` or `b`, the side to move.
/// PHASE is ... `rally:R,B` (the rally turns Red and Black still have, 0-5)
/// or `battle`." — with the ruling's own example.
#[test]
fn position_notation_round_trips() {
    let examples = [
        "b3b5..b9bQ/b1b2b4b6b7/..b8....../b2......../....r9..../r1r2r3r4r5/r6r7r8r9../rQ..r5..r6 r battle",
        "bQ......../........../........../........../........../........../........../........rQ b battle",
        "....bQ..../b1b2b3b4b5/........../........../..r1....../r2r3r4r5r6/........../....rQ.... r rally:5,5",
        "....bQ..../b1b2b3b4b5/........../........../..r1....../r2r3r4r5r6/........../....rQ.... b rally:3,4",
        "....bQ..../b1b2b3b4b5/........../........../..r1....../r2r3r4r5r6/........../....rQ.... r rally:2,0",
    ];
    for text in examples {
        let g = from(text);
        for viewer in [None, Some(Side::Red), Some(Side::Black)] {
            assert_eq!(g.position(viewer), text);
        }
        let parsed = parse_position(text).unwrap();
        assert_eq!(&parsed.board, g.board());
        assert_eq!(write_position(&g.view(None)), text);
    }
    // Forgiving about case; printing is canonical.
    let g = from(
        "BQ......../........../........../........../........../........../........../........Rq B BATTLE",
    );
    assert_eq!(
        g.position(None),
        "bQ......../........../........../........../........../........../........../........rQ b battle"
    );
    // A fresh deal round-trips too.
    let dealt = seeded(Deployment::Random, 3).position(None);
    assert_eq!(from(&dealt).position(None), dealt);
    // The ruling's example: the side on the rows is right.
    let g = from(examples[0]);
    assert_eq!(at(&g, "a8"), "b3");
    assert_eq!(at(&g, "d8"), "b9");
    assert_eq!(at(&g, "e8"), "bQ");
    assert_eq!(at(&g, "a1"), "rQ");
    assert_eq!(at(&g, "e1"), "r6");
    assert_eq!(at(&g, "c4"), "r9");
}

/// Ruling: "A game can start from any such position that has exactly one
/// Queen per side and at most two cards of each value per side" and "`r?`/
/// `b?` for a card its viewer may not see yet" (not something to start
/// from).
#[test]
fn invalid_positions_are_refused() {
    let ok = layout(&[("a1", "rQ"), ("e8", "bQ")], "r battle");
    assert!(parse_position(&ok).is_ok());
    let bad = [
        layout(&[("a1", "rQ"), ("b1", "rQ"), ("e8", "bQ")], "r battle"),
        layout(&[("a1", "rQ")], "r battle"),
        layout(&[("e8", "bQ"), ("a1", "bQ"), ("c4", "rQ")], "r battle"),
        layout(
            &[
                ("a1", "rQ"),
                ("b1", "r7"),
                ("c1", "r7"),
                ("d1", "r7"),
                ("e8", "bQ"),
            ],
            "r battle",
        ),
        layout(
            &[
                ("a1", "rQ"),
                ("e8", "bQ"),
                ("a8", "b9"),
                ("b8", "b9"),
                ("c8", "b9"),
            ],
            "r battle",
        ),
        layout(&[("a1", "rQ"), ("e8", "bQ"), ("c4", "r?")], "r battle"),
        layout(&[("a1", "rQ"), ("e8", "bQ"), ("c5", "b?")], "r battle"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r war"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r rally"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r rally:6,5"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r rally:5"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r rally:0,0"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r rally:0,3"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "x battle"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r"),
        layout(&[("a1", "rQ"), ("e8", "bQ")], "r battle extra"),
        layout(&[("a1", "rQ"), ("e8", "bQ"), ("c4", "r0")], "r battle"),
        layout(&[("a1", "rQ"), ("e8", "bQ"), ("c4", "rX")], "r battle"),
        layout(&[("a1", "rQ"), ("e8", "bQ"), ("c4", "g5")], "r battle"),
        "bQ......../........../........../........../........../........../........rQ r battle".into(),
        "bQ......../........../........../........../........../........../........../......rQ r battle"
            .into(),
        "bQ......../........../........../........../........../........../........../..........rQ r battle"
            .into(),
        "r10......./bQ......../........../........../........../........../........../........rQ r battle"
            .into(),
        String::new(),
    ];
    for text in &bad {
        assert!(parse_position(text).is_err(), "`{text}` should be refused");
        assert!(
            matches!(ArmyAnts::new(&setup(text)), Err(SetupError::BadPosition(_))),
            "`{text}` should not start a game"
        );
    }
}

/// Ruling: "if it is a battle position, it is the first position of the
/// battle's history (see Red Aggression)."
#[test]
fn a_battle_position_starts_the_battles_history() {
    let mut g = aggression_start();
    for m in ["c2-c3", "c7-c6", "c3-c2"] {
        play(&mut g, m);
        assert_eq!(g.repeated_turns(), 0);
    }
    play(&mut g, "c6-c7");
    assert_eq!(g.repeated_turns(), 1, "back at the starting position");
}
