//! Finding fence candidates 64 bytes at a time while counting lines.

// A run of three fence characters always holds two equal ones at an even
// offset from wherever the scan started: of its first two positions one is
// even. So the scan compares 16-bit words against `aa` and `bb`, which finds
// each run (and a rare double backtick) with a handful of vector operations
// per 64 bytes and no per-byte work, and counts newlines on the way. (Any
// fixed grid of even offsets does: the last, short stretch is scanned as the
// input's last 64 bytes, its bytes already scanned cleared from the masks.)

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
/// neither a fence character nor a newline).
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
/// SSE2 is part of every x86-64 processor, so this needs no run-time
/// detection; elsewhere (the firmware's Cortex-M, for one) the same answer
/// is computed bytewise.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(super) fn skip_chunks(s: &[u8], mut i: usize, a: u8, b: u8) -> Stop {
    use safe_arch::*;
    let nl = set_splat_i8_m128i(b'\n' as i8);
    let aa = set_splat_i16_m128i(i16::from_ne_bytes([a, a]));
    let bb = set_splat_i16_m128i(i16::from_ne_bytes([b, b]));
    let mut newlines = 0;
    // Newlines per byte lane (a compare yields -1, so subtract it): at most
    // four per chunk, so the lanes are summed every 63 chunks and at the end.
    let sum = |lanes: m128i| -> usize {
        let [lo, hi]: [u64; 2] = sum_of_u8_abs_diff_m128i(lanes, zeroed_m128i()).into();
        (lo + hi) as usize
    };
    // Compares one chunk: per 16 bytes, the pair and the newline lanes.
    let compare = |chunk: &[u8; 64]| -> ([m128i; 4], [m128i; 4]) {
        let mut pairs = [zeroed_m128i(); 4];
        let mut lines = [zeroed_m128i(); 4];
        for (k, piece) in chunk.as_chunks::<16>().0.iter().enumerate() {
            let v = load_unaligned_m128i(piece);
            lines[k] = cmp_eq_mask_i8_m128i(v, nl);
            pairs[k] = bitor_m128i(cmp_eq_mask_i16_m128i(v, aa), cmp_eq_mask_i16_m128i(v, bb));
        }
        (pairs, lines)
    };
    let bits = |v: [m128i; 4]| -> u64 {
        let mut mask = 0u64;
        for (k, v) in v.into_iter().enumerate() {
            mask |= u64::from(move_mask_i8_m128i(v) as u16) << (16 * k);
        }
        mask
    };
    // Whole chunks in batches of at most 63 (what the byte lanes hold), so
    // the loop over a batch tests nothing but its end.
    loop {
        let whole = s.get(i..).map_or(0, |rest| rest.len() / 64);
        if whole == 0 {
            break;
        }
        let batch = whole.min(63);
        let (chunks, _) = s[i..i + 64 * batch].as_chunks::<64>();
        let mut lanes = zeroed_m128i();
        for (k, chunk) in chunks.iter().enumerate() {
            let (pairs, lines) = compare(chunk);
            let any = bitor_m128i(bitor_m128i(pairs[0], pairs[1]), bitor_m128i(pairs[2], pairs[3]));
            if move_mask_i8_m128i(any) != 0 {
                return Stop {
                    at: i + 64 * k,
                    newlines: newlines + sum(lanes),
                    pairs: bits(pairs) & 0x5555_5555_5555_5555,
                    newline_mask: bits(lines),
                };
            }
            for line in lines {
                lanes = sub_i8_m128i(lanes, line);
            }
        }
        newlines += sum(lanes);
        i += 64 * batch;
    }
    let mut pad = [0u8; 64];
    let Some((chunk, base, skip)) = chunk_at(s, i, &mut pad) else {
        return Stop { at: s.len(), newlines, pairs: 0, newline_mask: 0 };
    };
    // The short stretch at the end: masks of the chunk holding it, less the
    // bytes already scanned (see `tail_pairs` for the pairs).
    let (pairs, lines) = compare(chunk);
    let pairs = bits(pairs) & 0x5555_5555_5555_5555 & tail_pairs(skip);
    let newline_mask = bits(lines) & (u64::MAX << skip);
    if pairs != 0 {
        return Stop { at: base, newlines, pairs, newline_mask };
    }
    Stop { at: s.len(), newlines: newlines + newline_mask.count_ones() as usize, pairs: 0, newline_mask: 0 }
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
