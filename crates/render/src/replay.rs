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
//! A replay draws at most [`MAX_REPLAY_FRAMES`] positions, an even sample
//! of the game's that always holds the first and the last, so that drawing
//! one takes bounded time and memory however long the game ([`Sampler`]
//! keeps the sample while the game's log is played, without holding every
//! position).
//!
//! Encoding uses the `gif` crate (image-rs, the encoder inside `image`
//! itself): it writes indexed frames with a global palette as they are,
//! and can compress a frame before writing it, so the file's size is known
//! before it is written. `image`'s own GIF encoder takes RGBA frames and
//! quantizes each one again, with a palette of its own.

use super::board::Board;
use super::canvas::{Indexed, Palette};
use std::borrow::Cow;

/// The most a replay may weigh: light enough for a phone on mobile data
/// (Discord itself takes 10 MiB a file).
pub const MAX_REPLAY_BYTES: usize = 1_500_000;

/// How long the first position shows, in hundredths of a second.
pub const FIRST_DELAY: u16 = 150;
/// The longest each later position shows; a replay of many positions
/// shows each for less ([`move_delay`]), so that it loops in
/// [`MAX_LOOP_CS`].
pub const MOVE_DELAY: u16 = 100;
/// How long the final position shows before the replay starts again.
pub const LAST_DELAY: u16 = 300;
/// The longest a replay takes to play once through: 30 s.
pub const MAX_LOOP_CS: u32 = 3_000;

/// The most positions a replay draws. A longer game shows an even sample
/// of its positions, the first and the last among them: each then shows
/// for at least 0.44 s within the [`MAX_LOOP_CS`] loop, and drawing a
/// replay takes bounded time, whatever the game's length.
pub const MAX_REPLAY_FRAMES: usize = 60;

/// A replay's frames are its boards at 3/4 of their size: a board is
/// drawn for a screen about 1,000 px wide, Discord shows an image in a
/// message at most about 550 px wide (400 on a phone), and a quarter off
/// each side nearly halves the file.
const SHRINK: (u32, u32) = (3, 4);

/// How long each position between the first and the last shows in a
/// replay of `frames`, in hundredths of a second: [`MOVE_DELAY`], or less
/// so that the whole loop takes at most [`MAX_LOOP_CS`].
pub fn move_delay(frames: usize) -> u16 {
    let between = frames.saturating_sub(2).max(1) as u32;
    let room = MAX_LOOP_CS - u32::from(FIRST_DELAY) - u32::from(LAST_DELAY);
    (room / between).min(u32::from(MOVE_DELAY)) as u16
}

/// The positions a replay draws: an even sample of a game's (all of them
/// when there are few), and how many the game had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample<T> {
    /// In the game's order; the first and the last position always.
    pub views: Vec<T>,
    /// The game's positions, drawn or not.
    pub positions: usize,
}

impl<T> Sample<T> {
    /// At most `most` of `views`, evenly spread, the first and last kept.
    pub fn of(views: Vec<T>, most: usize) -> Sample<T> {
        let positions = views.len();
        Sample {
            views: pick(views, &evenly(positions, most)),
            positions,
        }
    }

    /// The sample with `f` of each of its views.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Sample<U> {
        Sample {
            views: self.views.iter().map(f).collect(),
            positions: self.positions,
        }
    }

    /// Every one of `views` (a replay still draws at most
    /// [`MAX_REPLAY_FRAMES`] of them).
    pub fn all(views: Vec<T>) -> Sample<T> {
        let positions = views.len();
        Sample { views, positions }
    }
}

/// Collects an even sample of a game's positions as its log is played,
/// without knowing how many there will be, keeping at most `2 * most`
/// views: positions `0, stride, 2 * stride, ...`, the stride doubling
/// (every second view dropped) whenever the views reach `2 * most`. The
/// caller's view of a position is built only when it is kept; the last
/// position is added at the end.
#[derive(Debug)]
pub struct Sampler<T> {
    most: usize,
    stride: usize,
    seen: usize,
    kept: Vec<T>,
    /// Whether the latest position offered is the last one kept.
    has_latest: bool,
}

