//! Finding fence candidates 64 bytes at a time while counting lines.

// A run of three fence characters always holds two equal ones at an even
// offset from wherever the scan started: of its first two positions one is
// even. So the scan compares 16-bit words against `aa` and `bb`, which finds
// each run (and a rare double backtick) with a handful of vector operations
// per 64 bytes and no per-byte work, and counts newlines on the way. (Any
// fixed grid of even offsets does: the last, short stretch is scanned as the
// input's last 64 bytes, its bytes already scanned cleared from the masks.
// An input shorter than 64 bytes is compared byte by byte in 16-byte pieces
// where it lies, and its pairs found on the byte masks.)

/// What [`skip_chunks`] stopped at.
pub(super) struct Stop {
    /// Start of the chunk holding candidates, or the end of the input.
    pub(super) at: usize,
    /// Newlines skipped before the chunk's first byte not already scanned
    /// (the last chunk may start before where the scan resumed).
    pub(super) newlines: usize,
    /// Bit `k`: the word at `at + k` (an even offset from the chunk's start)
    /// is two `a`s or two `b`s, and was not scanned before. Zero at the end
    /// of the input.
    pub(super) pairs: u64,
    /// Bit `k`: the byte at `at + k` is a newline not scanned before.
    pub(super) newline_mask: u64,
}

/// The 64-byte chunk that holds the bytes from `i`: `(chunk, base, skip)`,
/// where the chunk's byte `k` is the input's byte `base + k` and its first
/// `skip` bytes lie before `i` (the caller ignores them). Where fewer than 64
/// bytes remain, the chunk is the input's last 64 (so `base < i`), or, in an
/// input shorter than 64 bytes, those bytes zero-padded (a zero byte is
/// neither a fence character nor a newline). The bytewise scan's reading;
/// the vector scan reads a short input in place (`sse2::short_masks`).
#[inline(always)]
pub(super) fn chunk_at<'s>(s: &'s [u8], i: usize, pad: &'s mut [u8; 64]) -> Option<(&'s [u8; 64], usize, usize)> {
    if let Some(chunk) = s.get(i..i + 64) {
        return Some((chunk.try_into().ok()?, i, 0));
    }
    if i >= s.len() {
        return None;
    }
    match s.len().checked_sub(64) {
        Some(base) => Some((s[base..].try_into().ok()?, base, i - base)),
        None => {
            pad[..s.len() - i].copy_from_slice(&s[i..]);
            Some((pad, i, 0))
        }
    }
}

/// Which pairs of a last chunk whose first `skip` bytes were scanned
/// before count. A run that starts at the first new byte, or one before it,
/// holds a pair at an even offset from the scan's start, which the chunk's
/// grid of even offsets (from the chunk's start) may miss by one. So when
/// `skip` is odd the pair on the last old byte and the first new one counts
/// too: it is where the grid finds such a run. (It is no run found before:
/// one would have been reported, or the scan restarted after it.)
#[inline(always)]
pub(super) fn tail_pairs(skip: usize) -> u64 {
    u64::MAX << (skip & !1)
}

/// From `i`, skips the 64-byte chunks of `s` that hold no candidate pair
/// (see [`Stop`]), counting their newlines.
///
/// On x86-64 the whole chunks are compared with AVX2 where the processor
/// has it (two 32-byte compares per chunk instead of four 16-byte ones)
/// and with SSE2 (part of every x86-64
/// processor) where it does not; the short stretch at the end always with
/// SSE2. On other targets (the firmware's Cortex-M, for one) the same
/// answer is computed bytewise.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(super) fn skip_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Stop {
    match whole_chunks(s, i, a, b) {
        Whole::Found(stop) => stop,
        Whole::Rest { at, newlines } => last_chunk(s, at, newlines, a, b),
    }
}

/// [`skip_chunks`] with SSE2 alone, whatever the processor has (the
/// tests compare it with the bytewise scan on a processor with AVX2 too).
#[cfg(all(test, target_arch = "x86_64", target_feature = "sse2"))]
pub(super) fn skip_chunks_sse2(s: &[u8], i: usize, a: u8, b: u8) -> Stop {
    match sse2::whole_chunks(s, i, a, b) {
        Whole::Found(stop) => stop,
        Whole::Rest { at, newlines } => last_chunk(s, at, newlines, a, b),
    }
}

