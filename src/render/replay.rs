//! Animated replays: every position of a finished game, in order, as one
//! GIF that Discord plays inline (after lichess's game GIFs).
//!
//! The frames are the boards the game's own renderer draws into its palette
//! image, so one palette (the GIF's global colour table) serves every frame
//! and nothing is quantized again. The first frame is the whole board; each
//! later frame covers only the rectangle around the pixels that changed,
//! with the unchanged pixels inside it transparent, so LZW meets long runs of
//! one index. Frames are drawn one at a time and compressed at once: only
//! the previous board is kept, whatever the length of the game.
//!
//! Encoding uses the `gif` crate (image-rs, the encoder inside `image`
//! itself): it writes indexed frames with a global palette as they are,
//! and can compress a frame before writing it, so the file's size is known
//! before it is written. `image`'s own GIF encoder takes RGBA frames and
//! quantizes each one again, with a palette of its own.

use super::anthill::{anthill_frame, anthill_size};
use super::ants::{ants_frame, ants_size};
use super::army_ants::{army_ants_alt_text, army_ants_frame};
use super::atta_ants::{atta_ants_alt_text, atta_ants_frame, AttaLabels, Layout};
use super::canvas::{Indexed, Palette};
use super::myrmex::{myrmex_frame, myrmex_size};
use super::BoardLabels;
use crate::rules::army_ants::View;
use crate::rules::atta_ants::AttaAnts;
use crate::rules::{anthill, ants_solitaire, myrmex};
use std::borrow::Cow;

/// The most a replay may weigh: Discord takes 10 MiB a file; this leaves
/// room for the rest of the message.
pub const MAX_REPLAY_BYTES: usize = 8 * 1024 * 1024;

/// How long the first position shows, in hundredths of a second.
pub const FIRST_DELAY: u16 = 150;
/// How long each later position shows.
pub const MOVE_DELAY: u16 = 100;
/// How long the final position shows before the replay starts again.
pub const LAST_DELAY: u16 = 400;

/// An animated replay, encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub gif: Vec<u8>,
    /// The positions it shows: every position of the game, unless the
    /// file had to leave some out to stay under its size limit.
    pub frames: usize,
    /// The positions of the game.
    pub positions: usize,
}

/// An Army Ants game as an animated GIF: one frame per view, in order,
/// each with its last move marked as the board shows it. `None` for no
/// views. `max_bytes` bounds the file: a long game that would weigh more
/// shows every second position (every third, ...) and always the last.
pub fn army_ants_replay(views: &[View], labels: &BoardLabels, max_bytes: usize) -> Option<Replay> {
    let (first, palette) = army_ants_frame(views.first()?, labels);
    let frames = Frames {
        width: first.width,
        height: first.height,
        palette: palette.rgb_table(),
        count: views.len(),
    };
    frames.encode(|i| army_ants_frame(&views[i], labels).0, max_bytes)
}

/// The replay's description for screen readers: what it is, and the final
/// position as the board's own alt text tells it.
pub fn army_ants_replay_alt_text(views: &[View], labels: &BoardLabels) -> String {
    let last = views
        .last()
        .map(|v| army_ants_alt_text(v, labels))
        .unwrap_or_default();
    replay_alt_text(views.len(), &last)
}

/// A replay's description for screen readers, from its length and the alt
/// text of its final position; at most 1024 characters (Discord's limit).
pub fn replay_alt_text(positions: usize, last: &str) -> String {
    let text =
        format!("Animated replay of the game, {positions} positions, one a second. Final position: {last}");
    if text.chars().count() > 1024 {
        text.chars().take(1023).collect::<String>() + "…"
    } else {
        text
    }
}

/// An Atta Ants game as an animated GIF: one frame per position (the
/// game at its start and after every action), each with its last actions
/// highlighted as the board shows them, all drawn in one layout (the
/// final map's grid), so a frame changes only where the game did.
pub fn atta_ants_replay(games: &[AttaAnts], labels: &AttaLabels, max_bytes: usize) -> Option<Replay> {
    let layout = Layout::covering(games)?;
    let (first, palette) = atta_ants_frame(games.first()?, labels, layout);
    let frames = Frames {
        width: first.width,
        height: first.height,
        palette: palette.rgb_table(),
        count: games.len(),
    };
    frames.encode(|i| atta_ants_frame(&games[i], labels, layout).0, max_bytes)
}

