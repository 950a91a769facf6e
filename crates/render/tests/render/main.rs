//! The crate's tests, in one binary: each module tests the renderer of the
//! same name in `src`, through the public API where it can and through the
//! hidden (`#[doc(hidden)]`) modules where a test needs a private piece.
//!
//! Tests marked `#[ignore]` write example images to /tmp for a person to
//! look at: `cargo test -p antics-render --test render -- --ignored`.

use antics_core::rules::army_ants::Side;
use antics_render::BoardLabels;

mod anthill;
mod ants;
mod army_ants;
mod atta_ants;
mod canvas;
mod cards;
mod decktet;
mod myrmex;
mod patience;
mod podium;
mod replay;
mod sprites;
mod standings;

/// The names the board tests show: alice plays Red, bob Black.
fn alice_and_bob() -> BoardLabels {
    BoardLabels {
        red: "alice".into(),
        black: "bob".into(),
        bottom: Side::Red,
    }
}
