//! The Atta Ants map (`src/atta_ants.rs`).

use antics_core::rules::atta_ants::{
    Action, AntMove, AttaAnts, Colour as AntColour, EndReason, Outcome, Phase, Setup, Standing, Status, View,
};
use antics_render::atta_ants::{
    header_height, place_name, result_headline, scores_bottom, shown_bounds, spider_layout,
    spider_number_size, Grid, BODY, MARGIN, MAX_CELL, MIN_ANT_RADIUS, MIN_CELL, STRIP,
};
use antics_render::canvas::FRAME;
use antics_render::{
    atta_ants_alt_text, atta_ants_geometry, atta_ants_png, atta_ants_regions, AttaLabels, Board,
};

/// A tie of four fits the banner: names alone, listed as people say it.
#[test]
fn a_tie_is_headlined_in_a_list_that_fits() {
    let tied = |n: usize| Outcome {
        reason: EndReason::LastCard,
        standings: AntColour::ALL[..n]
            .iter()
            .map(|&colour| Standing {
                colour,
                place: 1,
                ants: 3,
                eaten: 0,
                departed: false,
            })
            .collect(),
    };
    let labels: AttaLabels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
    assert_eq!(
        result_headline(&tied(4), &labels),
        "A tie: alice, bob, carol and dave"
    );
    assert_eq!(
        result_headline(&tied(2), &labels),
        "A tie: alice (Red) and bob (Yellow)"
    );
    assert_eq!(result_headline(&tied(1), &labels), "alice (Red) wins");
    // The alt text words the outcome as the banner does.
    let game = AttaAnts::new(&Setup {
        players: 2,
        seed: 1,
        deal: None,
    })
    .unwrap();
    let mut view = View::of(&game);
    view.status = Status::Over(tied(2));
    let alt = atta_ants_alt_text(&view, &labels);
    assert!(alt.contains(": A tie: alice (Red) and bob (Yellow)."), "{alt}");
}

#[test]
fn draws_a_new_game_about_a_thousand_pixels_wide() {
    let game = AttaAnts::new(&Setup {
        players: 4,
        seed: 3,
        deal: None,
    })
    .unwrap();
    let labels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
    let png = atta_ants_png(&View::of(&game), &labels);
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert!((700..=1100).contains(&info.width), "{}", info.width);
    let alt = atta_ants_alt_text(&View::of(&game), &labels);
    assert!(alt.contains("alice (Red): 2 ants in play"), "{alt}");
    assert!(alt.len() <= 1100);
}

/// Seeded games advanced by `steps` pseudo-random legal actions.
fn positions(players: u8, seed: u64, steps: usize) -> Vec<AttaAnts> {
    let mut game = AttaAnts::new(&Setup {
        players,
        seed,
        deal: None,
    })
    .unwrap();
    let mut out = vec![game.clone()];
    for k in 0..steps {
        let Status::ToMove(seat) = game.status() else {
            break;
        };
        let legal = game.legal_actions();
        // Ending the turn at once leaves the ants home: prefer moves.
        let moves: Vec<&Action> = legal.iter().filter(|a| *a != &Action::End).collect();
        let action = match moves.is_empty() || k % 5 == 0 {
            true => &legal[(k * 7919 + seed as usize) % legal.len()],
            false => moves[(k * 31 + seed as usize) % moves.len()],
        };
        game.apply(seat, action).unwrap();
        out.push(game.clone());
    }
    out
}

