//! The Army Ants board (`src/army_ants.rs`).

use crate::alice_and_bob as labels;
use antics_core::rules::army_ants::{Action, ArmyAnts, Cell, Deployment, Setup, Side, Status, View};
use antics_core::rules::shuffle::SeededRng;
use antics_render::army_ants::{
    art, asked_square, board_background, card_sprite, hand_tray, strip_top, tile, BOTTOM_STRIP_Y, GROUNDS,
    HEIGHT, TILE_H, TILE_W, TRAY_ROW_H, TRAY_TOP, WIDTH,
};
use antics_render::canvas::{Indexed, FRAME};
use antics_render::{
    army_ants_alt_text, army_ants_png, army_ants_png_marked, army_ants_regions, BoardLabels,
};
use tiny_skia::Pixmap;

/// A dealt game (38 cards) after one march by Red.
fn full_board() -> ArmyAnts {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(7),
        ..Setup::default()
    })
    .expect("a dealt game");
    let march = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::March { .. }))
        .expect("a march is open at the start");
    game.apply(Side::Red, &march).expect("legal");
    game
}

fn minor(seed: u64) -> ArmyAnts {
    ArmyAnts::new(&Setup {
        deployment: Deployment::Minor,
        seed: Some(seed),
        position: None,
    })
    .expect("a minor deployment")
}

/// Red places its first row in the hand's order, or reversed.
fn red_deploys(game: &mut ArmyAnts, reversed: bool) {
    let mut cards = game.deploy_hand(Side::Red).expect("Red has a hand").cards;
    if reversed {
        cards.reverse();
    }
    game.apply(Side::Red, &Action::Deploy(vec![cards]))
        .expect("a legal deploy");
}

#[test]
fn png_decodes_at_the_expected_size_and_stays_small() {
    let view = full_board().view(None);
    assert_eq!(view.cells.iter().filter(|c| **c != Cell::Empty).count(), 38);
    let png = army_ants_png(&view, &labels());
    let image = tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
    assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    assert!(png.len() < 120 * 1024, "PNG is {} bytes", png.len());
}

/// The player placing in private sees their hand as cards under the
/// board and the square the picker asks about marked; no one else's
/// image has either.
#[test]
fn a_private_deployment_shows_the_hand_and_the_square_asked() {
    let game = minor(3);
    let own = game.view(Some(Side::Red));
    assert_eq!(asked_square(&own), Some("a4".parse().unwrap()));
    let (side, tray) = hand_tray(&own).expect("a hand to show");
    assert_eq!(side, Side::Red);
    assert_eq!(tray.iter().map(|(_, n)| n).sum::<usize>(), 5);
    let size = |view: &View| {
        let png = army_ants_png(view, &labels());
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
        (image.width(), image.height())
    };
    assert_eq!(size(&own), (WIDTH, HEIGHT + TRAY_TOP + TRAY_ROW_H));
    assert_eq!(
        asked_square(&game.view(Some(Side::Black))),
        Some("a5".parse().unwrap())
    );
    assert_eq!(asked_square(&game.view(None)), None);
    assert_eq!(size(&game.view(None)), (WIDTH, HEIGHT));
    assert_eq!(hand_tray(&game.view(None)), None);
}

#[test]
fn a_board_of_card_backs_stays_small() {
    let mut game = minor(2);
    for _ in 0..3 {
        for side in Side::BOTH {
            let cards = game.deploy_hand(side).expect("a hand").cards;
            game.apply(side, &Action::Deploy(vec![cards]))
                .expect("a legal deploy");
        }
    }
    red_deploys(&mut game, false);
    let view = game.view(None);
    assert_eq!(
        view.cells.iter().filter(|c| matches!(c, Cell::Hidden(_))).count(),
        34
    );
    let png = army_ants_png(&view, &labels());
    assert!(png.len() < 120 * 1024, "PNG is {} bytes", png.len());
}

#[test]
fn hidden_cards_do_not_change_the_image() {
    let (mut a, mut b) = (minor(1), minor(1));
    red_deploys(&mut a, false);
    red_deploys(&mut b, true);
    assert_ne!(
        a.view(Some(Side::Red)),
        b.view(Some(Side::Red)),
        "the deployments differ"
    );
    for viewer in [Some(Side::Black), None] {
        let (va, vb) = (a.view(viewer), b.view(viewer));
        assert!(va.cells.iter().any(|c| matches!(c, Cell::Hidden(Side::Red))));
        assert_eq!(army_ants_png(&va, &labels()), army_ants_png(&vb, &labels()));
        assert_eq!(
            army_ants_alt_text(&va, &labels()),
            army_ants_alt_text(&vb, &labels())
        );
    }
}

