//! The zlib stream of a palette image's rows, each Paeth-filtered, for its
//! PNG: written here because of what these rows are. Filtered, a board is
//! almost all zero bytes (flat colour and rows that repeat) with the
//! anti-aliased edges of the art between. So the stream has one Huffman
//! code for every board, made for such bytes (a zero costs one bit), and
//! codes zeros in whole 8-byte stretches as a repeat of the byte before
//! (distance 1) and every other byte as a literal (so are the zeros
//! between other bytes within 32): no search for longer matches, and few
//! branches on the way. Against the general fast
//! compressor (fdeflate) on the same rows, the boards come out 2-6%
//! smaller and are coded in 20-30% less time (docs/benchmarks.md).

use crate::canvas::Indexed;
use simd_adler32::Adler32;
use std::sync::OnceLock;

/// How often a filtered byte of each size turns up on the boards, for each
/// byte of that size: class 0 is the zero byte, class `k` the bytes `b`
/// with `2^(k-1) <= |b as i8| < 2^k`. Counted on the five boards of the
/// render benches (the large sizes are common: the palette's order keeps
/// neighbouring colours of one art near, not of two).
const LITERAL_WEIGHTS: [u64; 9] = [461_155, 8_773, 5_742, 3_927, 1_461, 694, 470, 673, 721];

/// How often the end of the block (256) and each length symbol (257 to
/// 285) turned up on the same boards. Zero runs are whole 8-byte
/// stretches: a run of 8 is the byte and a repeat of 7 (symbol 261), a long
/// run repeats 258 at a time (285).
const OTHER_COUNTS: [u64; 30] = [
    5, 50, 0, 64, 0, 7_830, 0, 0, 0, 99, 79, 3_106, 377, 195, 2_182, 195, 1_427, 1_912, 1_903, 1_922, 1_811,
    2_263, 2_371, 2_812, 1_157, 1_888, 1_037, 936, 1_160, 9_192,
];

/// The least weight a symbol gets: every symbol has a code, none longer
/// than deflate's 15 bits.
const RARE: u64 = 16;

/// Rows go through the filter a band of about this many bytes at a time,
/// small enough to stay in the cache until they are coded.
const BAND_BYTES: usize = 32 * 1024;

/// The zlib stream of `image`'s rows, each Paeth-filtered, as a PNG's
/// image data.
pub fn paeth_stream(image: &Indexed) -> Vec<u8> {
    let width = (image.width as usize).max(1);
    let code = Code::get();
    let mut bits = code.start.clone();
    bits.bytes.reserve(image.data.len() / 8);
    let (mut bits, adler) = code_rows(image, bits);
    bits.put_symbol(code, END_OF_BLOCK);
    let mut stream = bits.into_bytes();
    stream.extend_from_slice(&adler.to_be_bytes());
    let filtered_len = image.data.len() / width * (width + 1);
    if stream.len() <= fdeflate::StoredOnlyCompressor::<()>::compressed_size(filtered_len) {
        return stream;
    }
    stored(image, width)
}

/// Incompressible rows (noise) in stored blocks, which are smaller.
fn stored(image: &Indexed, width: usize) -> Vec<u8> {
    let mut stored =
        fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new())).expect("writing to memory");
    for row in image.data.chunks_exact(width) {
        stored.write_data(&[0]).expect("writing to memory");
        stored.write_data(row).expect("writing to memory");
    }
    stored.finish().expect("writing to memory").into_inner()
}

