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
//! A lookup hashes once, computes one slot, and compares one string: a miss
//! costs the same as a hit.

use rapidhash::v3::{RapidSecrets, rapidhash_v3_seeded};

/// A perfect-hash map from names to skill numbers, built by `skills-codegen`.
#[derive(Debug)]
pub struct NameIndex {
    seed: u64,
    secrets: RapidSecrets,
    pilots: &'static [u8],
    remap: &'static [u32],
    entries: &'static [(&'static str, u16)],
}

impl NameIndex {
    /// The index generated code writes: the solver's seed, pilots and remap,
    /// and the entries in slot order.
    #[doc(hidden)]
    pub const fn new(
        seed: u64,
        pilots: &'static [u8],
        remap: &'static [u32],
        entries: &'static [(&'static str, u16)],
    ) -> NameIndex {
        NameIndex { seed, secrets: RapidSecrets::seed(seed), pilots, remap, entries }
    }

    /// The skill number of `name`.
    #[inline]
    pub fn get(&self, name: &str) -> Option<u16> {
        if self.entries.is_empty() || self.pilots.is_empty() {
            return None;
        }
        let hash = rapidhash_v3_seeded(name.as_bytes(), &self.secrets);
        let slot = phf_shared::ptrhash::get_index(self.seed, hash, self.pilots, self.remap, self.entries.len());
        match self.entries.get(slot as usize) {
            Some(&(key, value)) if key == name => Some(value),
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
    rapidhash_v3_seeded(name.as_bytes(), &RapidSecrets::seed(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(keys: &[&'static str]) -> NameIndex {
        let state = phf_generator::ptrhash::generate_hash_with_hash_fn(keys, |k: &&str, seed: &u64| hash(k, *seed));
        let entries: Vec<(&'static str, u16)> = state.map.iter().map(|&i| (keys[i], i as u16)).collect();
        NameIndex::new(state.seed, Vec::leak(state.pilots), Vec::leak(state.remap), Vec::leak(entries))
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
            for i in 0..n.min(2000) {
                assert_eq!(index.get(&format!("domain{}.acton_{i}", i / 100)), None);
            }
            assert_eq!(index.get(""), None);
        }
    }
}