/// What the scan of whole chunks came to.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
enum Whole {
    /// A chunk with candidates.
    Found(Stop),
    /// Fewer than 64 bytes remain from `at`; `newlines` before it.
    Rest { at: usize, newlines: usize },
}

/// The whole chunks with AVX2 when the processor has it, SSE2 otherwise.
/// A stretch of fewer than four chunks (a short reply, the end of a long
/// one) stays with SSE2, inlined: the call would cost more than AVX2 saves.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
#[allow(unsafe_code)]
fn whole_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Whole {
    if s.len().saturating_sub(i) >= 256 && has_avx2() {
        // SAFETY: `avx2::whole_chunks` requires AVX2, the only reason it is
        // unsafe to call here, and the processor has it (checked above). It
        // is otherwise safe code: intrinsics on values, slices bounds-checked.
        return unsafe { avx2::whole_chunks(s, i, a, b) };
    }
    sse2::whole_chunks(s, i, a, b)
}

/// Whether the processor has AVX2: asked once and remembered, with `std`;
/// without it, only a build that enables AVX2 (`-C target-cpu=x86-64-v3`)
/// uses it.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn has_avx2() -> bool {
    #[cfg(feature = "std")]
    return std::is_x86_feature_detected!("avx2");
    #[cfg(not(feature = "std"))]
    return cfg!(target_feature = "avx2");
}

/// The short stretch at the end: masks of the input's last 64 bytes (or of
/// all of it, padded), less the bytes already scanned (see [`tail_pairs`]
/// for the pairs).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn last_chunk(s: &[u8], i: usize, newlines: usize, a: u8, b: u8) -> Stop {
    if i >= s.len() {
        return Stop { at: s.len(), newlines, pairs: 0, newline_mask: 0 };
    }
    let (pairs, lines, base, skip) = match s.len().checked_sub(64) {
        Some(base) => {
            let (pairs, lines) = sse2::masks(s[base..].try_into().unwrap_or(&[0; 64]), a, b);
            (pairs, lines, base, i - base)
        }
        // A short input (a reply that is a command and little else), read
        // where it lies rather than copied into a zeroed chunk (see
        // `sse2::short_masks`).
        None => {
            let (pairs, lines) = sse2::short_masks(s, i, a, b);
            (pairs, lines, i, 0)
        }
    };
    let pairs = pairs & tail_pairs(skip);
    let newline_mask = lines & (u64::MAX << skip);
    if pairs != 0 {
        return Stop { at: base, newlines, pairs, newline_mask };
    }
    Stop { at: s.len(), newlines: newlines + newline_mask.count_ones() as usize, pairs: 0, newline_mask: 0 }
}

/// The number of bits set in `mask`, a mask of newlines: a bit at a
/// time, which for the one or two newlines of 64 bytes of prose is a third
/// of `count_ones` on x86-64 without POPCNT (the baseline, where it is a
/// dozen instructions), and at worst (64 blank lines) a few instructions a
/// byte.
#[inline(always)]
pub(super) fn few_ones(mut mask: u64) -> usize {
    let mut n = 0;
    while mask != 0 {
        n += 1;
        mask &= mask - 1;
    }
    n
}