impl<T> Sampler<T> {
    /// A sampler whose sample has at most `most` (at least 2) positions.
    pub fn new(most: usize) -> Sampler<T> {
        Sampler {
            most: most.max(2),
            stride: 1,
            seen: 0,
            kept: Vec::new(),
            has_latest: false,
        }
    }

    /// The game's next position; `view` draws up what a replay needs of it,
    /// and is called only if the sample keeps this position.
    pub fn offer(&mut self, view: impl FnOnce() -> T) {
        let index = self.seen;
        self.seen += 1;
        self.has_latest = index % self.stride == 0;
        if !self.has_latest {
            return;
        }
        self.kept.push(view());
        if self.kept.len() == 2 * self.most {
            // Keep positions 0, 2 * stride, 4 * stride, ...: the latest,
            // at an odd place, goes too.
            let mut place = 0;
            self.kept.retain(|_| {
                place += 1;
                place % 2 == 1
            });
            self.stride *= 2;
            self.has_latest = false;
        }
    }

    /// The sample. `last` gives the view of the last position offered,
    /// and is called only if the sample does not hold it yet.
    pub fn finish(mut self, last: impl FnOnce() -> T) -> Sample<T> {
        if self.seen > 0 && !self.has_latest {
            self.kept.push(last());
        }
        let positions = self.seen;
        let picked = evenly(self.kept.len(), self.most);
        Sample {
            views: pick(self.kept, &picked),
            positions,
        }
    }
}

/// At most `most` (at least 2) of the indices `0..count`, evenly spread,
/// always `0` and `count - 1`, in order.
fn evenly(count: usize, most: usize) -> Vec<usize> {
    let most = most.max(2);
    if count <= most {
        return (0..count).collect();
    }
    // With count > most, the step (count - 1) / (most - 1) exceeds 1, so
    // the indices strictly increase.
    (0..most).map(|k| k * (count - 1) / (most - 1)).collect()
}

/// The items of `all` at `indices` (in increasing order).
fn pick<T>(all: Vec<T>, indices: &[usize]) -> Vec<T> {
    let mut wanted = indices.iter().copied().peekable();
    all.into_iter()
        .enumerate()
        .filter_map(|(i, item)| {
            (wanted.peek() == Some(&i)).then(|| {
                wanted.next();
                item
            })
        })
        .collect()
}

/// An animated replay, encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub gif: Vec<u8>,
    /// The positions it shows: every position of the game, unless the
    /// game had more than [`MAX_REPLAY_FRAMES`] or the file had to leave
    /// some out to stay under its size limit.
    pub frames: usize,
    /// The positions of the game.
    pub positions: usize,
    /// How long it takes to play once through, in hundredths of a second.
    pub loop_cs: u32,
}

/// A game as an animated GIF: one frame per view, in order, each with its
/// last actions marked as the board shows them, all in one layout so that
/// a frame changes only where the game did. `None` for no views.
/// `max_bytes` bounds the file: a long game that would weigh more shows
/// fewer positions, evenly spread, and always the first and last.
pub fn board_replay<B: Board>(sample: &Sample<B>, labels: B::Labels<'_>, max_bytes: usize) -> Option<Replay> {
    let views = &sample.views;
    let layout = B::layout(views)?;
    let (first, palette) = views.first()?.frame(labels, layout);
    let frames = Frames::new(first.width, first.height, palette, views.len(), sample.positions);
    frames.encode(|i| views[i].frame(labels, layout).0, max_bytes)
}

/// The replay's description for screen readers: what it is, and the final
/// position as the board's own alt text tells it.
pub fn board_replay_alt_text<B: Board>(replay: &Replay, sample: &Sample<B>, labels: B::Labels<'_>) -> String {
    let last = sample
        .views
        .last()
        .map(|v| v.alt_text(labels))
        .unwrap_or_default();
    replay_alt_text(replay, &last)
}