/// Filters the rows of `image` a band at a time and codes each band while
/// it is in the cache, after what `bits` already holds; returns the bits
/// and the Adler-32 of the filtered rows. A row that repeats the one above
/// filters to its filter byte and zeros: it is coded and summed without
/// being written out (on an Atta Ants map, nearly half the rows).
fn code_rows(image: &Indexed, bits: Bits) -> (Bits, u32) {
    let width = (image.width as usize).max(1);
    let row = |r: usize| &image.data[r * width..(r + 1) * width];
    let zeros = vec![0u8; width];
    let band_rows = (BAND_BYTES / (width + 1)).max(1);
    let mut band = vec![0u8; band_rows * (width + 1)];
    let mut coder = Coder {
        bits,
        code: Code::get(),
        run: 0,
        adler: Adler32::new(),
    };
    let mut filled = 0;
    for r in 0..image.data.len() / width {
        let (cur, prev) = (row(r), if r == 0 { &zeros[..] } else { row(r - 1) });
        if cur == prev {
            coder.filtered(&band[..filled]);
            filled = 0;
            coder.repeated_row(width);
            continue;
        }
        let line = &mut band[filled..filled + width + 1];
        line[0] = PAETH;
        paeth_row(prev, cur, &mut line[1..]);
        filled += width + 1;
        if filled == band.len() {
            coder.filtered(&band);
            filled = 0;
        }
    }
    coder.filtered(&band[..filled]);
    coder.bits.put_run(coder.code, coder.run);
    (coder.bits, coder.adler.finish())
}

/// A row's filter byte: Paeth's.
const PAETH: u8 = 4;

const ADLER_MOD: u32 = 65_521;

/// The Adler-32 `checksum` of some bytes, with `byte` after them.
fn adler_with_byte(checksum: u32, byte: u8) -> u32 {
    let a = ((checksum & 0xffff) + u32::from(byte)) % ADLER_MOD;
    let b = ((checksum >> 16) + a) % ADLER_MOD;
    b << 16 | a
}

/// The Adler-32 `checksum` of some bytes, with `zeros` zero bytes after
/// them: each adds the running sum to the second sum.
fn adler_with_zeros(checksum: u32, zeros: usize) -> u32 {
    let a = u64::from(checksum & 0xffff);
    let b = (u64::from(checksum >> 16) + zeros as u64 % u64::from(ADLER_MOD) * a) % u64::from(ADLER_MOD);
    (b as u32) << 16 | a as u32
}

// ------------------------------------------------------------ the code

const END_OF_BLOCK: usize = 256;
/// The length symbol of a repeat of 258, the longest.
const LONGEST: usize = 285;

/// Each symbol's code (bits in the order they are written) and length.
struct Code {
    symbols: [(u64, u32); 286],
    /// A zero run's bits, for runs of 1 to 258 (index: the run less one):
    /// the zero, then either as many zeros again or one repeat of it.
    runs: Vec<(u64, u32)>,
    /// How every stream starts: the zlib header, then the block's header
    /// (final, dynamic codes, and the codes' lengths).
    start: Bits,
}

impl Code {
    fn get() -> &'static Code {
        static CODE: OnceLock<Code> = OnceLock::new();
        CODE.get_or_init(|| {
            let lengths = code_lengths();
            // Four literals go down at once (`Bits::put_literals`), with up to 7
            // bits pending: 4 x 14 + 7 < 64.
            assert!(
                lengths.iter().all(|&len| (1..=15).contains(&len))
                    && lengths[..256].iter().all(|&len| len <= 14),
                "{lengths:?}"
            );
            Code::from_lengths(&lengths)
        })
    }

    fn from_lengths(lengths: &[u32; 286]) -> Code {
        let codes = canonical(lengths);
        let mut symbols = [(0, 0); 286];
        for (s, symbol) in symbols.iter_mut().enumerate() {
            *symbol = (codes[s], lengths[s]);
        }
        let (zero, zero_len) = symbols[0];
        let runs = (0..258)
            .map(|more: u32| {
                if more < 3 {
                    // Zeros cost a bit or so each: cheaper than a repeat.
                    let mut code = 0;
                    for k in 0..=more {
                        code |= zero << (k * zero_len);
                    }
                    (code, (more + 1) * zero_len)
                } else {
                    let (symbol, extra, extra_len) = length_symbol(more);
                    let (c, l) = symbols[symbol];
                    // The zero, the length's code, its extra bits and
                    // distance 1's one bit (0).
                    (zero | (c | extra << l) << zero_len, zero_len + l + extra_len + 1)
                }
            })
            .collect();
        Code {
            symbols,
            runs,
            start: start(lengths),
        }
    }
}

