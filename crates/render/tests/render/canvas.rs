//! Colours, palettes and the indexed-PNG encoder (`src/canvas.rs`).

use antics_render::canvas::{Indexed, Palette};

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