/// Black sees its own side of the board: its home row (8) at the
/// bottom, a1 at the top right, and its bar below the board.
#[test]
fn black_s_board_is_turned_half_round() {
    let red = army_ants_regions(Side::Red);
    let black = army_ants_regions(Side::Black);
    let at = |regions: &[antics_render::Region], id: &str| {
        let r = regions.iter().find(|r| r.id == id).expect("a square");
        (r.x, r.y)
    };
    assert_eq!(at(&red, "a1"), at(&black, "e8"));
    assert_eq!(at(&red, "e8"), at(&black, "a1"));
    assert_eq!(at(&red, "c4"), at(&black, "c5"));
    let (left, bottom) = at(&black, "e8");
    assert!(black.iter().all(|r| r.x >= left && r.y <= bottom));
    assert_eq!(strip_top(Side::Black, Side::Black), BOTTOM_STRIP_Y);
    let view = full_board().view(None);
    let turned = BoardLabels {
        bottom: Side::Black,
        ..labels()
    };
    assert_ne!(army_ants_png(&view, &labels()), army_ants_png(&view, &turned));
}

#[test]
fn alt_text_never_names_hidden_cards() {
    let mut game = minor(1);
    red_deploys(&mut game, false);
    let text = army_ants_alt_text(&game.view(Some(Side::Black)), &labels());
    assert!(text.contains("Deployment"), "{text}");
    assert!(
        text.contains("Red (alice): 0 cards face up, 5 face down."),
        "{text}"
    );
    assert!(!text.contains("Queen on"), "{text}");
}

#[test]
fn alt_text_tells_phase_turn_last_move_and_material() {
    let game = full_board();
    let (side, last) = game.record().last().cloned().expect("one move");
    let text = army_ants_alt_text(&game.view(None), &labels());
    assert!(text.contains("Rally — Red 4, Black 5 turns left"), "{text}");
    assert!(text.contains("Black to move — bob"), "{text}");
    assert!(text.contains(&format!("{side} {last}")), "{text}");
    assert!(text.contains("Red (alice): 19 cards"), "{text}");
    let long = BoardLabels {
        red: "r".repeat(5000),
        black: "b".repeat(5000),
        bottom: Side::Red,
    };
    assert!(army_ants_alt_text(&game.view(None), &long).chars().count() <= 1024);
}

#[test]
fn a_finished_game_and_a_draw_offer_render() {
    let mut game = full_board();
    let Status::ToMove(side) = game.status() else {
        panic!("a side to move")
    };
    game.apply(side, &Action::OfferDraw).expect("an offer");
    let offered = army_ants_alt_text(&game.view(None), &labels());
    assert!(offered.contains("Black offers a draw"), "{offered}");
    game.apply(side, &Action::Resign).expect("a resignation");
    let view = game.view(None);
    assert!(army_ants_alt_text(&view, &labels()).contains("alice (Red) wins by resignation"));
    assert!(tiny_skia::Pixmap::decode_png(&army_ants_png(&view, &labels())).is_ok());
}

/// Mean and worst per-channel error of the palette over full-colour art.
fn palette_error(original: &Pixmap, indexed: &Indexed) -> (f64, u8) {
    let palette = art().sprites.palette();
    let (mut sum, mut worst) = (0u64, 0u8);
    for (px, index) in original.data().chunks_exact(4).zip(&indexed.data) {
        let colour = palette.colour(*index);
        for c in 0..3 {
            let error = px[c].abs_diff(colour[c]);
            sum += error as u64;
            worst = worst.max(error);
        }
    }
    (sum as f64 / (3 * indexed.data.len()) as f64, worst)
}

#[test]
fn the_palette_keeps_the_art_faithful() {
    let art = art();
    for bottom in Side::BOTH {
        let (mean, worst) = palette_error(&board_background(bottom), &art.boards[bottom.index()]);
        assert!(mean < 0.5 && worst < 24, "board: mean {mean}, worst {worst}");
    }
    for face in [0, 9, 10, 11, 20, 21] {
        let sprite = card_sprite(face);
        for ground in 0..GROUNDS {
            let mut sheet = art.sprites.blank(TILE_W, TILE_H, FRAME);
            sheet.stamp(&art.tiles[face * GROUNDS + ground], 0, 0);
            let (mean, worst) = palette_error(&tile(&sprite, ground), &sheet.image);
            assert!(
                mean < 0.5 && worst < 24,
                "face {face} on {ground}: mean {mean}, worst {worst}"
            );
        }
    }
}