/// Bit `k` of a pair mask is for the word at even offset `k`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
const EVEN: u64 = 0x5555_5555_5555_5555;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::{EVEN, Whole, batches};
    use safe_arch::*;

    /// Per 16 bytes of a chunk: the words equal to `aa` or `bb`, and the newlines.
    #[inline(always)]
    fn compare(chunk: &[u8; 64], aa: m128i, bb: m128i) -> ([m128i; 4], [m128i; 4]) {
        let nl = set_splat_i8_m128i(b'\n' as i8);
        let mut pairs = [zeroed_m128i(); 4];
        let mut lines = [zeroed_m128i(); 4];
        for (k, piece) in chunk.as_chunks::<16>().0.iter().enumerate() {
            let v = load_unaligned_m128i(piece);
            lines[k] = cmp_eq_mask_i8_m128i(v, nl);
            pairs[k] = bitor_m128i(cmp_eq_mask_i16_m128i(v, aa), cmp_eq_mask_i16_m128i(v, bb));
        }
        (pairs, lines)
    }

    #[inline(always)]
    fn bits(v: [m128i; 4]) -> u64 {
        let mut mask = 0u64;
        for (k, v) in v.into_iter().enumerate() {
            mask |= u64::from(move_mask_i8_m128i(v) as u16) << (16 * k);
        }
        mask
    }

    #[inline(always)]
    fn splat(a: u8, b: u8) -> (m128i, m128i) {
        (set_splat_i16_m128i(i16::from_ne_bytes([a, a])), set_splat_i16_m128i(i16::from_ne_bytes([b, b])))
    }

    /// The pair mask (even offsets) and the newline mask of one chunk.
    #[inline(always)]
    pub(super) fn masks(chunk: &[u8; 64], a: u8, b: u8) -> (u64, u64) {
        let (aa, bb) = splat(a, b);
        let (pairs, lines) = compare(chunk, aa, bb);
        (bits(pairs) & EVEN, bits(lines))
    }

    /// [`masks`] of the bytes of `s` from `i`, for an `s` shorter than 64
    /// bytes, as if they were a chunk padded with zeros: read where they lie
    /// (whole 16-byte pieces, then the input's last 16 bytes less those
    /// read), since a copy's small stores, read back by wide loads, stall
    /// (a store-forwarding failure). The pieces are compared bytewise and
    /// paired on the masks, so that a piece may start at any offset.
    #[inline(always)]
    pub(super) fn short_masks(s: &[u8], i: usize, a: u8, b: u8) -> (u64, u64) {
        let (sa, sb, nl) = (set_splat_i8_m128i(a as i8), set_splat_i8_m128i(b as i8), set_splat_i8_m128i(b'\n' as i8));
        let (mut ma, mut mb, mut lines) = (0u64, 0u64, 0u64);
        let mut add = |piece: &[u8; 16], skip: usize, at: usize| {
            let v = load_unaligned_m128i(piece);
            let bits = |m: m128i| u64::from(move_mask_i8_m128i(m) as u16) >> skip << at;
            ma |= bits(cmp_eq_mask_i8_m128i(v, sa));
            mb |= bits(cmp_eq_mask_i8_m128i(v, sb));
            lines |= bits(cmp_eq_mask_i8_m128i(v, nl));
        };
        let t = s.get(i..).unwrap_or(&[]);
        let (pieces, rest) = t.as_chunks::<16>();
        for (k, piece) in pieces.iter().enumerate() {
            add(piece, 0, 16 * k);
        }
        if !rest.is_empty() {
            match s.len().checked_sub(16) {
                // The input's last 16 bytes end with `rest`.
                Some(last) => add(s[last..].try_into().unwrap_or(&[0; 16]), 16 - rest.len(), 16 * pieces.len()),
                None => {
                    let mut pad = [0u8; 16];
                    pad[..rest.len()].copy_from_slice(rest);
                    add(&pad, 0, 16 * pieces.len());
                }
            }
        }
        // A pair: a byte and the next both `a` or both `b`, at even offsets.
        (((ma & ma >> 1) | (mb & mb >> 1)) & EVEN, lines)
    }

    /// [`batches`] of whole chunks, 16 bytes per compare.
    #[inline(always)]
    pub(super) fn whole_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Whole {
        let (aa, bb) = splat(a, b);
        let chunk = |chunk: &[u8; 64], lanes: &mut m128i| {
            let (pairs, lines) = compare(chunk, aa, bb);
            let any = bitor_m128i(bitor_m128i(pairs[0], pairs[1]), bitor_m128i(pairs[2], pairs[3]));
            if move_mask_i8_m128i(any) != 0 {
                return Some((bits(pairs) & EVEN, bits(lines)));
            }
            for line in lines {
                *lanes = sub_i8_m128i(*lanes, line);
            }
            None
        };
        let sum = |lanes: m128i| -> usize {
            let [lo, hi]: [u64; 2] = sum_of_u8_abs_diff_m128i(lanes, zeroed_m128i()).into();
            (lo + hi) as usize
        };
        batches(s, i, zeroed_m128i(), chunk, sum)
    }
}