/// The literal/length code's lengths: Huffman's, from the weights.
fn code_lengths() -> [u32; 286] {
    let mut weights = [0u64; 286];
    for (byte, weight) in weights.iter_mut().take(256).enumerate() {
        let size = (byte as u8 as i8).unsigned_abs();
        *weight = LITERAL_WEIGHTS[(u8::BITS - size.leading_zeros()) as usize];
    }
    for (weight, count) in weights[256..].iter_mut().zip(OTHER_COUNTS) {
        *weight = count.max(RARE);
    }
    let lengths = huffman_lengths(&weights);
    let mut out = [0u32; 286];
    out.copy_from_slice(&lengths);
    out
}

/// Huffman code lengths for `weights` (all above zero): the two lightest
/// trees joined until one is left, ties to the tree made first.
fn huffman_lengths(weights: &[u64]) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = weights.len();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| Reverse((w, i)))
        .collect();
    let mut next = n;
    while let (Some(Reverse((wa, a))), Some(Reverse((wb, b)))) = (heap.pop(), heap.pop()) {
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((wa + wb, next)));
        next += 1;
    }
    (0..n)
        .map(|mut node| {
            let mut depth = 0;
            while parent[node] != usize::MAX {
                node = parent[node];
                depth += 1;
            }
            depth
        })
        .collect()
}

/// Deflate's canonical codes for `lengths`, bit-reversed to be written
/// least significant bit first.
fn canonical(lengths: &[u32]) -> Vec<u64> {
    let mut codes = vec![0; lengths.len()];
    let mut code = 0u32;
    for len in 1..=15 {
        for (s, _) in lengths.iter().enumerate().filter(|&(_, &l)| l == len) {
            codes[s] = u64::from(code.reverse_bits() >> (32 - len));
            code += 1;
        }
        code <<= 1;
    }
    codes
}

/// The zlib header, then a dynamic block's header for `lengths` and one
/// distance code (1) of one bit. The code lengths are written with a code
/// of 4 bits for each of 0 to 15 and none for the repeat symbols: a few
/// dozen bytes more than the best, once a board.
fn start(lengths: &[u32; 286]) -> Bits {
    const ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    let mut bits = Bits::with_capacity(160);
    bits.put(0x78, 8); // deflate, 32 KiB window
    bits.put(0x01, 8); // fastest, no dictionary
    bits.put(1, 1); // the final block
    bits.put(2, 2); // dynamic codes
    bits.put(286 - 257, 5);
    bits.put(0, 5); // one distance code
    bits.put(19 - 4, 4); // every code length code
    for symbol in ORDER {
        bits.put(if symbol < 16 { 4 } else { 0 }, 3);
    }
    // Sixteen codes of 4 bits: the length itself is the code, reversed.
    let length_codes = canonical(&[4; 16]);
    for &len in lengths.iter().chain([&1]) {
        bits.put(length_codes[len as usize], 4);
    }
    bits
}

/// The length symbol of a repeat of `len` (3 to 258), its extra bits and
/// their count.
fn length_symbol(len: u32) -> (usize, u64, u32) {
    const BASE: [u32; 29] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195, 227, 258,
    ];
    const EXTRA: [u32; 29] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    let i = BASE.partition_point(|&base| base <= len) - 1;
    (257 + i, u64::from(len - BASE[i]), EXTRA[i])
}

// ------------------------------------------------------------ the coder

/// Codes filtered bytes: literals, and zero runs carried over from one
/// call to the next; and sums them.
struct Coder {
    bits: Bits,
    code: &'static Code,
    run: u32,
    adler: Adler32,
}