/// A game played at random until an attack in the battle has happened.
fn battle(seed: u64) -> ArmyAnts {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(seed),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut rng = SeededRng::new(seed);
    while let Status::ToMove(side) = game.status() {
        let legal = game.legal_actions();
        let attack = legal.iter().find(|a| matches!(a, Action::Attack { .. })).cloned();
        let action = attack
            .clone()
            .unwrap_or_else(|| legal[rng.below(legal.len() as u64) as usize].clone());
        game.apply(side, &action).expect("legal");
        if attack.is_some()
            && game
                .view(None)
                .cells
                .iter()
                .filter(|c| **c != Cell::Empty)
                .count()
                < 34
        {
            break;
        }
    }
    game
}

/// Writes example boards for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact army_ants::write_examples`,
/// then open /tmp/antics-*.png.
#[test]
#[ignore]
fn write_examples() {
    let write = |name: &str, view: &View, labels: &BoardLabels| {
        let png = army_ants_png(view, labels);
        std::fs::write(format!("/tmp/antics-{name}.png"), &png).unwrap();
        png
    };
    let long = BoardLabels {
        red: "alice the magnificent".into(),
        black: "Bartholomew of the Black Army, Esq.".into(),
        bottom: Side::Black,
    };
    let png = write("board", &full_board().view(None), &labels());
    let corner = tiny_skia::Pixmap::decode_png(&png)
        .unwrap()
        .clone_rect(tiny_skia::IntRect::from_xywh(180, 250, 280, 220).unwrap())
        .unwrap();
    let mut zoom = tiny_skia::Pixmap::new(840, 660).unwrap();
    let nearest = tiny_skia::PixmapPaint {
        quality: tiny_skia::FilterQuality::Nearest,
        ..tiny_skia::PixmapPaint::default()
    };
    zoom.draw_pixmap(
        0,
        0,
        corner.as_ref(),
        &nearest,
        tiny_skia::Transform::from_scale(3.0, 3.0),
        None,
    );
    zoom.save_png("/tmp/antics-zoom.png").unwrap();
    let mut game = minor(1);
    red_deploys(&mut game, false);
    write("deploy", &game.view(Some(Side::Black)), &long);
    let mut cards = game.deploy_hand(Side::Black).unwrap().cards;
    cards.sort();
    game.apply(Side::Black, &Action::Deploy(vec![cards])).unwrap();
    red_deploys(&mut game, false);
    write("deploy-red", &game.view(Some(Side::Red)), &labels());
    let mut game = battle(3);
    let Status::ToMove(side) = game.status() else {
        panic!("the game goes on")
    };
    write("battle", &game.view(None), &labels());
    game.apply(side, &Action::OfferDraw).unwrap();
    write("offer", &game.view(None), &long);
    game.apply(side.opponent(), &Action::Resign).unwrap();
    write("over", &game.view(None), &labels());
}

/// A review marks the move it prefers as a board marks the last move, and
/// says so in the footer: the squares and the footer's word change, nothing
/// else of the board.
#[test]
fn a_marked_move_is_drawn_as_the_last_move_under_another_word() {
    let view = full_board().view(None);
    assert_eq!(
        army_ants_png_marked(&view, &labels(), "Last move"),
        army_ants_png(&view, &labels()),
        "the same board under the usual word"
    );
    let decode = |png: Vec<u8>| tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
    let plain = decode(army_ants_png(&view, &labels()));
    let better = decode(army_ants_png_marked(&view, &labels(), "Better"));
    let footer = HEIGHT - 60;
    let changed: Vec<u32> = (0..HEIGHT)
        .filter(|&y| {
            let row = |p: &Pixmap| p.pixels()[(y * WIDTH) as usize..((y + 1) * WIDTH) as usize].to_vec();
            row(&plain) != row(&better)
        })
        .collect();
    assert!(!changed.is_empty(), "the footer's word is drawn");
    assert!(
        changed.iter().all(|&y| y >= footer),
        "only the footer changes: rows {changed:?}"
    );
}
