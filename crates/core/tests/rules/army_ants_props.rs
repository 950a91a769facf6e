//! Army Ants property tests: random deals, random positions and random legal
//! playouts, checked against invariants of the specification
//! (`shared/seeds/army-ants.txt`, `shared/rules/army-ants.md`) and against an
//! independent move generator written here from the rulings.

use antics::rules::army_ants::*;
use proptest::prelude::*;
use std::collections::{BTreeMap, HashSet};

// ---------------------------------------------------------------------------
// A small deterministic random stream for the playouts (proptest gives the
// seed; everything after it is reproducible from the failing seed).
// ---------------------------------------------------------------------------

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    fn square(&mut self) -> Square {
        Square::from_index(self.below(40))
    }
}

// ---------------------------------------------------------------------------
// An independent generator of the legal board commands, from the rulings.
// ---------------------------------------------------------------------------

fn at(file: i8, rank: i8) -> Option<Square> {
    if (0..5).contains(&file) && (0..8).contains(&rank) {
        Square::new(file as u8, rank as u8)
    } else {
        None
    }
}

const DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// Ruling: "Red's territory is rows 1-4, Black's rows 5-8".
fn territory(side: Side, s: Square) -> bool {
    match side {
        Side::Red => s.rank() <= 3,
        Side::Black => s.rank() >= 4,
    }
}

fn rally_left(phase: Phase, side: Side) -> Option<u8> {
    match phase {
        Phase::Rally { red, black } => Some(if side == Side::Red { red } else { black }),
        _ => None,
    }
}

