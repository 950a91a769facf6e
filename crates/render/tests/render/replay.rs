//! Animated replays (`src/replay.rs`).

use crate::alice_and_bob as labels;
use antics_core::rules::army_ants::{ArmyAnts, Setup, Status, View};
use antics_core::rules::shuffle::SeededRng;
use antics_core::rules::{anthill, ants_solitaire};
use antics_render::ants::ants_size;
use antics_render::canvas::{Indexed, Palette};
use antics_render::replay::{evenly, move_delay, shrunk, Shrinker, FIRST_DELAY, LAST_DELAY};
use antics_render::{
    board_replay, board_replay_alt_text, replay_alt_text, AttaLabels, Board, Replay, Sample, Sampler,
    MAX_REPLAY_BYTES, MAX_REPLAY_FRAMES,
};

/// Every position of a game played at random from `seed`, at most
/// `plies` moves, and the game.
fn views(seed: u64, plies: usize) -> Vec<View> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(seed),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut rng = SeededRng::new(seed);
    let mut views = vec![game.view(None)];
    while let Status::ToMove(side) = game.status() {
        if views.len() > plies {
            break;
        }
        let legal = game.legal_actions();
        let action = legal[rng.below(legal.len() as u64) as usize].clone();
        game.apply(side, &action).expect("legal");
        views.push(game.view(None));
    }
    views
}

/// A board as a replay's frame shows it.
fn small((image, palette): (Indexed, &'static Palette)) -> Indexed {
    Shrinker::new(palette).shrink(&image)
}

/// The GIF's frames as the screen shows them: each drawn over the last,
/// its transparent pixels leaving what was there. Also the delays.
fn screens(gif: &[u8]) -> (Vec<Vec<u8>>, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a valid GIF");
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let mut screen = vec![0u8; w * h];
    let (mut screens, mut delays) = (vec![], vec![]);
    while let Some(frame) = decoder.read_next_frame().expect("a valid frame") {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let index = frame.buffer[y * frame.width as usize + x];
                if Some(index) != frame.transparent {
                    screen[(frame.top as usize + y) * w + frame.left as usize + x] = index;
                }
            }
        }
        screens.push(screen.clone());
        delays.push(frame.delay);
    }
    (screens, delays)
}

#[test]
fn every_position_is_a_frame_and_shows_exactly_its_board() {
    let views = views(5, 24);
    let replay = board_replay(&Sample::all(views.clone()), &labels(), MAX_REPLAY_BYTES).expect("a replay");
    assert_eq!((replay.frames, replay.positions), (views.len(), views.len()));
    assert!(replay.gif.starts_with(b"GIF89a"));
    let (screens, delays) = screens(&replay.gif);
    assert_eq!(screens.len(), views.len());
    for (i, (screen, view)) in screens.iter().zip(&views).enumerate() {
        assert!(*screen == small(view.frame(&labels(), ())).data, "frame {i}");
    }
    assert_eq!(delays[0], FIRST_DELAY);
    assert_eq!(delays[1], move_delay(views.len()));
    assert_eq!(*delays.last().unwrap(), LAST_DELAY);
}

#[test]
fn a_replay_too_big_for_its_limit_leaves_positions_out_but_not_the_last() {
    let views = views(9, 40);
    let whole = board_replay(&Sample::all(views.clone()), &labels(), MAX_REPLAY_BYTES).unwrap();
    let limit = whole.gif.len() * 2 / 3;
    let short = board_replay(&Sample::all(views.clone()), &labels(), limit).unwrap();
    assert!(short.gif.len() <= limit, "{} > {limit}", short.gif.len());
    assert!(short.frames < views.len() && short.frames >= 2);
    assert_eq!(short.positions, views.len());
    let (screens, _) = screens(&short.gif);
    assert_eq!(screens.len(), short.frames);
    let last = small(views.last().unwrap().frame(&labels(), ()));
    assert!(*screens.last().unwrap() == last.data);
}