/// The Atta Ants replay's description for screen readers.
pub fn atta_ants_replay_alt_text(games: &[AttaAnts], labels: &AttaLabels) -> String {
    let last = games
        .last()
        .map(|g| atta_ants_alt_text(g, labels))
        .unwrap_or_default();
    replay_alt_text(games.len(), &last)
}

/// A game of Anthill as an animated GIF, one frame per view (the views as
/// the player saw them: a card face down then is a back in its frame).
pub fn anthill_replay(views: &[anthill::View], max_bytes: usize) -> Option<Replay> {
    patience_replay(views, anthill_size, anthill_frame, max_bytes)
}

/// A game of Ants Solitaire as an animated GIF, one frame per view.
pub fn ants_replay(views: &[ants_solitaire::View], max_bytes: usize) -> Option<Replay> {
    patience_replay(views, ants_size, ants_frame, max_bytes)
}

/// A game of Myrmex as an animated GIF, one frame per view.
pub fn myrmex_replay(views: &[myrmex::View], max_bytes: usize) -> Option<Replay> {
    patience_replay(views, myrmex_size, myrmex_frame, max_bytes)
}

/// Patience boards grow and shrink with their piles: every frame is drawn
/// on a canvas as tall as the tallest, the room below a shorter board in
/// its own bottom colour (the table).
fn patience_replay<V>(
    views: &[V],
    size: impl Fn(&V) -> (u32, u32),
    frame: impl Fn(&V) -> (Indexed, &'static Palette),
    max_bytes: usize,
) -> Option<Replay> {
    let (width, _) = size(views.first()?);
    let height = views.iter().map(|v| size(v).1).max()?;
    let (_, palette) = frame(&views[0]);
    let frames = Frames {
        width,
        height,
        palette: palette.rgb_table(),
        count: views.len(),
    };
    frames.encode(|i| extend_to(frame(&views[i]).0, height), max_bytes)
}

/// `image` made `height` tall, its last row's colour below it.
fn extend_to(mut image: Indexed, height: u32) -> Indexed {
    if image.height < height {
        let fill = image.data.last().copied().unwrap_or(0);
        let extra = (height - image.height) as usize * image.width as usize;
        image.data.extend(std::iter::repeat_n(fill, extra));
        image.height = height;
    }
    image
}

/// The frames of an animation: their size, their shared palette and how
/// many there are.
struct Frames {
    width: u32,
    height: u32,
    palette: Vec<u8>,
    count: usize,
}

/// A frame compressed and ready to write.
struct Encoded {
    frame: gif::Frame<'static>,
}

impl Encoded {
    /// Bytes in the file: the control extension (8), the image descriptor
    /// (10), the code size, the data in sub-blocks of 255 and the ending.
    fn size(&self) -> usize {
        let data = self.frame.buffer.len().saturating_sub(1);
        8 + 10 + 1 + data + data.div_ceil(255) + 1
    }
}

impl Frames {
    /// Draws and encodes frames `0..count` (`draw(i)` is frame `i`), every
    /// `stride`-th one and the last, until the file fits in `max_bytes`.
    fn encode(&self, draw: impl Fn(usize) -> Indexed, max_bytes: usize) -> Option<Replay> {
        if self.count == 0 || self.width > u16::MAX as u32 || self.height > u16::MAX as u32 {
            return None;
        }
        // The header, the colour table and the loop extension.
        let overhead = 13 + 768 + 19 + 1;
        let mut stride = 1;
        loop {
            let picked = picked(self.count, stride);
            let frames = self.compress(&draw, &picked);
            let size = overhead + frames.iter().map(Encoded::size).sum::<usize>();
            if size <= max_bytes || picked.len() <= 2 {
                return Some(Replay {
                    gif: self.write(&frames),
                    frames: picked.len(),
                    positions: self.count,
                });
            }
            // Fewer frames, each a bigger change: aim at the limit, and
            // always leave out more than the last try did.
            stride = (stride + 1).max((stride * size).div_ceil(max_bytes));
        }
    }

    fn compress(&self, draw: &impl Fn(usize) -> Indexed, picked: &[usize]) -> Vec<Encoded> {
        let mut previous: Option<Indexed> = None;
        let mut out = Vec::with_capacity(picked.len());
        for (n, &i) in picked.iter().enumerate() {
            let image = draw(i);
            assert!(
                image.width == self.width && image.height == self.height,
                "every frame of a replay has the same size"
            );
            let mut frame = match &previous {
                None => gif::Frame::from_indexed_pixels(
                    self.width as u16,
                    self.height as u16,
                    image.data.clone(),
                    None,
                ),
                Some(before) => delta(before, &image),
            };
            frame.delay = match n {
                _ if n + 1 == picked.len() => LAST_DELAY,
                0 => FIRST_DELAY,
                _ => MOVE_DELAY,
            };
            frame.make_lzw_pre_encoded();
            out.push(Encoded { frame });
            previous = Some(image);
        }
        out
    }

    fn write(&self, frames: &[Encoded]) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder =
                gif::Encoder::new(&mut out, self.width as u16, self.height as u16, &self.palette)
                    .expect("writing to memory");
            encoder
                .set_repeat(gif::Repeat::Infinite)
                .expect("writing to memory");
            for encoded in frames {
                encoder
                    .write_lzw_pre_encoded_frame(&encoded.frame)
                    .expect("writing to memory");
            }
        }
        out
    }
}

