//! A tournament's standings as a picture: a title, the table (rank, name,
//! points, tie-breaks, games) and the round's pairings, in the boards'
//! frame colours so that it reads on Discord's dark and light themes.

use super::canvas::{fill_rect, fonts, pixmap, rect, Align, Style, FRAME, GOLD, RULE, TEXT, TEXT_DIM};

/// One line of the table.
pub struct StandingLine {
    pub name: String,
    pub points: f64,
    pub tiebreaks: [f64; 2],
    pub games: u32,
    /// Left the tournament.
    pub withdrawn: bool,
}

/// What the picture shows.
pub struct StandingsView {
    /// "Army Ants · Swiss".
    pub title: String,
    /// "Round 2 of 3, closes 29 Nov 14:00 UTC", or "Final standings".
    pub subtitle: String,
    /// The columns' names: the points, the two tie-breaks, the games
    /// (`["Points", "Buchholz", "S-B", "Games"]`).
    pub headers: [&'static str; 4],
    pub lines: Vec<StandingLine>,
    /// The games on in words ("ann - ben  playing"), under their heading
    /// ("This round", "Games on").
    pub pairings: Vec<String>,
    pub pairings_title: &'static str,
}

pub const WIDTH: u32 = 640;
const PAD: f32 = 24.0;
const ROW: f32 = 32.0;
/// The smallest type: 12 px where Discord shows the 640 px picture 400 px
/// wide, on a phone.
pub const TYPE: f32 = 20.0;
/// A title's type.
pub(super) const TITLE: f32 = 28.0;
/// From the top padding to the table's header row.
const HEADING: f32 = 76.0;
/// The most lines drawn; a longer table says how many more there are.
const MAX_LINES: usize = 32;

/// Points as a tournament writes them: `2`, `1.5`, `3.25` (a table's
/// split places), at most two decimals.
pub fn points_text(points: f64) -> String {
    let text = format!("{points:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub fn standings_png(view: &StandingsView) -> Vec<u8> {
    let fonts = fonts();
    let shown = view.lines.len().min(MAX_LINES);
    let more = view.lines.len() - shown;
    let pairing_rows = view.pairings.len().min(MAX_LINES);
    let height = PAD * 2.0
        + HEADING
        + ROW * (shown + 1) as f32
        + if more > 0 { ROW } else { 0.0 }
        + if pairing_rows > 0 {
            44.0 + ROW * pairing_rows as f32
        } else {
            0.0
        };
    let mut canvas = pixmap(WIDTH, height.ceil() as u32, FRAME);
    let title = Style::new(&fonts.bold, TITLE).with(GOLD);
    let body = Style::new(&fonts.regular, TYPE).with(TEXT);
    let bold = Style::new(&fonts.bold, TYPE).with(TEXT);
    let dim = Style::new(&fonts.regular, TYPE).with(TEXT_DIM);
    let right = WIDTH as f32 - PAD;
    heading(&mut canvas, (&title, &view.title), (&dim, &view.subtitle), right);
    // Columns: rank, name, points, the two tie-breaks, games.
    let columns = [right - 290.0, right - 180.0, right - 90.0, right];
    let mut y = PAD + HEADING + ROW * 0.75;
    dim.draw(&mut canvas, "#", PAD, y, Align::Left);
    dim.draw(&mut canvas, "Player", PAD + 44.0, y, Align::Left);
    for (x, header) in columns.iter().zip(view.headers) {
        dim.draw(&mut canvas, header, *x, y, Align::Right);
    }
    fill_rect(&mut canvas, rect(PAD, y + 8.0, right - PAD, 1.0), RULE);
    for (rank, line) in view.lines.iter().take(shown).enumerate() {
        y += ROW;
        let style = if rank == 0 && line.points > 0.0 {
            bold.with(GOLD)
        } else {
            body
        };
        style.draw(&mut canvas, &format!("{}", rank + 1), PAD, y, Align::Left);
        let name = match line.withdrawn {
            true => format!("{} (left)", line.name),
            false => line.name.clone(),
        };
        style.draw(
            &mut canvas,
            &style.fit(&name, columns[0] - 70.0 - PAD - 44.0),
            PAD + 44.0,
            y,
            Align::Left,
        );
        let cells = [
            points_text(line.points),
            points_text(line.tiebreaks[0]),
            points_text(line.tiebreaks[1]),
            line.games.to_string(),
        ];
        for (x, cell) in columns.iter().zip(cells) {
            style.draw(&mut canvas, &cell, *x, y, Align::Right);
        }
    }
    if more > 0 {
        y += ROW;
        dim.draw(
            &mut canvas,
            &format!("and {more} more"),
            PAD + 44.0,
            y,
            Align::Left,
        );
    }
    if pairing_rows > 0 {
        y += 44.0;
        fill_rect(&mut canvas, rect(PAD, y - 30.0, right - PAD, 1.0), RULE);
        bold.draw(&mut canvas, view.pairings_title, PAD, y, Align::Left);
        for pairing in view.pairings.iter().take(pairing_rows) {
            y += ROW;
            body.draw(
                &mut canvas,
                &body.fit(pairing, right - PAD - 16.0),
                PAD + 16.0,
                y,
                Align::Left,
            );
        }
    }
    canvas.encode_png().expect("a standings picture encodes")
}

/// A picture's title and, under it, its subtitle, from the left edge to
/// `right`.
pub(super) fn heading(
    canvas: &mut tiny_skia::Pixmap,
    title: (&Style, &str),
    subtitle: (&Style, &str),
    right: f32,
) {
    for ((style, text), baseline) in [(title, TITLE), (subtitle, TITLE + 30.0)] {
        style.draw(
            canvas,
            &style.fit(text, right - PAD),
            PAD,
            PAD + baseline,
            Align::Left,
        );
    }
}

/// The picture in words, for screen readers (Discord's alt text).
pub fn standings_alt_text(view: &StandingsView) -> String {
    let mut text = format!("{}. {}.", view.title, view.subtitle);
    for (rank, line) in view.lines.iter().enumerate() {
        text.push_str(&format!(
            " {}. {}: {} points.",
            rank + 1,
            line.name,
            points_text(line.points)
        ));
    }
    super::limit_alt(text)
}