#[test]
fn an_unchanged_position_still_gets_a_frame() {
    let view = views(1, 0).remove(0);
    let replay = board_replay(
        &Sample::all(vec![view.clone(), view]),
        &labels(),
        MAX_REPLAY_BYTES,
    )
    .unwrap();
    let (screens, _) = screens(&replay.gif);
    assert_eq!(screens.len(), 2);
    assert_eq!(screens[0], screens[1]);
}

#[test]
fn the_alt_text_tells_the_length_and_the_end() {
    let views = Sample::all(views(5, 10));
    let replay = board_replay(&views, &labels(), MAX_REPLAY_BYTES).unwrap();
    let text = board_replay_alt_text(&replay, &views, &labels());
    assert!(text.starts_with(&format!(
        "Animated replay of the game, {} positions",
        views.positions
    )));
    assert!(text.contains("Army Ants board."), "{text}");
    assert!(text.chars().count() <= 1024);
    // A sample says so.
    let sampled = Replay {
        frames: 100,
        positions: 4_002,
        ..replay
    };
    let text = replay_alt_text(&sampled, "The end.");
    assert!(text.starts_with("Animated replay of the game, 100 of its 4002 positions, evenly spread"));
}

#[test]
fn a_patience_replay_holds_boards_of_every_height() {
    use antics_core::rules::patience::Patience;
    let mut game = ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
        seed: Some(4),
        ..Default::default()
    })
    .expect("a deal");
    let mut views = vec![game.view()];
    while let Some(action) = game.legal_actions().first().cloned() {
        if views.len() > 30 {
            break;
        }
        game.apply(&action).expect("legal");
        views.push(game.view());
    }
    let tallest = views.iter().map(|v| ants_size(v).1).max().unwrap();
    let replay = board_replay(&Sample::all(views.clone()), None, MAX_REPLAY_BYTES).expect("a replay");
    assert_eq!(replay.frames, views.len());
    let (screens, _) = screens(&replay.gif);
    assert_eq!(screens.len(), views.len());
    for (screen, view) in screens.iter().zip(&views) {
        let board = small(view.frame(None, ants_size(view).1));
        assert_eq!(screen.len(), (board.width * shrunk(tallest)) as usize);
        assert!(screen[..board.data.len()] == board.data[..]);
    }
}

/// The positions a `Sampler` of `most` keeps of a game of `count`, and
/// how many views it built.
fn sampled(count: usize, most: usize) -> (Sample<usize>, usize) {
    let mut built = 0;
    let mut sampler = Sampler::new(most);
    for i in 0..count {
        sampler.offer(|| {
            built += 1;
            i
        });
    }
    let sample = sampler.finish(|| {
        built += 1;
        count - 1
    });
    (sample, built)
}

#[test]
fn a_sample_keeps_the_first_and_last_positions_evenly_spread() {
    for most in [2, 3, 10, MAX_REPLAY_FRAMES] {
        for count in (0..700).chain([4_000, 4_001, 65_537]) {
            let (sample, built) = sampled(count, most);
            assert_eq!(sample.positions, count);
            let kept = &sample.views;
            if count == 0 {
                assert!(kept.is_empty());
                continue;
            }
            assert_eq!(kept.len(), count.min(most), "{count} of {most}");
            assert_eq!((kept[0], kept[kept.len() - 1]), (0, count - 1));
            // Even: no gap between two drawn positions is more than
            // three times the mean gap (the sampler keeps every
            // stride-th position, then picks evenly among those).
            let gaps: Vec<usize> = kept.windows(2).map(|w| w[1] - w[0]).collect();
            assert!(gaps.iter().all(|&g| g > 0));
            if count > most {
                let mean = (count - 1) as f64 / (most - 1) as f64;
                let widest = *gaps.iter().max().unwrap() as f64;
                assert!(widest <= 3.0 * mean, "{count} of {most}: {gaps:?}");
            }
            // Bounded work: a view is built only for a kept position,
            // about `most` per doubling of the game's length.
            let doublings = (count as f64 / most as f64).log2().max(0.0).ceil() as usize;
            assert!(
                built <= 2 * most + most * doublings + 1,
                "{count} of {most}: {built} built"
            );
        }
    }
}