/// [`sse2::whole_chunks`] 32 bytes per compare. Written with `core::arch`,
/// whose intrinsics are safe inside a function that enables their feature
/// (`safe_arch` offers AVX2 only to builds that enable it everywhere).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod avx2 {
    use super::{EVEN, Whole, batches};
    use core::arch::x86_64::*;

    #[target_feature(enable = "avx2")]
    pub(super) fn whole_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Whole {
        let nl = _mm256_set1_epi8(b'\n' as i8);
        let aa = _mm256_set1_epi16(i16::from_ne_bytes([a, a]));
        let bb = _mm256_set1_epi16(i16::from_ne_bytes([b, b]));
        let bits = |lo: __m256i, hi: __m256i| -> u64 {
            u64::from(_mm256_movemask_epi8(lo) as u32) | u64::from(_mm256_movemask_epi8(hi) as u32) << 32
        };
        let chunk = |chunk: &[u8; 64], lanes: &mut __m256i| {
            let halves = chunk.as_chunks::<32>().0;
            let (lo, hi) = (safe_arch::m256i::from(halves[0]).0, safe_arch::m256i::from(halves[1]).0);
            let pairs_lo = _mm256_or_si256(_mm256_cmpeq_epi16(lo, aa), _mm256_cmpeq_epi16(lo, bb));
            let pairs_hi = _mm256_or_si256(_mm256_cmpeq_epi16(hi, aa), _mm256_cmpeq_epi16(hi, bb));
            let (lines_lo, lines_hi) = (_mm256_cmpeq_epi8(lo, nl), _mm256_cmpeq_epi8(hi, nl));
            if _mm256_movemask_epi8(_mm256_or_si256(pairs_lo, pairs_hi)) != 0 {
                return Some((bits(pairs_lo, pairs_hi) & EVEN, bits(lines_lo, lines_hi)));
            }
            *lanes = _mm256_sub_epi8(_mm256_sub_epi8(*lanes, lines_lo), lines_hi);
            None
        };
        let sum = |lanes: __m256i| -> usize {
            let sums: [u64; 4] = safe_arch::m256i(_mm256_sad_epu8(lanes, _mm256_setzero_si256())).into();
            sums.iter().sum::<u64>() as usize
        };
        batches(s, i, _mm256_setzero_si256(), chunk, sum)
    }
}

/// Whole chunks from `i`, in batches of at most 63 (what the byte lanes
/// that count newlines hold: at most four per chunk, subtracted as the
/// compare's -1), so the loop over a batch tests nothing but its end.
/// `chunk` compares one chunk: its pair mask (even offsets) and newline
/// mask when it holds a candidate, else `None` and its newlines added to
/// the lanes, which `sum` adds up.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn batches<L: Copy>(
    s: &[u8],
    mut i: usize,
    zero: L,
    mut chunk: impl FnMut(&[u8; 64], &mut L) -> Option<(u64, u64)>,
    sum: impl Fn(L) -> usize,
) -> Whole {
    let mut newlines = 0;
    loop {
        let whole = s.get(i..).map_or(0, |rest| rest.len() / 64);
        if whole == 0 {
            return Whole::Rest { at: i, newlines };
        }
        let batch = whole.min(63);
        let (chunks, _) = s[i..i + 64 * batch].as_chunks::<64>();
        let mut lanes = zero;
        for (k, c) in chunks.iter().enumerate() {
            if let Some((pairs, newline_mask)) = chunk(c, &mut lanes) {
                return Whole::Found(Stop { at: i + 64 * k, newlines: newlines + sum(lanes), pairs, newline_mask });
            }
        }
        newlines += sum(lanes);
        i += 64 * batch;
    }
}

/// Portable form of [`skip_chunks`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(super) fn skip_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Stop {
    skip_chunks_bytewise(s, i, a, b)
}

#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
pub(super) fn skip_chunks_bytewise(s: &[u8], mut i: usize, a: u8, b: u8) -> Stop {
    let mut newlines = 0;
    let mut pad = [0u8; 64];
    while let Some((chunk, base, skip)) = chunk_at(s, i, &mut pad) {
        i = base;
        let mut pairs = 0u64;
        let mut newline_mask = 0u64;
        for (k, pair) in chunk.as_chunks::<2>().0.iter().enumerate() {
            pairs |= u64::from(pair[0] == pair[1] && (pair[0] == a || pair[0] == b)) << (2 * k);
            newline_mask |= (u64::from(pair[0] == b'\n') | u64::from(pair[1] == b'\n') << 1) << (2 * k);
        }
        // The last chunk may overlap bytes already scanned (`skip < 64`).
        pairs &= tail_pairs(skip);
        newline_mask &= u64::MAX << skip;
        if pairs != 0 {
            return Stop { at: i, newlines, pairs, newline_mask };
        }
        newlines += newline_mask.count_ones() as usize;
        i += 64;
    }
    Stop { at: s.len(), newlines, pairs: 0, newline_mask: 0 }
}
