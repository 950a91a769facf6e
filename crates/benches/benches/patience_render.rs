//! Rendering the three patiences: a mid-game view of each, drawn and
//! encoded as a PNG (the art is prepared before timing starts).

use antics::render::{anthill_png, ants_png, myrmex_png};
use antics::rules::anthill::{self, Anthill};
use antics::rules::ants_solitaire::{self, AntsSolitaire};
use antics::rules::cards::MyrmexLevel;
use antics::rules::myrmex::{self, Myrmex};
use antics::rules::patience::Patience;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Plays up to `actions` legal actions, preferring the first listed that
/// `pick` accepts, else the first legal one that is not `end`.
fn play<G: Patience>(game: &mut G, actions: usize, pick: impl Fn(usize, &G::Action) -> bool) {
    for turn in 0..actions {
        let legal = game.legal_actions();
        let choice = legal
            .iter()
            .find(|a| pick(turn, a))
            .or_else(|| legal.iter().find(|a| a.to_string() != "end"));
        let Some(action) = choice.cloned() else { break };
        game.apply(&action).expect("a legal action");
    }
}

fn anthill_view() -> anthill::View {
    let mut game = Anthill::new(&anthill::Setup {
        seed: Some(1),
        deal: None,
    })
    .expect("a game");
    // Moves, with a deal every fifth turn: piles of 8 to 10 cards.
    play(&mut game, 40, |turn, a| {
        let deal = a.to_string() == "deal";
        if turn % 5 == 4 {
            deal
        } else {
            !deal && a.to_string() != "end"
        }
    });
    game.view()
}

fn ants_view() -> ants_solitaire::View {
    let mut game = AntsSolitaire::new(&ants_solitaire::Setup {
        variant: ants_solitaire::Variant::Relaxed,
        seed: Some(2),
        deal: None,
    })
    .expect("a game");
    play(&mut game, 24, |turn, a| {
        (a.to_string() == "deal") == (turn % 3 != 2)
    });
    game.view()
}

fn myrmex_view() -> myrmex::View {
    let mut game = Myrmex::new(&myrmex::Setup {
        level: MyrmexLevel::Minor,
        closed: false,
        seed: Some(1),
        deal: None,
        ends_when_dead: true,
    })
    .expect("a game");
    play(&mut game, 40, |turn, a| {
        let text = a.to_string();
        if turn % 6 == 5 {
            text == "deal"
        } else {
            text.contains('-') && !text.contains(':')
        }
    });
    game.view()
}

fn render(c: &mut Criterion) {
    let (anthill, ants, myrmex) = (anthill_view(), ants_view(), myrmex_view());
    for (name, bytes) in [
        ("anthill", anthill_png(&anthill, None).len()),
        ("ants", ants_png(&ants, None).len()),
        ("myrmex", myrmex_png(&myrmex, None).len()),
    ] {
        eprintln!("{name}: {} KB", bytes / 1024);
    }
    let mut group = c.benchmark_group("patience_render");
    group.bench_function("anthill_png", |b| {
        b.iter(|| black_box(anthill_png(black_box(&anthill), None)))
    });
    group.bench_function("ants_png", |b| {
        b.iter(|| black_box(ants_png(black_box(&ants), None)))
    });
    group.bench_function("myrmex_png", |b| {
        b.iter(|| black_box(myrmex_png(black_box(&myrmex), None)))
    });
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