#[test]
fn evenly_spread_indices_are_all_of_a_short_list() {
    assert_eq!(evenly(5, 10), vec![0, 1, 2, 3, 4]);
    assert_eq!(evenly(11, 3), vec![0, 5, 10]);
    assert_eq!(evenly(4_000, 4), vec![0, 1_333, 2_666, 3_999]);
    assert!(evenly(0, 3).is_empty());
}

#[test]
fn a_long_patience_replay_draws_a_bounded_sample() {
    // "A 4,000-move patience makes `/record` take 52 s": the replay of
    // any game draws at most MAX_REPLAY_FRAMES positions, the first and
    // the last among them.
    use antics_core::rules::patience::Patience;
    // A deal that opens with a move, played and taken back 2,000 times.
    let (mut game, first) = (0..)
        .find_map(|seed| {
            let game = ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
                seed: Some(seed),
                ..Default::default()
            })
            .expect("a deal");
            let first = game
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, ants_solitaire::Action::Move { .. }))?;
            Some((game, first))
        })
        .expect("a deal with a move");
    let mut views = vec![game.view()];
    while views.len() < 4_001 {
        let action = if views.len() % 2 == 1 {
            first
        } else {
            ants_solitaire::Action::Undo
        };
        game.apply(&action).expect("legal");
        views.push(game.view());
    }
    let last = views.last().unwrap().clone();
    let tallest = views.iter().map(|v| ants_size(v).1).max().unwrap();
    let replay = board_replay(&Sample::all(views), None, MAX_REPLAY_BYTES).expect("a replay");
    assert_eq!((replay.frames, replay.positions), (MAX_REPLAY_FRAMES, 4_001));
    let (screens, _) = screens(&replay.gif);
    assert_eq!(screens.len(), MAX_REPLAY_FRAMES);
    let board = small(last.frame(None, ants_size(&last).1));
    let screen = screens.last().unwrap();
    assert_eq!(screen.len(), (board.width * shrunk(tallest)) as usize);
    assert!(
        screen[..board.data.len()] == board.data[..],
        "the last frame is the last position"
    );
}

/// Every position of an Atta Ants game played at random from `seed`
/// (ending turns now and then, so that it finishes), as the board sees it.
fn atta_positions(players: u8, seed: u64) -> Vec<antics_core::rules::atta_ants::View> {
    use antics_core::rules::atta_ants::{Action, AttaAnts, Setup, Status, View};
    let mut game = AttaAnts::new(&Setup {
        players,
        seed,
        deal: None,
    })
    .expect("a deal");
    let mut rng = SeededRng::new(seed);
    let mut games = vec![View::of(&game)];
    while let Status::ToMove(colour) = game.status() {
        let legal = game.legal_actions();
        let action = if legal.contains(&Action::End) && rng.below(3) == 0 {
            Action::End
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        game.apply(colour, &action).expect("legal");
        games.push(View::of(&game));
    }
    games
}

#[test]
fn an_atta_ants_replay_shows_every_position_in_one_layout() {
    let games = atta_positions(3, 11);
    let labels: AttaLabels = vec!["alice".into(), "bob".into(), "carol".into()];
    let replay = board_replay(&Sample::all(games.clone()), &labels, MAX_REPLAY_BYTES).expect("a replay");
    assert_eq!((replay.frames, replay.positions), (games.len(), games.len()));
    let layout = Board::layout(&games[..]).unwrap();
    let (screens, _) = screens(&replay.gif);
    assert_eq!(screens.len(), games.len());
    for (i, (screen, game)) in screens.iter().zip(&games).enumerate() {
        assert!(*screen == small(game.frame(&labels, layout)).data, "frame {i}");
    }
    let text = board_replay_alt_text(&replay, &Sample::all(games.clone()), &labels);
    assert!(text.starts_with(&format!("Animated replay of the game, {} positions", games.len())));
}

/// Every position of an Anthill game of `count` positions played at
/// random from `seed` (any legal action but End), if the game lasts
/// that long.
fn anthill_positions(seed: u64, count: usize) -> Option<Vec<anthill::View>> {
    use antics_core::rules::patience::Patience;
    let mut game = anthill::Anthill::new(&anthill::Setup {
        seed: Some(seed),
        deal: None,
    })
    .ok()?;
    let mut rng = SeededRng::new(seed);
    let mut views = vec![game.view()];
    while views.len() < count {
        let legal: Vec<anthill::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| *a != anthill::Action::End)
            .collect();
        if legal.is_empty() {
            return None;
        }
        game.apply(&legal[rng.below(legal.len() as u64) as usize]).ok()?;
        views.push(game.view());
    }
    Some(views)
}