/// A replay's description for screen readers, from its length (and how
/// many of the game's positions it shows) and the alt text of its final
/// position; at most 1024 characters (Discord's limit).
pub fn replay_alt_text(replay: &Replay, last: &str) -> String {
    let (frames, positions) = (replay.frames, replay.positions);
    let shown = if frames < positions {
        format!("{frames} of its {positions} positions, evenly spread")
    } else {
        format!("{positions} positions")
    };
    let seconds = replay.loop_cs.div_ceil(100);
    super::limit_alt(format!(
        "Animated replay of the game, {shown}, {seconds} seconds a loop. Final position: {last}"
    ))
}

/// The frames of an animation: their size (the boards' at [`SHRINK`]),
/// their shared palette, how many may be drawn, and how many positions
/// the game had.
struct Frames {
    width: u32,
    height: u32,
    palette: &'static Palette,
    count: usize,
    positions: usize,
}

impl Frames {
    /// Frames of boards `width` by `height`.
    fn new(width: u32, height: u32, palette: &'static Palette, count: usize, positions: usize) -> Frames {
        Frames {
            width: shrunk(width),
            height: shrunk(height),
            palette,
            count,
            positions,
        }
    }
}

/// A length at [`SHRINK`] (whole blocks only).
fn shrunk(length: u32) -> u32 {
    length / SHRINK.1 * SHRINK.0
}

/// How much each of a block's 4 source pixels (along one side) gives to
/// each of its 3 frame pixels, in thirds: every frame pixel covers 4/3 of
/// a source pixel's width.
const SHARES: [[u32; 4]; 3] = [[3, 1, 0, 0], [0, 2, 2, 0], [0, 0, 1, 3]];

/// Shrinks boards to [`SHRINK`] by averaging the colours each frame
/// pixel covers, mapped back onto the palette (remembered, since the same
/// blends come back frame after frame). A block of one colour stays that
/// colour, so flat areas cost nothing and unchanged areas stay unchanged.
struct Shrinker {
    palette: &'static Palette,
    nearest: rustc_hash::FxHashMap<u32, u8>,
}

impl Shrinker {
    fn new(palette: &'static Palette) -> Shrinker {
        Shrinker {
            palette,
            nearest: rustc_hash::FxHashMap::default(),
        }
    }

