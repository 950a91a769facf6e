//! Colours, palettes and the indexed-PNG encoder (`src/canvas.rs`).

use antics_render::canvas::{Indexed, Palette};
use antics_render::deflate::paeth;

/// The PNG decoded again, as palette indices.
fn decoded(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .expect("a PNG");
    let mut data = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut data).expect("a frame");
    data.truncate(info.buffer_size());
    (info.width, info.height, data)
}

/// Rows that repeat the row above, rows that repeat it in part and
/// rows of noise, over several bands of the compressor, at widths
/// around the Paeth filter's chunk: all come back as they were.
#[test]
fn indexed_images_come_back_from_their_png_exactly() {
    let palette = Palette::from_colours((0..=255u8).map(|i| [i, i / 2, 255 - i]).collect());
    let mut noise = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        noise ^= noise << 13;
        noise ^= noise >> 7;
        noise ^= noise << 17;
        noise as u8
    };
    for (width, height) in [(1, 3), (31, 40), (33, 300), (1153, 150)] {
        let mut data = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let byte = match y % 5 {
                    // A row repeating the one above, or a flat row.
                    0 | 1 if y > 0 => data[data.len() - width],
                    2 => (x / 40) as u8,
                    // Part repeated, part changed.
                    3 if x % 50 < 10 => next(),
                    3 => data[data.len() - width],
                    _ => next(),
                };
                data.push(byte);
            }
        }
        let image = Indexed {
            width: width as u32,
            height: height as u32,
            data,
        };
        let (w, h, back) = decoded(&palette.encode_indexed(&image));
        assert_eq!((w, h), (image.width, image.height));
        assert!(back == image.data, "{width}x{height} differs");
    }
}

/// Noise, which does not compress (the encoder may store it raw),
/// comes back too.
#[test]
fn noise_comes_back_from_its_png() {
    let palette = Palette::from_colours((0..=255u8).map(|i| [i, i, i]).collect());
    let data: Vec<u8> = (0..64 * 64u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let image = Indexed {
        width: 64,
        height: 64,
        data,
    };
    let png = palette.encode_indexed(&image);
    assert_eq!(decoded(&png).2, image.data);
}

/// The image data of a PNG: its IDAT chunks, joined.
fn zlib_stream(png: &[u8]) -> Vec<u8> {
    let mut stream = Vec::new();
    let mut at = 8; // the signature
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        if &png[at + 4..at + 8] == b"IDAT" {
            stream.extend_from_slice(&png[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    stream
}

/// The rows as a PNG holds them: each with its filter byte, Paeth
/// filtered (the predictor nearest to left + up - up-left).
/// The PNG specification's Paeth predictor, in wider numbers: of left,
/// up and up-left, the one nearest to `left + up - up_left`, ties in that
/// order.
fn spec_paeth(a: i16, b: i16, c: i16) -> i16 {
    let (pa, pb, pc) = ((b - c).abs(), (a - c).abs(), (a + b - 2 * c).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// The encoder's Paeth predictor, worked out in bytes alone, is the
/// specification's for every left, up and up-left.
#[test]
fn paeth_in_bytes_predicts_as_the_specification_does() {
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            for c in 0..=255u8 {
                let spec = spec_paeth(a.into(), b.into(), c.into());
                assert_eq!(i16::from(paeth(a, b, c)), spec, "left {a}, up {b}, up-left {c}");
            }
        }
    }
}

fn paeth_filtered(image: &Indexed) -> Vec<u8> {
    let w = image.width as usize;
    let at = |x: usize, y: usize| image.data[y * w + x] as i16;
    let mut out = Vec::new();
    for y in 0..image.height as usize {
        out.push(4);
        for x in 0..w {
            let a = if x > 0 { at(x - 1, y) } else { 0 };
            let b = if y > 0 { at(x, y - 1) } else { 0 };
            let c = if x > 0 && y > 0 { at(x - 1, y - 1) } else { 0 };
            out.push((at(x, y) - spec_paeth(a, b, c)) as u8);
        }
    }
    out
}

/// "The stream codes zeros in whole 8-byte stretches as a repeat of the
/// byte before and every other byte as a literal", and a row that repeats
/// the one above is coded without being written out: images over many
/// bands of rows (one of a single long row), zero runs of every length
/// from 1 to past 258, repeated rows and every byte value decode, checksum
/// included, to exactly the rows a PNG holds.
#[test]
fn the_zlib_stream_decodes_with_its_checksum_to_the_filtered_rows() {
    let palette = Palette::from_colours((0..=255u8).map(|i| [i, 255 - i, i / 3]).collect());
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // Rows of one chunk of the filter or less (32), of one and a pixel, and of
    // chunks that do not divide them.
    for (width, height) in [
        (700, 501),
        (3000, 120),
        (300_001, 1),
        (997, 3),
        (64, 4_097),
        (1, 3_000),
        (32, 500),
        (33, 500),
    ] {
        let mut data = vec![0u8; width * height];
        let mut at = 0;
        while at < data.len() {
            // A zero run of 0 to 600 bytes, then 1 to 40 bytes of any value.
            at += (next() % 601) as usize;
            for _ in 0..1 + next() % 40 {
                if at < data.len() {
                    data[at] = next() as u8;
                    at += 1;
                }
            }
        }
        // Every third row repeats the one above.
        for y in (1..height).filter(|y| y % 3 == 0) {
            data.copy_within((y - 1) * width..y * width, y * width);
        }
        let image = Indexed {
            width: width as u32,
            height: height as u32,
            data,
        };
        let png = palette.encode_indexed(&image);
        let rows =
            fdeflate::decompress_to_vec(&zlib_stream(&png)).expect("a valid zlib stream, checksum and all");
        assert!(rows == paeth_filtered(&image), "{width}x{height}: other rows");
        assert_eq!(decoded(&png).2, image.data, "{width}x{height}");
    }
}