/// The issue: "ant tokens at least 40 px and the drawn card's rotations
/// at least 120 px on the board as sent", and "no empty band above the
/// map": the first row of squares starts under the header and shows a
/// card or a free square. And "Atta Ants readable at 400 px: text at
/// least 12 px at that width".
#[test]
fn tokens_and_rotations_stay_legible_and_the_map_starts_under_the_header() {
    let labels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
    for players in 2..=4u8 {
        for seed in [1u64, 7, 12] {
            for (i, game) in positions(players, seed, 400).iter().enumerate().step_by(37) {
                let view = View::of(game);
                let g = atta_ants_geometry(&view);
                assert!(g.ant_diameter >= 40.0, "{g:?}");
                assert!(g.rotation_tile >= 120.0, "{g:?}");
                let scale = g.text / BODY;
                assert!(
                    g.map_top <= ((scores_bottom(&view) + STRIP) * scale).ceil(),
                    "{g:?}"
                );
                // "Text at least 12 px" on a phone that shows the board 400 px wide.
                assert!(g.text * 400.0 / g.width as f32 >= 12.0, "{g:?}");
                // Every rotation of the card to place lies within the image.
                for region in atta_ants_regions(&view) {
                    assert!(
                        (region.x + region.w) as f32 <= g.width as f32 - MARGIN,
                        "{region:?} in {g:?}"
                    );
                }
                let png = atta_ants_png(&view, &labels);
                let mut decoder = png::Decoder::new(std::io::Cursor::new(&png));
                decoder.set_transformations(png::Transformations::EXPAND);
                let mut reader = decoder.read_info().unwrap();
                let mut rgb = vec![0; reader.output_buffer_size()];
                let info = reader.next_frame(&mut rgb).unwrap();
                assert_eq!((info.width, info.height), (g.width, g.height));
                let row = (g.map_top + g.cell / 2.0) as usize;
                let line = &rgb[row * info.line_size..(row + 1) * info.line_size];
                let ground = FRAME.rgb();
                let drawn = line
                    .chunks(info.line_size / info.width as usize)
                    .filter(|px| px[..3] != ground)
                    .count();
                assert!(
                    drawn as f32 >= g.cell * 0.8,
                    "players {players} seed {seed} position {i}: the first map row is empty"
                );
            }
        }
    }
}

/// "The replay cropped to the map": a replay's frames are as wide as
/// the game's last map drawn alone, not widened by the free squares
/// each placement offered around it.
#[test]
fn a_replay_is_cropped_to_the_map() {
    for players in 2..=4u8 {
        let games = positions(players, 5, 300);
        let views: Vec<View> = games.iter().map(View::of).collect();
        let layout = View::layout(&views).unwrap();
        let last = views.last().unwrap();
        assert_eq!(layout.bounds(), last.map.bounds(), "players {players}");
        let (_, width, _) = Grid::around(layout.bounds(), layout.header());
        let (_, alone, _) = Grid::around(last.map.bounds(), header_height(last));
        assert_eq!(width, alone, "players {players}");
        assert!(
            views.iter().any(|v| shown_bounds(v) != v.map.bounds()),
            "no placement offered"
        );
    }
}

/// A game from random play where two spiders share a card, and one
/// whose turn offers a move of two steps or more, from seeds 0 to 199.
fn crowded_and_moving(players: u8) -> (AttaAnts, AttaAnts, AntMove) {
    let crowded = (0..200)
        .flat_map(|seed| positions(players, seed, 300))
        .find(|g| {
            let s = g.spiders();
            s.iter().any(|a| s.iter().filter(|b| b.pos == a.pos).count() == 2)
        })
        .expect("two spiders on one card");
    let (moving, full) = (0..200)
        .flat_map(|seed| positions(players, seed, 60))
        .find_map(|g| {
            let Some(Action::Move(m)) = g
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Move(m) if m.steps.len() >= 2))
            else {
                return None;
            };
            Some((g, m))
        })
        .expect("a move of two steps");
    (crowded, moving, full)
}

/// "While an ant's move is built ... the board still shows it in the
/// nest": once the ant is picked, before its move is, the board draws
/// the routes of the moves open to it, and the alt text names where
/// they end.
#[test]
fn the_moves_open_to_the_picked_ant_are_drawn_and_told() {
    let labels: AttaLabels = ["alice", "bob"].map(String::from).to_vec();
    let (_, game, full) = crowded_and_moving(2);
    let picked = AntMove {
        steps: vec![],
        ..full.clone()
    };
    let open = game.ant_moves(full.ant);
    let choosing = View::of(&game).picking(Some(&picked), &open);
    let alt = atta_ants_alt_text(&choosing, &labels);
    for m in &open {
        let start = game.ant(m.ant).unwrap().at.unwrap();
        let end = m.steps.iter().fold(start, |at, step| at.step(step.dir));
        if !m.steps.is_empty() {
            assert!(alt.contains(&place_name(end)), "{m}: {alt}");
        }
    }
    assert!(alt.contains(" It can end on "), "{alt}");
    let plain = View::of(&game).picking(Some(&picked), &[]);
    assert_ne!(atta_ants_png(&choosing, &labels), atta_ants_png(&plain, &labels));
    assert!(!atta_ants_alt_text(&plain, &labels).contains("It can end on"));
}

