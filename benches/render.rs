//! Drawing a full Army Ants board (38 cards and a last move) to a PNG.

use antics::render::{army_ants_png, BoardLabels};
use antics::rules::army_ants::{Action, ArmyAnts, Setup, Side};
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
    };
    let png = army_ants_png(&view, &labels); // prepares the art outside the timing
    println!("army_ants_png: {} bytes", png.len());
    c.bench_function("army_ants_png full board", |b| {
        b.iter(|| army_ants_png(black_box(&view), black_box(&labels)))
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
