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
// The integration tests use it.
#[doc(hidden)]
pub fn evenly(count: usize, most: usize) -> Vec<usize> {
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
// The integration tests use it.
#[doc(hidden)]
pub fn shrunk(length: u32) -> u32 {
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
// The integration tests use it.
#[doc(hidden)]
pub struct Shrinker {
    palette: &'static Palette,
    nearest: rustc_hash::FxHashMap<u32, u8>,
}

impl Shrinker {
    pub fn new(palette: &'static Palette) -> Shrinker {
        Shrinker {
            palette,
            nearest: rustc_hash::FxHashMap::default(),
        }
    }

    pub fn shrink(&mut self, image: &Indexed) -> Indexed {
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
