//! The compiled name index: skill names and aliases to skill numbers, by
//! perfect hashing.
//!
//! The table is `phf`'s PtrHash construction (`phf_generator::ptrhash` at
//! build time, `phf_shared::ptrhash::get_index` here) with `rapidhash` v3 as
//! its hash instead of the SipHash-1-3 that `phf::Map` hard-codes. SipHash
//! made a lookup 2 to 4 times slower than a `HashMap` with foldhash; this
//! pairing measures 0.9 to 1.4 times (docs/PERFORMANCE.md). rapidhash v3's
//! output is guaranteed the same on every platform and crate version, so a
//! table built on the build machine works on any target, firmware included.
//!
//! A lookup hashes once, computes one slot, and compares one string. Before
//! the slot, one word of a small blocked Bloom filter (a byte per name, two
//! bits per name set in one 64-bit word) answers most misses: without it a
//! miss walked the whole dependent chain of a hit (hash, pilot, slot, key),
//! twice what a `HashMap` pays to reject a name from its control bytes.
//! Before the hash, one bit per name length present (lengths from 63 share
//! the last bit) turns away a name of a length no skill has, such as a
//! typo that drops or doubles a letter in a small table, for one shift and
//! one test.

use rapidhash::v3::{RapidSecrets, rapidhash_v3_nano_inline};

/// A perfect-hash map from names to skill numbers, built by `skills-codegen`.
#[derive(Debug)]
pub struct NameIndex {
    seed: u64,
    secrets: RapidSecrets,
    pilots: &'static [u8],
    remap: &'static [u32],
    entries: &'static [(&'static str, u16)],
    filter: &'static [u64],
    /// Bit `n`: some name is `n` bytes long (bit 63: 63 or more). Zero when
    /// nothing can be found.
    lengths: u64,
}

impl NameIndex {
    /// The index generated code writes: the solver's seed, pilots and remap,
    /// the entries in slot order, and the miss filter of [`filter`].
    #[doc(hidden)]
    pub const fn new(
        seed: u64,
        pilots: &'static [u8],
        remap: &'static [u32],
        entries: &'static [(&'static str, u16)],
        filter: &'static [u64],
    ) -> NameIndex {
        // An index without names, pilots or filter finds nothing: no length
        // bits say so, and `get` needs only that one test.
        let lengths = if entries.is_empty() || pilots.is_empty() || filter.is_empty() {
            0
        } else {
            let mut bits = 0;
            let mut i = 0;
            while i < entries.len() {
                bits |= length_bit(entries[i].0.len());
                i += 1;
            }
            bits
        };
        NameIndex { seed, secrets: RapidSecrets::seed(seed), pilots, remap, entries, filter, lengths }
    }

    /// The skill number of `name`.
    #[inline]
    pub fn get(&self, name: &str) -> Option<u16> {
        if self.lengths & length_bit(name.len()) == 0 {
            return None;
        }
        let hash = name_hash(name, &self.secrets);
        let (word, bits) = filter_probe(hash, self.filter.len());
        if self.filter[word] & bits != bits {
            return None;
        }
        let slot = phf_shared::ptrhash::get_index(self.seed, hash, self.pilots, self.remap, self.entries.len());
        match self.entries.get(slot as usize) {
            Some(&(key, value)) if skills_core::same_bytes(key.as_bytes(), name.as_bytes()) => Some(value),
            _ => None,
        }
    }

    /// Number of names (skills and aliases).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The hash the index is built with, for a candidate `seed` (build time).
#[doc(hidden)]
pub fn hash(name: &str, seed: u64) -> u64 {
    name_hash(name, &RapidSecrets::seed(seed))
}

/// The miss filter for `names` in an index built with `seed` (build time):
/// a power-of-two number of 64-bit words, one per eight names.
#[doc(hidden)]
#[cfg(feature = "alloc")]
pub fn filter(names: &[&str], seed: u64) -> alloc::vec::Vec<u64> {
    let words = names.len().div_ceil(8).max(1).next_power_of_two();
    let mut filter = alloc::vec![0u64; words];
    let secrets = RapidSecrets::seed(seed);
    for name in names {
        let (word, bits) = filter_probe(name_hash(name, &secrets), words);
        filter[word] |= bits;
    }
    filter
}

