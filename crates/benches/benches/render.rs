//! Drawing a full Army Ants board (38 cards and a last move) and an Atta
//! Ants map to PNGs, and their encoding alone.

use antics::render::canvas::{Indexed, Palette};
use antics::render::{army_ants_png, atta_ants_alt_text, atta_ants_png, BoardLabels};
use antics::rules::army_ants::{Action, ArmyAnts, Setup, Side};
use antics::rules::atta_ants::{AttaAnts, Setup as AttaSetup, Status as AttaStatus, View as AttaView};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// A dealt game after one march by Red: every card on the board.
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

fn render(c: &mut Criterion) {
    let view = full_board().view(None);
    let labels = BoardLabels {
        red: "alice".into(),
        black: "bob".into(),
        bottom: Side::Red,
    };
    let png = army_ants_png(&view, &labels); // prepares the art outside the timing
    println!("army_ants_png: {} bytes", png.len());
    c.bench_function("army_ants_png full board", |b| {
        b.iter(|| army_ants_png(black_box(&view), black_box(&labels)))
    });
    encode_only(c, "army_ants_png encode only", &png);
}

/// The encoding alone, apart from the drawing: the board's palette image
/// (read back from its PNG) encoded again.
fn encode_only(c: &mut Criterion, name: &str, png: &[u8]) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .expect("a PNG");
    let colours = reader
        .info()
        .palette
        .as_ref()
        .expect("a palette image")
        .chunks_exact(3)
        .map(|rgb| [rgb[0], rgb[1], rgb[2]])
        .collect();
    let mut data = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut data).expect("a frame");
    data.truncate(frame.buffer_size());
    let image = Indexed {
        width: frame.width,
        height: frame.height,
        data,
    };
    let palette = Palette::from_colours(colours);
    assert_eq!(palette.encode_indexed(&image), png, "the same PNG again");
    c.bench_function(name, |b| b.iter(|| palette.encode_indexed(black_box(&image))));
}

/// A four-player Atta Ants game some rounds in: a grown map, ants out,
/// spiders, leaves (the first seed whose fixed playout reaches round 4).
fn atta_mid_game() -> AttaAnts {
    (1..200u64)
        .map(|seed| {
            let mut game = AttaAnts::new(&AttaSetup {
                players: 4,
                seed,
                deal: None,
            })
            .expect("a dealt game");
            for k in 0..400usize {
                let AttaStatus::ToMove(seat) = game.status() else {
                    break;
                };
                if game.round() >= 4 {
                    break;
                }
                // A fixed spread of choices.
                let legal = game.legal_actions();
                let action = legal[k * 7919 % legal.len()].clone();
                game.apply(seat, &action).expect("legal");
            }
            game
        })
        .find(|game| game.round() >= 4 && game.outcome().is_none())
        .expect("a game that lasts")
}

fn render_atta(c: &mut Criterion) {
    let game = atta_mid_game();
    let view = AttaView::of(&game);
    let labels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
    let png = atta_ants_png(&view, &labels);
    println!(
        "atta_ants_png: {} bytes, {} cards, round {}; alt text {} chars",
        png.len(),
        game.map().len() + 1,
        game.round(),
        atta_ants_alt_text(&view, &labels).len()
    );
    c.bench_function("atta_ants_png mid-game", |b| {
        b.iter(|| atta_ants_png(black_box(&view), black_box(&labels)))
    });
    encode_only(c, "atta_ants_png encode only", &png);
}

criterion_group!(benches, render, render_atta);
criterion_main!(benches);