/// "Two spiders on one card hide each other's number": one or two
/// spiders on a card stand apart, bodies at least an ant token's size
/// (40 px) and numbers at least 24 px, about 10 px on a phone showing
/// the board 400 px wide.
#[test]
fn spiders_on_one_card_stand_apart_and_read_on_a_phone() {
    for cell in [MIN_CELL, (MIN_CELL + MAX_CELL) / 2.0, MAX_CELL] {
        for n in 1..=2 {
            let (r, apart) = spider_layout(n, cell);
            assert!(r >= MIN_ANT_RADIUS, "{n} on {cell}: {r}");
            assert!(spider_number_size(r) >= 24.0, "{n} on {cell}");
            if n == 2 {
                assert!(cell * apart >= 2.0 * r + 8.0, "{cell}: bodies touch");
                assert!(cell * (0.5 + apart / 2.0) + r <= cell, "{cell}: off the card");
            }
        }
    }
}

/// A card waiting to be placed, its rotations other than the first
/// made to fit nowhere, so that they are drawn dimmed.
fn misfit(players: u8) -> View {
    let mut view = View::of(&positions(players, 5, 0)[0]);
    let card = view.drawn.expect("a card to place");
    let first = card.shape.canonical_rotation(0);
    view.placements.retain(|(_, rotation)| *rotation == first);
    view
}

/// Writes boards for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact atta_ants::write_boards`,
/// then open /tmp/antics-atta-*.png (and look at them about 400 px wide).
#[test]
#[ignore]
fn write_boards() {
    let labels: AttaLabels = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    for players in [2u8, 4] {
        let (crowded, moving, full) = crowded_and_moving(players);
        let first = AntMove {
            steps: full.steps[..1].to_vec(),
            ..full.clone()
        };
        let picked = AntMove {
            steps: vec![],
            ..full.clone()
        };
        let boards = [
            ("spiders", View::of(&crowded)),
            ("building", View::of(&moving).picking(Some(&first), &[])),
            (
                "choosing",
                View::of(&moving).picking(Some(&picked), &moving.ant_moves(full.ant)),
            ),
            ("before", View::of(&moving)),
            ("placing", misfit(players)),
        ]
        .map(|(name, view)| (name, atta_ants_png(&view, &labels)));
        for (name, png) in boards {
            std::fs::write(format!("/tmp/antics-atta-{players}p-{name}.png"), png).unwrap();
        }
    }
}

/// "While an ant's move is built step by step, the board shows the move
/// being built (the ant not in the nest any more)."
#[test]
fn a_move_being_built_is_drawn_where_it_has_gone() {
    let labels = vec!["alice".into(), "bob".into()];
    let game = positions(2, 3, 40)
        .into_iter()
        .find(|g| {
            matches!(g.phase(), Phase::Ants(_))
                && g.legal_actions().iter().any(|a| matches!(a, Action::Move(_)))
        })
        .expect("a turn of ant moves");
    let Some(Action::Move(full)) = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.steps.len() == 2))
    else {
        panic!("a two-step move")
    };
    let first = AntMove {
        steps: full.steps[..1].to_vec(),
        ..full.clone()
    };
    let start = game.ant(full.ant).unwrap().at.unwrap();
    let building = View::of(&game).picking(Some(&first), &[]);
    let shown = building.ants.iter().find(|a| a.id == full.ant).unwrap();
    assert_eq!(shown.at, Some(start.step(first.steps[0].dir)));
    assert!(building.is_moving(full.ant));
    let alt = atta_ants_alt_text(&building, &labels);
    assert!(
        alt.contains(&format!("Moving {} (not played yet)", full.ant)),
        "{alt}"
    );
    let moved = format!("{} {}", full.ant, place_name(start.step(first.steps[0].dir)));
    assert!(alt.contains(&moved), "{alt}");
    assert_ne!(
        atta_ants_png(&building, &labels),
        atta_ants_png(&View::of(&game), &labels)
    );
}