/// Frames `0, stride, 2 * stride, ...` and always the last.
fn picked(count: usize, stride: usize) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..count).step_by(stride.max(1)).collect();
    if picked.last() != Some(&(count - 1)) {
        picked.push(count - 1);
    }
    picked
}

/// The frame that turns `before` into `after`: the smallest rectangle
/// holding every changed pixel, the unchanged ones in it transparent (an
/// index no changed pixel uses; when all 256 are used, the rectangle is
/// written whole). No change at all gives one transparent pixel, so the
/// position still has its time on screen.
fn delta(before: &Indexed, after: &Indexed) -> gif::Frame<'static> {
    let w = after.width as usize;
    let rows = before.data.chunks_exact(w).zip(after.data.chunks_exact(w));
    let (mut left, mut right, mut top, mut bottom) = (w, 0, usize::MAX, 0);
    for (y, (a, b)) in rows.enumerate() {
        let Some(first) = a.iter().zip(b).position(|(p, q)| p != q) else {
            continue;
        };
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(first);
        left = left.min(first);
        right = right.max(last + 1);
        top = top.min(y);
        bottom = y + 1;
    }
    if top == usize::MAX {
        return gif::Frame {
            width: 1,
            height: 1,
            transparent: Some(0),
            buffer: Cow::Owned(vec![0]),
            ..gif::Frame::default()
        };
    }
    let mut used = [false; 256];
    for y in top..bottom {
        let row = y * w;
        for x in left..right {
            if before.data[row + x] != after.data[row + x] {
                used[after.data[row + x] as usize] = true;
            }
        }
    }
    let clear = used.iter().position(|u| !u).map(|i| i as u8);
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let row = y * w;
        for x in left..right {
            let (p, q) = (before.data[row + x], after.data[row + x]);
            buffer.push(match clear {
                Some(clear) if p == q => clear,
                _ => q,
            });
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: (right - left) as u16,
        height: (bottom - top) as u16,
        transparent: clear,
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::alice_and_bob as labels;
    use crate::rules::army_ants::{ArmyAnts, Setup, Status};
    use crate::rules::shuffle::SeededRng;

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
        let replay = army_ants_replay(&views, &labels(), MAX_REPLAY_BYTES).expect("a replay");
        assert_eq!((replay.frames, replay.positions), (views.len(), views.len()));
        assert!(replay.gif.starts_with(b"GIF89a"));
        let (screens, delays) = screens(&replay.gif);
        assert_eq!(screens.len(), views.len());
        for (i, (screen, view)) in screens.iter().zip(&views).enumerate() {
            assert!(*screen == army_ants_frame(view, &labels()).0.data, "frame {i}");
        }
        assert_eq!(delays[0], FIRST_DELAY);
        assert_eq!(delays[1], MOVE_DELAY);
        assert_eq!(*delays.last().unwrap(), LAST_DELAY);
    }

    #[test]
    fn a_replay_too_big_for_its_limit_leaves_positions_out_but_not_the_last() {
        let views = views(9, 40);
        let whole = army_ants_replay(&views, &labels(), MAX_REPLAY_BYTES).unwrap();
        let limit = whole.gif.len() * 2 / 3;
        let short = army_ants_replay(&views, &labels(), limit).unwrap();
        assert!(short.gif.len() <= limit, "{} > {limit}", short.gif.len());
        assert!(short.frames < views.len() && short.frames >= 2);
        assert_eq!(short.positions, views.len());
        let (screens, _) = screens(&short.gif);
        assert_eq!(screens.len(), short.frames);
        let last = army_ants_frame(views.last().unwrap(), &labels()).0;
        assert!(*screens.last().unwrap() == last.data);
    }

    #[test]
    fn an_unchanged_position_still_gets_a_frame() {
        let view = views(1, 0).remove(0);
        let replay = army_ants_replay(&[view.clone(), view], &labels(), MAX_REPLAY_BYTES).unwrap();
        let (screens, _) = screens(&replay.gif);
        assert_eq!(screens.len(), 2);
        assert_eq!(screens[0], screens[1]);
    }

    #[test]
    fn the_alt_text_tells_the_length_and_the_end() {
        let views = views(5, 10);
        let text = army_ants_replay_alt_text(&views, &labels());
        assert!(text.starts_with(&format!("Animated replay of the game, {} positions", views.len())));
        assert!(text.contains("Army Ants board."), "{text}");
        assert!(text.chars().count() <= 1024);
    }

    #[test]
    fn a_patience_replay_holds_boards_of_every_height() {
        use crate::rules::patience::Patience;
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
        let replay = ants_replay(&views, MAX_REPLAY_BYTES).expect("a replay");
        assert_eq!(replay.frames, views.len());
        let (screens, _) = screens(&replay.gif);
        assert_eq!(screens.len(), views.len());
        for (screen, view) in screens.iter().zip(&views) {
            let board = ants_frame(view).0;
            assert_eq!(screen.len(), (board.width * tallest) as usize);
            assert!(screen[..board.data.len()] == board.data[..]);
        }
    }

    /// Every position of an Atta Ants game played at random from `seed`
    /// (ending turns now and then, so that it finishes).
    fn atta_positions(players: u8, seed: u64) -> Vec<AttaAnts> {
        use crate::rules::atta_ants::{Action, Setup, Status};
        let mut game = AttaAnts::new(&Setup {
            players,
            seed,
            deal: None,
        })
        .expect("a deal");
        let mut rng = SeededRng::new(seed);
        let mut games = vec![game.clone()];
        while let Status::ToMove(colour) = game.status() {
            let legal = game.legal_actions();
            let action = if legal.contains(&Action::End) && rng.below(3) == 0 {
                Action::End
            } else {
                legal[rng.below(legal.len() as u64) as usize].clone()
            };
            game.apply(colour, &action).expect("legal");
            games.push(game.clone());
        }
        games
    }

    #[test]
    fn an_atta_ants_replay_shows_every_position_in_one_layout() {
        let games = atta_positions(3, 11);
        let labels: AttaLabels = vec!["alice".into(), "bob".into(), "carol".into()];
        let replay = atta_ants_replay(&games, &labels, MAX_REPLAY_BYTES).expect("a replay");
        assert_eq!((replay.frames, replay.positions), (games.len(), games.len()));
        let layout = Layout::covering(&games).unwrap();
        let (screens, _) = screens(&replay.gif);
        assert_eq!(screens.len(), games.len());
        for (i, (screen, game)) in screens.iter().zip(&games).enumerate() {
            assert!(
                *screen == atta_ants_frame(game, &labels, layout).0.data,
                "frame {i}"
            );
        }
        let text = atta_ants_replay_alt_text(&games, &labels);
        assert!(text.starts_with(&format!("Animated replay of the game, {} positions", games.len())));
    }

    /// Writes a replay for a person to look at:
    /// `cargo test --lib replay -- --ignored`, then open /tmp/antics-replay.gif.
    #[test]
    #[ignore]
    fn write_example() {
        let views = views(3, 400);
        let replay = army_ants_replay(&views, &labels(), MAX_REPLAY_BYTES).unwrap();
        std::fs::write("/tmp/antics-replay.gif", &replay.gif).unwrap();
        eprintln!("{} positions, {} bytes", views.len(), replay.gif.len());
        let games = atta_positions(4, 2);
        let labels: AttaLabels = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
        let replay = atta_ants_replay(&games, &labels, MAX_REPLAY_BYTES).unwrap();
        std::fs::write("/tmp/antics-atta-replay.gif", &replay.gif).unwrap();
        eprintln!("{} positions, {} bytes", games.len(), replay.gif.len());
    }
}
