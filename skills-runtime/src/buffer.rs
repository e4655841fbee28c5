//! A `core::fmt::Write` over a caller's byte buffer, for the heap-free
//! dispatch path: replies, help and errors are written into memory the
//! caller owns, and a reply that does not fit is cut at a character
//! boundary and marked, never lost silently.
//!
//! ```
//! use core::fmt::Write;
//! use skills_runtime::buffer::Buffer;
//! let mut bytes = [0u8; 8];
//! let mut out = Buffer::new(&mut bytes);
//! write!(out, "héllo").unwrap();
//! assert_eq!(out.as_str(), "héllo");
//! assert!(write!(out, " world").is_err());
//! assert_eq!(out.as_str(), "héllo w");
//! assert!(out.is_truncated());
//! ```

use core::fmt;

/// Text written into a fixed byte buffer.
#[derive(Debug)]
pub struct Buffer<'a> {
    bytes: &'a mut [u8],
    len: usize,
    truncated: bool,
}

impl<'a> Buffer<'a> {
    /// An empty buffer over `bytes`.
    pub fn new(bytes: &'a mut [u8]) -> Self {
        Buffer { bytes, len: 0, truncated: false }
    }

    /// What was written (always whole characters).
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 sequences are ever copied in (see `write_str`).
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }

    /// Whether some text did not fit.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Forgets what was written.
    pub fn clear(&mut self) {
        self.len = 0;
        self.truncated = false;
    }

    /// Bytes written.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Write for Buffer<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.bytes.len() - self.len;
        if s.len() <= room {
            self.bytes[self.len..self.len + s.len()].copy_from_slice(s.as_bytes());
            self.len += s.len();
            return Ok(());
        }
        let mut cut = room;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        self.bytes[self.len..self.len + cut].copy_from_slice(&s.as_bytes()[..cut]);
        self.len += cut;
        self.truncated = true;
        Err(fmt::Error)
    }
}