    fn shrink(&mut self, image: &Indexed) -> Indexed {
        let (bw, bh) = (image.width / 4, image.height / 4);
        let (width, height) = (bw * 3, bh * 3);
        let mut data = vec![0u8; (width * height) as usize];
        let source_width = image.width as usize;
        for by in 0..bh as usize {
            // The block row's four source rows, and its three frame rows.
            let rows: [&[u8]; 4] =
                std::array::from_fn(|dy| &image.data[(by * 4 + dy) * source_width..][..source_width]);
            let out = &mut data[by * 3 * width as usize..][..3 * width as usize];
            for bx in 0..bw as usize {
                let x0 = bx * 4;
                let block: [[u8; 4]; 4] = rows.map(|row| row[x0..x0 + 4].try_into().expect("four pixels"));
                let first = block[0][0];
                if block.iter().all(|line| *line == [first; 4]) {
                    for oy in 0..3 {
                        out[oy * width as usize + bx * 3..][..3].fill(first);
                    }
                    continue;
                }
                for (oy, ys) in SHARES.iter().enumerate() {
                    for (ox, xs) in SHARES.iter().enumerate() {
                        let mut sum = [0u32; 3];
                        for (line, wy) in block.iter().zip(ys).filter(|(_, w)| **w > 0) {
                            for (&index, wx) in line.iter().zip(xs).filter(|(_, w)| **w > 0) {
                                let c = self.palette.colour(index);
                                for k in 0..3 {
                                    sum[k] += u32::from(c[k]) * wx * wy;
                                }
                            }
                        }
                        // The shares of one frame pixel add up to 4 x 4.
                        let rgb = sum.map(|v| ((v + 8) / 16) as u8);
                        let key = u32::from(rgb[0]) << 16 | u32::from(rgb[1]) << 8 | u32::from(rgb[2]);
                        let palette = self.palette;
                        out[oy * width as usize + bx * 3 + ox] =
                            *self.nearest.entry(key).or_insert_with(|| palette.nearest(rgb));
                    }
                }
            }
        }
        Indexed { width, height, data }
    }
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
    /// Draws and encodes at most [`MAX_REPLAY_FRAMES`] of frames
    /// `0..count` (`draw(i)` is frame `i`), evenly spread with the first and
    /// the last, fewer until the file fits in `max_bytes`.
    fn encode(&self, draw: impl Fn(usize) -> Indexed, max_bytes: usize) -> Option<Replay> {
        if self.count == 0 || self.width > u16::MAX as u32 || self.height > u16::MAX as u32 {
            return None;
        }
        // The header, the colour table and the loop extension.
        let overhead = 13 + 768 + 19 + 1;
        let mut most = self.count.min(MAX_REPLAY_FRAMES);
        let mut shrinker = Shrinker::new(self.palette);
        loop {
            let picked = evenly(self.count, most);
            let frames = self.compress(&mut |i| shrinker.shrink(&draw(i)), &picked);
            let size = overhead + frames.iter().map(Encoded::size).sum::<usize>();
            if size <= max_bytes || picked.len() <= 2 {
                return Some(Replay {
                    gif: self.write(&frames),
                    frames: picked.len(),
                    positions: self.positions,
                    loop_cs: frames.iter().map(|f| u32::from(f.frame.delay)).sum(),
                });
            }
            // Fewer frames, each a bigger change: aim at the limit, and
            // always leave out more than the last try did.
            most = (picked.len() * max_bytes / size).min(picked.len() - 1);
        }
    }

    fn compress(&self, draw: &mut impl FnMut(usize) -> Indexed, picked: &[usize]) -> Vec<Encoded> {
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
                _ => move_delay(picked.len()),
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
            let mut encoder = gif::Encoder::new(
                &mut out,
                self.width as u16,
                self.height as u16,
                &self.palette.rgb_table(),
            )
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
    use crate::alice_and_bob as labels;
    use crate::ants::ants_size;
    use crate::army_ants::army_ants_frame;
    use crate::atta_ants::{atta_ants_frame, AttaLabels, Layout};
    use antics_core::rules::army_ants::{ArmyAnts, Setup, Status, View};
    use antics_core::rules::shuffle::SeededRng;
    use antics_core::rules::{anthill, ants_solitaire};

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
        let replay =
            board_replay(&Sample::all(views.clone()), &labels(), MAX_REPLAY_BYTES).expect("a replay");
        assert_eq!((replay.frames, replay.positions), (views.len(), views.len()));
        assert!(replay.gif.starts_with(b"GIF89a"));
        let (screens, delays) = screens(&replay.gif);
        assert_eq!(screens.len(), views.len());
        for (i, (screen, view)) in screens.iter().zip(&views).enumerate() {
            assert!(
                *screen == small(army_ants_frame(view, &labels())).data,
                "frame {i}"
            );
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
        let last = small(army_ants_frame(views.last().unwrap(), &labels()));
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
        let layout = Layout::covering(&games).unwrap();
        let (screens, _) = screens(&replay.gif);
        assert_eq!(screens.len(), games.len());
        for (i, (screen, game)) in screens.iter().zip(&games).enumerate() {
            assert!(
                *screen == small(atta_ants_frame(game, &labels, layout)).data,
                "frame {i}"
            );
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
    /// `cargo test --lib replay -- --ignored`, then open /tmp/antics-replay.gif.
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
}
