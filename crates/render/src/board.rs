//! One face for every game's board: the picture as a PNG, the same in
//! words for screen readers, and the frames of an animated replay. Each
//! game's view implements it; the replay code is written once over it.

use super::canvas::{Indexed, Palette};

/// Cuts alt text to Discord's 1024 characters, on a character boundary.
pub fn limit_alt(text: String) -> String {
    const MAX: usize = 1024;
    if text.chars().count() <= MAX {
        return text;
    }
    text.chars().take(MAX - 1).collect::<String>() + "…"
}

/// A view of a game that can be drawn.
pub trait Board: Sized {
    /// What the picture shows beside the view: the players' names, or the
    /// daily challenge a patience belongs to.
    type Labels<'a>: Copy;
    /// What every frame of one replay shares so that they have one size
    /// (a patience's tallest board, the Atta Ants map covering every
    /// position).
    type Layout: Copy;

    /// The board as a PNG.
    fn png(&self, labels: Self::Labels<'_>) -> Vec<u8>;

    /// The board in words, for screen readers (at most 1024 characters).
    fn alt_text(&self, labels: Self::Labels<'_>) -> String;

    /// The layout of a replay of `views`; `None` for no views.
    fn layout(views: &[Self]) -> Option<Self::Layout>;

    /// The board as a replay's frame in `layout`, a palette image, and its
    /// palette (the same for every view of the game).
    fn frame(&self, labels: Self::Labels<'_>, layout: Self::Layout) -> (Indexed, &'static Palette);
}