impl Coder {
    /// Codes and sums filtered bytes.
    fn filtered(&mut self, data: &[u8]) {
        self.adler.write(data);
        let code = self.code;
        // The run is kept in a local: the loop over zeros then works in
        // registers, 32 bytes a turn.
        let mut run = self.run;
        let mut blocks = data.chunks_exact(32);
        for block in &mut blocks {
            let words: [u64; 4] = std::array::from_fn(|i| {
                u64::from_le_bytes(block[8 * i..8 * i + 8].try_into().expect("8 bytes"))
            });
            if words.iter().fold(0, |all, word| all | word) == 0 {
                run += 32;
                continue;
            }
            // Zero words before the first other one join the run, those
            // after the last start the next; those between go as literals
            // (a bit a zero, about what a run of 8 costs): fewer branches
            // the processor cannot foresee.
            let others = words
                .iter()
                .enumerate()
                .fold(0u32, |mask, (i, &word)| mask | u32::from(word != 0) << i);
            let first = others.trailing_zeros() as usize;
            let last = (u32::BITS - 1 - others.leading_zeros()) as usize;
            self.bits.put_run(code, run + 8 * first as u32);
            for chunk in block[8 * first..8 * last + 8].chunks_exact(8) {
                self.bits.put_literals(code, chunk);
            }
            run = 8 * (3 - last) as u32;
        }
        for &byte in blocks.remainder() {
            if byte == 0 {
                run += 1;
            } else {
                self.bits.put_run(code, std::mem::take(&mut run));
                self.bits.put_symbol(code, byte as usize);
            }
        }
        self.run = run;
    }

    /// Codes and sums a row that repeats the one above: its filter byte,
    /// then `width` zeros.
    fn repeated_row(&mut self, width: usize) {
        self.bits.put_run(self.code, std::mem::take(&mut self.run));
        self.bits.put_symbol(self.code, usize::from(PAETH));
        self.run = width as u32;
        let checksum = adler_with_zeros(adler_with_byte(self.adler.finish(), PAETH), width);
        self.adler = Adler32::from_checksum(checksum);
    }
}

/// Bits written least significant first, as deflate wants them.
#[derive(Clone)]
struct Bits {
    /// Whole bytes written.
    bytes: Vec<u8>,
    /// Bits not yet whole bytes (fewer than 8), and how many.
    pending: u64,
    pending_len: u32,
}

impl Bits {
    fn with_capacity(capacity: usize) -> Bits {
        Bits {
            bytes: Vec::with_capacity(capacity),
            pending: 0,
            pending_len: 0,
        }
    }

    /// Writes the low `len` bits of `bits` (at most 56).
    #[inline(always)]
    fn put(&mut self, bits: u64, len: u32) {
        debug_assert!(len <= 56 && bits >> len == 0);
        let all = self.pending | bits << self.pending_len;
        let all_len = self.pending_len + len;
        // All eight bytes go down; the whole ones among them stay.
        let whole = all_len / 8;
        let kept = self.bytes.len() + whole as usize;
        self.bytes.extend_from_slice(&all.to_le_bytes());
        self.bytes.truncate(kept);
        self.pending = all >> (whole * 8);
        self.pending_len = all_len % 8;
    }

    /// Codes eight bytes as literals, four at a time.
    #[inline(always)]
    fn put_literals(&mut self, code: &Code, eight: &[u8]) {
        for four in eight.chunks_exact(4) {
            let mut bits = 0;
            let mut len = 0;
            for &byte in four {
                let (c, l) = code.symbols[byte as usize];
                bits |= c << len;
                len += l;
            }
            self.put(bits, len);
        }
    }

    /// Codes a run of `run` zeros (none when 0): a zero, then repeats of
    /// it.
    #[inline(always)]
    fn put_run(&mut self, code: &Code, run: u32) {
        if run == 0 {
            return;
        }
        if run <= 258 {
            let (c, l) = code.runs[run as usize - 1];
            self.put(c, l);
            return;
        }
        self.put_symbol(code, 0);
        let mut more = run - 1;
        while more >= 258 {
            let (c, l) = code.symbols[LONGEST];
            self.put(c, l + 1); // distance 1 is the bit 0
            more -= 258;
        }
        // The rest as a shorter run's bits without their first zero.
        let zero_len = code.symbols[0].1;
        let (c, l) = code.runs[more as usize];
        self.put(c >> zero_len, l - zero_len);
    }