/// Checks a replay against the issue's bounds: "a replay is at most
/// 1.5 MB and loops in at most 30 s whatever the game's length".
fn assert_light(replay: &Replay, what: &str) {
    assert!(
        replay.gif.len() <= 1_500_000,
        "{what}: {} bytes",
        replay.gif.len()
    );
    assert!(
        (2..=MAX_REPLAY_FRAMES).contains(&replay.frames),
        "{what}: {} frames",
        replay.frames
    );
    let (screens, delays) = screens(&replay.gif);
    assert_eq!(screens.len(), replay.frames, "{what}");
    let loop_cs: u32 = delays.iter().map(|d| u32::from(*d)).sum();
    assert_eq!(loop_cs, replay.loop_cs, "{what}");
    assert!(loop_cs <= 3_000, "{what}: a loop of {loop_cs} cs");
}

#[test]
fn replays_stay_light_and_short_whatever_the_length() {
    // "A won Anthill replay is 4 MB with 178 frames (3 minutes a
    // loop)": long games of random legal play, 200 and 2,000
    // positions.
    for count in [201, 2_001] {
        let views = (0..)
            .find_map(|seed| anthill_positions(seed, count))
            .expect("a long enough game");
        let replay = board_replay(&Sample::all(views), None, MAX_REPLAY_BYTES).expect("a replay");
        assert_eq!(replay.positions, count);
        assert_light(&replay, &format!("Anthill, {count} positions"));
    }
    // "A typical Army Ants game (40 positions) stays under 400 KB."
    let views = views(9, 40);
    assert_eq!(views.len(), 41);
    let replay = board_replay(&Sample::all(views), &labels(), MAX_REPLAY_BYTES).expect("a replay");
    assert_eq!(replay.frames, 41, "every position of a typical game is drawn");
    assert_light(&replay, "Army Ants, 41 positions");
    assert!(replay.gif.len() < 400_000, "{} bytes", replay.gif.len());
}

/// Writes a replay for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact replay::write_example`,
/// then open /tmp/antics-replay.gif.
#[test]
#[ignore]
fn write_example() {
    let views = views(3, 400);
    let replay = board_replay(&Sample::all(views.clone()), &labels(), MAX_REPLAY_BYTES).unwrap();
    std::fs::write("/tmp/antics-replay.gif", &replay.gif).unwrap();
    eprintln!("{} positions, {} bytes", views.len(), replay.gif.len());
    let games = atta_positions(4, 2);
    let labels: AttaLabels = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    let replay = board_replay(&Sample::all(games), &labels, MAX_REPLAY_BYTES).unwrap();
    std::fs::write("/tmp/antics-atta-replay.gif", &replay.gif).unwrap();
    eprintln!("{} positions, {} bytes", replay.positions, replay.gif.len());
}