/// The bit of [`NameIndex`]'s length set for a name of `len` bytes.
#[inline(always)]
const fn length_bit(len: usize) -> u64 {
    1 << if len < 63 { len } else { 63 }
}

/// The word of the filter a hash falls in (always below `words`), and the
/// two bits it sets there.
#[inline(always)]
fn filter_probe(hash: u64, words: usize) -> (usize, u64) {
    let word = (hash >> 12) as usize & (words - 1);
    (word, (1u64 << (hash >> 58)) | (1u64 << ((hash >> 52) & 63)))
}

/// rapidhash v3 *nano*: the v3 family's variant for short inputs (names are
/// at most 64 bytes), stable across platforms and crate versions like v3
/// itself. The full v3 moves inputs over 16 bytes to an out-of-line
/// function built for kilobytes, which made a miss cost twice a `HashMap`'s.
#[inline(always)]
fn name_hash(name: &str, secrets: &RapidSecrets) -> u64 {
    rapidhash_v3_nano_inline::<true, false>(name.as_bytes(), secrets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(keys: &[&'static str]) -> NameIndex {
        let state = phf_generator::ptrhash::generate_hash_with_hash_fn(keys, |k: &&str, seed: &u64| hash(k, *seed));
        let entries: Vec<(&'static str, u16)> = state.map.iter().map(|&i| (keys[i], i as u16)).collect();
        let filter = filter(keys, state.seed);
        NameIndex::new(state.seed, Vec::leak(state.pilots), Vec::leak(state.remap), Vec::leak(entries), filter.leak())
    }

    #[test]
    fn every_name_is_found_and_nothing_else_is() {
        for n in [0usize, 1, 2, 10, 1000, 10_000] {
            let keys: Vec<&'static str> =
                (0..n).map(|i| &*String::leak(format!("domain{}.action_{i}", i / 100))).collect();
            let index = build(&keys);
            assert_eq!(index.len(), n);
            for (i, k) in keys.iter().enumerate() {
                assert_eq!(index.get(k), Some(i as u16), "{k}");
            }
            let mut passed_filter = 0;
            for i in 0..n.min(2000) {
                let miss = format!("domain{}.acton_{i}", i / 100);
                assert_eq!(index.get(&miss), None);
                let (word, bits) = filter_probe(hash(&miss, index.seed), index.filter.len());
                passed_filter += usize::from(index.filter[word] & bits == bits);
            }
            // About one miss in twenty gets past the filter to the key compare.
            assert!(passed_filter * 8 <= n.min(2000), "{passed_filter} of {} misses passed the filter", n.min(2000));
            assert_eq!(index.get(""), None);
        }
    }

    /// Names of a length no name has are turned away before the hash; long
    /// names share the last length bit and are still told apart by the table.
    #[test]
    fn lengths_turn_away_misses_and_long_names_still_resolve() {
        let long = &*String::leak(format!("{}.{}", "d".repeat(40), "a".repeat(30)));
        let keys = ["email.send", "tasks.search", long];
        let index = build(&keys);
        assert_eq!(index.lengths, 1 << 10 | 1 << 12 | 1 << 63);
        assert_eq!(index.get("email.sen"), None);
        assert_eq!(index.get("email.sendd"), None);
        assert_eq!(index.get("email.snde"), None, "same length, not a name");
        assert_eq!(index.get(long), Some(2));
        let other_long = format!("{}.{}", "d".repeat(41), "a".repeat(30));
        assert_eq!(index.get(&other_long), None);
        assert_eq!(index.get(&long[..63]), None);
        // Nothing is found in an index without a filter, whatever the names.
        let empty = NameIndex::new(index.seed, index.pilots, index.remap, index.entries, &[]);
        assert_eq!(empty.get("email.send"), None);
    }
}