    fn put_symbol(&mut self, code: &Code, symbol: usize) {
        let (c, l) = code.symbols[symbol];
        self.put(c, l);
    }

    /// The bytes, the last one padded with zeros.
    fn into_bytes(mut self) -> Vec<u8> {
        if self.pending_len > 0 {
            self.put(0, 8 - self.pending_len);
        }
        self.bytes
    }
}

// ------------------------------------------------------------ the filter

/// Paeth-filters `cur` under `prev` into `out` (one byte a pixel).
fn paeth_row(prev: &[u8], cur: &[u8], out: &mut [u8]) {
    let n = cur.len();
    if n == 0 {
        return;
    }
    out[0] = cur[0].wrapping_sub(paeth(0, prev[0], 0));
    if n <= CHUNK {
        for i in 1..n {
            out[i] = cur[i].wrapping_sub(paeth(cur[i - 1], prev[i], prev[i - 1]));
        }
        return;
    }
    // From pixel 1 on, in chunks whose left neighbours are in reach; the
    // last chunk ends with the row, over part of the one before (a pixel's
    // filtered byte depends on the rows alone).
    let mut s = 1;
    while s < n {
        let start = s.min(n - CHUNK);
        paeth_chunk(prev, cur, start, &mut out[start..start + CHUNK]);
        s = start + CHUNK;
    }
}

/// Pixels filtered together, in a loop the compiler turns into vector
/// code.
const CHUNK: usize = 32;

/// Paeth-filters the pixels `[s, s + CHUNK)` of `cur` (`s` at least 1)
/// into `out`: they read `[s - 1, s + CHUNK)` of both rows.
#[inline(always)]
fn paeth_chunk(prev: &[u8], cur: &[u8], s: usize, out: &mut [u8]) {
    let x: &[u8; CHUNK] = cur[s..s + CHUNK].try_into().expect("a chunk");
    let b: &[u8; CHUNK] = prev[s..s + CHUNK].try_into().expect("a chunk");
    let a: &[u8; CHUNK] = cur[s - 1..s - 1 + CHUNK].try_into().expect("a chunk");
    let c: &[u8; CHUNK] = prev[s - 1..s - 1 + CHUNK].try_into().expect("a chunk");
    let o: &mut [u8; CHUNK] = out.try_into().expect("a chunk");
    if x == b && cur[s - 1] == prev[s - 1] {
        // Every pixel repeats the one above, and so does its left
        // neighbour (`a == c`): the predictor is the pixel itself.
        *o = [0; CHUNK];
    } else {
        for i in 0..CHUNK {
            o[i] = x[i].wrapping_sub(paeth(a[i], b[i], c[i]));
        }
    }
}

/// The Paeth predictor: of left, up and up-left, the one nearest to
/// `left + up - up_left`, ties in that order. Worked out in bytes alone
/// (no wider sums), in a form the compiler turns into vector code: the
/// distance from `a` is `|b - c|`, from `b` is `|a - c|`, and from `c` is
/// their sum when `a` and `b` lie on one side of `c` (saturated at 255,
/// which changes no comparison) and their difference when not.
#[inline(always)]
pub fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let distance = |x: u8, y: u8| x.max(y) - x.min(y);
    let (pa, pb) = (distance(b, c), distance(a, c));
    let one_side = (b.max(c) == b) == (a.max(c) == a);
    let pc = if one_side {
        pa.saturating_add(pb)
    } else {
        distance(pa, pb)
    };
    if pa.min(pb) == pa && pa.min(pc) == pa {
        a
    } else if pb.min(pc) == pb {
        b
    } else {
        c
    }
}