/// Every legal action of `side` in `board` under `phase`, per the rulings.
fn reference_actions(board: &Board, side: Side, phase: Phase, favor_allowed: bool) -> HashSet<Action> {
    let mut out = HashSet::new();
    let rally = matches!(phase, Phase::Rally { .. });
    // "no card may pass through or land in enemy territory" (rally).
    let may_enter = |s: Square| !rally || territory(side, s);
    let mine = |s: Square| board.get(s).is_some_and(|p| p.side == side);
    let own: Vec<Square> = Square::all().filter(|s| mine(*s)).collect();

    // The Queen's Favor: first rally turn, Queen in the front row, to the
    // empty back-row centre.
    if let Some(left) = rally_left(phase, side) {
        let front = if side == Side::Red { 3 } else { 4 };
        let centre = at(2, if side == Side::Red { 0 } else { 7 }).unwrap();
        let queen = Square::all().find(|s| board.get(*s) == Some(Piece::new(side, Card::Queen)));
        if favor_allowed && left == 5 && board.is_empty(centre) && queen.is_some_and(|q| q.rank() == front) {
            out.insert(Action::Favor);
        }
    }

    // Move Out!: flood fill through empty squares.
    for &from in &own {
        let mut reached: HashSet<Square> = HashSet::from([from]);
        loop {
            let before = reached.len();
            let frontier: Vec<Square> = reached.iter().copied().collect();
            for s in frontier {
                for (df, dr) in DIRS {
                    if let Some(t) = at(s.file() as i8 + df, s.rank() as i8 + dr) {
                        if board.is_empty(t) && may_enter(t) {
                            reached.insert(t);
                        }
                    }
                }
            }
            if reached.len() == before {
                break;
            }
        }
        for to in reached {
            if to != from {
                out.insert(Action::MoveOut { from, to });
            }
        }
    }

    // March!: every contiguous own segment of 2+ in a row or column, every
    // direction and distance; each square passed or reached must be empty
    // or one of the group's own starting squares.
    for &a in &own {
        for &b in &own {
            let horizontal = a.rank() == b.rank() && a.file() < b.file();
            let vertical = a.file() == b.file() && a.rank() < b.rank();
            if !horizontal && !vertical {
                continue;
            }
            let group: Vec<Square> = Square::all()
                .filter(|s| {
                    if horizontal {
                        s.rank() == a.rank() && (a.file()..=b.file()).contains(&s.file())
                    } else {
                        s.file() == a.file() && (a.rank()..=b.rank()).contains(&s.rank())
                    }
                })
                .collect();
            if !group.iter().all(|s| mine(*s)) {
                continue;
            }
            for (df, dr) in DIRS {
                for d in 1..8i8 {
                    let ok = group.iter().all(|s| {
                        (1..=d).all(|k| {
                            at(s.file() as i8 + df * k, s.rank() as i8 + dr * k)
                                .is_some_and(|t| may_enter(t) && (board.is_empty(t) || group.contains(&t)))
                        })
                    });
                    if !ok {
                        break;
                    }
                    let shift = |s: Square| at(s.file() as i8 + df * d, s.rank() as i8 + dr * d).unwrap();
                    out.insert(Action::March {
                        from: Line::new(a, b).unwrap(),
                        to: Line::new(shift(a), shift(b)).unwrap(),
                    });
                }
            }
        }
    }

    // Swap!: two orthogonally adjacent own cards.
    for &a in &own {
        for &b in &own {
            if a.is_adjacent(b) && may_enter(a) && may_enter(b) {
                out.insert(Action::swap(a, b));
            }
        }
    }

    // Attack!: battle only, never the Queen; straight through empty squares
    // onto the first card, an enemy of equal or lower value or the Queen.
    if !rally {
        for &from in &own {
            let me = board.get(from).unwrap();
            if me.card == Card::Queen {
                continue;
            }
            for (df, dr) in DIRS {
                let mut k = 1;
                while let Some(t) = at(from.file() as i8 + df * k, from.rank() as i8 + dr * k) {
                    if let Some(target) = board.get(t) {
                        let value = |c: Card| match c {
                            Card::Queen => 0,
                            Card::Ants(n) => n,
                        };
                        if target.side != side && value(target.card) <= value(me.card) {
                            out.insert(Action::Attack { from, to: t });
                        }
                        break;
                    }
                    k += 1;
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn full_armies() -> BTreeMap<(usize, Card), usize> {
    let mut count = BTreeMap::new();
    for side in Side::BOTH {
        for card in Card::army() {
            *count.entry((side.index(), card)).or_default() += 1;
        }
    }
    count
}

fn tally(pieces: impl Iterator<Item = Piece>) -> BTreeMap<(usize, Card), usize> {
    let mut count = BTreeMap::new();
    for p in pieces {
        *count.entry((p.side.index(), p.card)).or_default() += 1;
    }
    count
}

fn to_move(g: &ArmyAnts) -> Option<Side> {
    match g.status() {
        Status::ToMove(side) => Some(side),
        _ => None,
    }
}

/// Places a private deployment for `side` with its hand shuffled; a Total
/// Deployment that puts the Queen next to a 9 is refused and retried.
fn deploy(g: &mut ArmyAnts, side: Side, rng: &mut Rng) -> Events {
    let hand = g.deploy_hand(side).expect("a hand to place");
    for _ in 0..500 {
        let mut cards = hand.cards.clone();
        rng.shuffle(&mut cards);
        let mut rows = Vec::new();
        let mut rest = &cards[..];
        for row in &hand.rows {
            let n = if *row == 3 { 4 } else { 5 };
            rows.push(rest[..n].to_vec());
            rest = &rest[n..];
        }
        let action = Action::Deploy(rows);
        let text = action.to_string();
        assert_eq!(text.parse::<Action>().unwrap(), action);
        match g.apply(side, &action) {
            Ok(events) => return events,
            Err(RuleError::Illegal(_)) if g.deployment() == Some(Deployment::Total) => continue,
            Err(e) => panic!("{text}: {e}"),
        }
    }
    panic!("no deployment accepted");
}

fn setup_for(kind: u8, seed: u64) -> Setup {
    Setup {
        deployment: match kind % 3 {
            0 => Deployment::Random,
            1 => Deployment::Minor,
            _ => Deployment::Total,
        },
        seed: Some(seed),
        position: None,
    }
}

/// Invariants that hold in every state of a game.
fn check_state(g: &ArmyAnts, favor_allowed: bool) {
    let legal = g.legal_actions();
    match g.status() {
        Status::ToMove(side) => {
            assert!(
                !legal.is_empty(),
                "{side} to move with nothing legal: {}",
                g.position(None)
            );
            assert_eq!(g.view(None).to_move, Some(side));
        }
        Status::Over(_) | Status::Deploying => assert!(legal.is_empty()),
    }
    let set: HashSet<Action> = legal.iter().cloned().collect();
    assert_eq!(set.len(), legal.len(), "duplicates in legal_actions");
    assert!(!set.contains(&Action::Pass));
    if matches!(g.phase(), Phase::Rally { .. }) {
        assert!(!legal.iter().any(|a| matches!(a, Action::Attack { .. })));
    }
    for action in &legal {
        let text = action.to_string();
        assert_eq!(&text.parse::<Action>().unwrap(), action, "{text}");
        assert!(!matches!(
            action,
            Action::Deploy(_) | Action::Resign | Action::OfferDraw | Action::AcceptDraw
        ));
    }
    if let Some(side) = to_move(g) {
        let reference = reference_actions(g.board(), side, g.phase(), favor_allowed);
        let extra: Vec<String> = set.difference(&reference).map(|a| a.to_string()).collect();
        let missing: Vec<String> = reference.difference(&set).map(|a| a.to_string()).collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{}: extra {extra:?}, missing {missing:?}",
            g.position(None)
        );
    }
    // A non-deploy position with both Queens prints and reads back the same.
    let queens = Side::BOTH.iter().all(|s| g.board().queen(*s).is_some());
    if g.phase() != Phase::Deploy && queens {
        let text = g.position(None);
        let parsed = parse_position(&text).expect("a printed position parses");
        assert_eq!(&parsed.board, g.board());
        assert_eq!(parsed.phase, g.phase());
    }
}

/// A random action text, legal or not, to throw at the game.
fn random_action(rng: &mut Rng) -> Action {
    let (a, b) = (rng.square(), rng.square());
    match rng.below(5) {
        0 => Action::MoveOut { from: a, to: b },
        1 => Action::Attack { from: a, to: b },
        2 => match a.step(Direction::ALL[rng.below(4)]) {
            Some(c) => Action::swap(a, c),
            None => Action::Favor,
        },
        3 => {
            let len = 2 + rng.below(3) as u8;
            let (df, dr) = [(1u8, 0u8), (0, 1)][rng.below(2)];
            let end = |s: Square| Square::new(s.file() + df * (len - 1), s.rank() + dr * (len - 1));
            match (end(a), end(b)) {
                (Some(ea), Some(eb)) => Action::March {
                    from: Line::new(a, ea).unwrap(),
                    to: Line::new(b, eb).unwrap(),
                },
                _ => Action::Pass,
            }
        }
        _ => Action::Favor,
    }
}

/// Plays a random game from `setup` for at most `plies` turns, checking
/// invariants at every step, then checks that replaying the record rebuilds
/// the game.
fn random_playout(setup: &Setup, rng: &mut Rng, plies: usize) {
    let favor_allowed = setup.deployment != Deployment::Total;
    let mut g = ArmyAnts::new(setup).expect("a game");
    let mut removed: Vec<Piece> = Vec::new();
    let mut passes_seen = 0usize;
    check_state(&g, favor_allowed);
    while g.status() == Status::Deploying {
        let side = Side::BOTH[rng.below(2)];
        let side = if g.deploy_hand(side).is_some() {
            side
        } else {
            side.opponent()
        };
        let events = deploy(&mut g, side, rng);
        assert!(events.removed.is_empty());
        if g.status() == Status::Deploying {
            check_state(&g, favor_allowed);
            // Placed cards stay face down for the other side and spectators.
            for viewer in [Some(side.opponent()), None] {
                let view = g.view(viewer);
                for (s, p) in g.board().pieces() {
                    if Some(p.side) != viewer {
                        assert_eq!(view.cell(s), Cell::Hidden(p.side));
                    }
                }
            }
        } else {
            assert!(events.revealed);
        }
    }
    // What the game started with (a seed deals both whole armies).
    let start = g.board().pieces().count();
    let armies = tally(g.board().pieces().map(|(_, p)| p));
    if setup.position.is_none() {
        assert_eq!(start, 38);
        assert_eq!(armies, full_armies());
        assert_eq!(g.phase(), Phase::Rally { red: 5, black: 5 });
        assert_eq!(g.status(), Status::ToMove(Side::Red));
        assert!(g.board().is_empty(Side::Red.back_centre()) && g.board().is_empty(Side::Black.back_centre()));
    }

    for _ in 0..plies {
        check_state(&g, favor_allowed);
        let Some(side) = to_move(&g) else { break };
        // Now and then, a draw offer or a resignation.
        if rng.chance(2) {
            let offerer = Side::BOTH[rng.below(2)];
            let _ = g.apply(offerer, &Action::OfferDraw);
            if rng.chance(10) {
                let _ = g.apply(offerer.opponent(), &Action::AcceptDraw);
            }
            if g.outcome().is_some() {
                break;
            }
        }
        if rng.below(1000) < 2 {
            let resigner = Side::BOTH[rng.below(2)];
            g.apply(resigner, &Action::Resign).unwrap();
            assert_eq!(g.outcome().and_then(|o| o.winner()), Some(resigner.opponent()));
            break;
        }
        // An arbitrary action is accepted exactly when it is legal; when
        // refused, nothing changes.
        let probe = random_action(rng);
        let legal = g.legal_actions();
        if !legal.contains(&probe) {
            let before = (g.position(None), g.record().len(), g.status());
            assert!(g.apply(side, &probe).is_err(), "{probe} accepted");
            assert_eq!(before, (g.position(None), g.record().len(), g.status()));
        }
        let action = legal[rng.below(legal.len())].clone();
        // The other side may not play it.
        let mut other = g.clone();
        assert_eq!(
            other.apply(side.opponent(), &action),
            Err(RuleError::NotYourTurn(side))
        );
        let record_before = g.record().len();
        let offer_before = g.draw_offer();
        let events = g.apply(side, &action).unwrap_or_else(|e| panic!("{action}: {e}"));
        // The record grows by the action and the automatic passes.
        let new: Vec<(Side, Action)> = g.record()[record_before..].to_vec();
        assert_eq!(new[0], (side, action.clone()));
        let passes: Vec<Side> = new[1..]
            .iter()
            .map(|(s, a)| {
                assert_eq!(*a, Action::Pass);
                *s
            })
            .collect();
        assert_eq!(passes, events.passes);
        passes_seen += passes.len();
        if offer_before == Some(side.opponent()) {
            assert_eq!(g.draw_offer(), None, "the offer lapses when the opponent moves");
        }
        // Only attacks remove cards, one or two (or the Queen).
        match action {
            Action::Attack { .. } => assert!(matches!(events.removed.len(), 1 | 2)),
            _ => assert!(events.removed.is_empty()),
        }
        removed.extend(events.removed.iter().copied());
        assert_eq!(events.outcome, g.outcome());
        // Cards are conserved: on the board or removed, 38 in all.
        let now = tally(g.board().pieces().map(|(_, p)| p).chain(removed.iter().copied()));
        assert_eq!(now, armies);
        assert_eq!(g.board().pieces().count() + removed.len(), start);
        // Each side keeps its Queen unless it was captured, which ends the game.
        for s in Side::BOTH {
            if g.board().queen(s).is_none() {
                assert_eq!(
                    g.outcome(),
                    Some(Outcome::Win {
                        winner: s.opponent(),
                        reason: WinReason::QueenCaptured
                    })
                );
            }
        }
        if let Some(Outcome::Draw {
            reason: DrawReason::NoAntsLeft,
        }) = g.outcome()
        {
            assert_eq!(
                g.board().numbered_cards(Side::Red) + g.board().numbered_cards(Side::Black),
                0
            );
        }
    }
    check_state(&g, favor_allowed);
    let _ = passes_seen;

    // Replaying the player actions (not the passes) rebuilds the game.
    let mut replay = ArmyAnts::new(setup).unwrap();
    for (side, action) in g.record() {
        if *action != Action::Pass {
            replay
                .apply(*side, action)
                .unwrap_or_else(|e| panic!("replaying {action} for {side}: {e}"));
        }
    }
    assert_eq!(replay.position(None), g.position(None));
    for side in Side::BOTH {
        assert_eq!(replay.position(Some(side)), g.position(Some(side)));
    }
    assert_eq!(replay.status(), g.status());
    assert_eq!(replay.record(), g.record());
    assert_eq!(replay.repeated_turns(), g.repeated_turns());
    assert_eq!(replay.draw_offer(), g.draw_offer());
}

/// A random position in the notation: each side's Queen and a random part
/// of its numbered cards on random squares, a random side and phase.
fn random_position(rng: &mut Rng) -> String {
    let mut cells = vec!["..".to_string(); 40];
    let mut free: Vec<usize> = (0..40).collect();
    rng.shuffle(&mut free);
    let mut free = free.into_iter();
    let keep = rng.below(101) as u64;
    for side in Side::BOTH {
        for card in Card::army() {
            if card == Card::Queen || rng.chance(keep) {
                cells[free.next().unwrap()] = Piece::new(side, card).code();
            }
        }
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| (0..5).map(|file| cells[rank * 5 + file].clone()).collect())
        .collect();
    let (side, phase) = if rng.chance(50) {
        (Side::BOTH[rng.below(2)], "battle".to_string())
    } else {
        let (red, black) = loop {
            let (r, b) = (rng.below(6), rng.below(6));
            if r + b > 0 {
                break (r, b);
            }
        };
        let side = match (red, black) {
            (0, _) => Side::Black,
            (_, 0) => Side::Red,
            _ => Side::BOTH[rng.below(2)],
        };
        (side, format!("rally:{red},{black}"))
    };
    format!("{} {} {phase}", rows.join("/"), side.letter())
}

fn position_setup(text: &str) -> Setup {
    Setup {
        position: Some(text.to_string()),
        ..Default::default()
    }
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(64)))]

    /// Random seeds, all three deployments, random legal playouts of up to
    /// 200 plies: no panic, the invariants hold at every step, and the
    /// record replays to the same game.
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>(), kind in 0u8..3, moves in any::<u64>()) {
        let mut rng = Rng(moves);
        random_playout(&setup_for(kind, seed), &mut rng, 200);
    }

    /// Random positions (with cards anywhere, any phase): they print back
    /// canonically, their legal actions match the reference, and random
    /// playouts from them keep the invariants.
    #[test]
    fn random_positions_round_trip_and_play(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let text = random_position(&mut rng);
        let parsed = parse_position(&text).expect("a valid position");
        let g = ArmyAnts::new(&position_setup(&text)).expect("a game");
        prop_assert_eq!(&parsed.board, g.board());
        if g.record().is_empty() {
            // No automatic pass happened: the position prints back verbatim.
            prop_assert_eq!(g.position(None), text.clone());
        }
        random_playout(&position_setup(&text), &mut rng, 60);
    }

    /// Any seed deals each army, whole, to the deal positions 1..19, and the
    /// same seed always deals the same.
    #[test]
    fn random_deals_fill_the_deal_positions(seed in any::<u64>()) {
        let g = ArmyAnts::new(&setup_for(0, seed)).unwrap();
        for side in Side::BOTH {
            let dealt: HashSet<Square> = deal_squares(side).into_iter().collect();
            let mut cards: Vec<Card> = Vec::new();
            for (s, p) in g.board().pieces().filter(|(_, p)| p.side == side) {
                prop_assert!(dealt.contains(&s));
                cards.push(p.card);
            }
            cards.sort();
            let mut army = Card::army();
            army.sort();
            prop_assert_eq!(cards, army);
        }
        prop_assert_eq!(g.position(None), ArmyAnts::new(&setup_for(0, seed)).unwrap().position(None));
        for kind in 1..3 {
            let d = ArmyAnts::new(&setup_for(kind, seed)).unwrap();
            prop_assert_eq!(d.status(), Status::Deploying);
            let hand = |side: Side| d.deploy_hand(side).unwrap();
            prop_assert_eq!(hand(Side::Red).cards.len(), if kind == 1 { 5 } else { 19 });
            prop_assert_eq!(hand(Side::Black).cards.len(), if kind == 1 { 5 } else { 19 });
        }
    }
}
