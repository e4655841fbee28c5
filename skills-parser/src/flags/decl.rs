//! What a recognizer reads about one flag, before resolution: typed
//! statements, each with where it was made. Nothing here is text to be
//! parsed again, except the description, whose markers are read once.

use super::{Origin, Source};
use skills_core::spec::ValueType;

/// What one statement says about one property of a flag.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Fact {
    /// The type of each value (an enum is stated by its values).
    Type(ValueType),
    /// A format of text given as the type (`email`, `object`): a string.
    Format(String),
    /// A type word the format does not know (`strng`).
    UnknownType(String),
    /// `(type: enum)`: an enum whose values the description quotes.
    EnumType,
    /// Takes several values, or one.
    List(bool),
    /// Must be given, or may be left out.
    Required(bool),
    /// The value(s) when the flag is left out.
    Default(DefaultValue),
    /// The values an enum allows, as written.
    Values(Vec<String>),
}

/// A default as its statement gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DefaultValue {
    /// Text as written in a marker or a cell (quotes kept): one value, or
    /// values separated by commas when the flag takes several.
    Text(String),
    /// Values a data block gave one by one (a YAML scalar is one value).
    Values(Vec<String>),
    /// Several words without quotes (`the team`, `current directory`):
    /// applied as text, but it may say what leaving the flag out does.
    Words(String),
}

/// A statement: a fact, and where it was made (whether it is only implied
/// by a statement about another property is part of that).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Stated {
    pub(crate) fact: Fact,
    pub(crate) at: Source,
}

impl Stated {
    pub(crate) fn implied(&self) -> bool {
        self.at.implied
    }
}

/// A placeholder as a flag line, a table cell or Usage writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placeholder {
    /// Without brackets or repetition mark (`addresses`, `DATE`, `en,fr`).
    pub(crate) text: String,
    /// Followed by `...` (or written `TAG [TAG ...]`): several values.
    pub(crate) repeated: bool,
    /// Enum values it lists (`{en,fr}`, `[a|b]`, `a|b`), and whether its
    /// form only ever lists values.
    pub(crate) choices: Option<(Vec<String>, bool)>,
    pub(crate) at: Source,
}

impl Placeholder {
    /// The placeholder `text` at `at`, with the choices it lists.
    pub(crate) fn new(text: String, repeated: bool, at: Source) -> Placeholder {
        Placeholder { choices: crate::lex::placeholder_choices(&text), text, repeated, at }
    }
}

/// The description of a flag as written, from one or more lines, with the
/// place of each piece so a marker found in it can say where it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Text {
    pub(crate) text: String,
    /// (line, column) where the first piece starts (at offset 0), when
    /// there is one: most descriptions are one piece.
    first: (usize, usize),
    /// (offset in `text`, line, column) where each later piece starts.
    more: Vec<(usize, usize, usize)>,
}

impl Text {
    /// Appends a piece written at `line`:`column`, separated from what is
    /// already there by a blank (a sentence's end when `sentence` and the
    /// text so far does not end one).
    pub(crate) fn push(&mut self, piece: &str, line: usize, column: usize, sentence: bool) {
        let piece = piece.trim();
        if piece.is_empty() {
            return;
        }
        if self.text.is_empty() {
            self.first = (line, column);
        } else {
            if sentence && !self.text.ends_with(['.', '!', '?', ':']) {
                self.text.push('.');
            }
            self.text.push(' ');
            self.more.push((self.text.len(), line, column));
        }
        self.text.push_str(piece);
    }

    /// The pieces: (offset in `text`, line, column) where each starts.
    fn pieces(&self) -> impl DoubleEndedIterator<Item = (usize, usize, usize)> + '_ {
        let first = (!self.text.is_empty()).then_some((0, self.first.0, self.first.1));
        first.into_iter().chain(self.more.iter().copied())
    }

    /// Where byte `offset` of the text was written.
    pub(crate) fn place(&self, offset: usize) -> (usize, usize) {
        match self.pieces().rev().find(|p| p.0 <= offset) {
            Some((start, line, column)) => {
                let end = offset.min(self.text.len());
                (line, column + self.text.get(start..end).map_or(0, |s| s.chars().count()))
            }
            None => (0, 0),
        }
    }

    /// Whether only blanks lie between `offset` and the end of the piece it
    /// is in (a line of its own ends there).
    pub(crate) fn ends_piece(&self, offset: usize) -> bool {
        let next = self.pieces().map(|p| p.0).find(|&start| start > offset).unwrap_or(self.text.len());
        self.text.get(offset..next).is_some_and(|rest| rest.trim().is_empty())
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// Everything one declaration says about one flag: its name and where it
/// is, its spellings, and typed statements about its properties.
#[derive(Clone, Debug, Default)]
pub(crate) struct Decl {
    pub(crate) name: String,
    /// Where the name is (1-based line and column).
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) short: Option<char>,
    pub(crate) placeholder: Option<Placeholder>,
    pub(crate) description: Text,
    pub(crate) facts: Vec<Stated>,
    /// Written with its negated form (`--[no-]color`, `--color / --no-color`).
    pub(crate) negated: bool,
    /// Written as a switch given again and again (`--debug...`).
    pub(crate) counted: bool,
    /// A flag line of the help-output form whose line shows no value
    /// (`-v, --verbose  Talk more`): in a section whose flag lines show
    /// values, a switch.
    pub(crate) shows_no_value: bool,
    /// Where the declaration's text starts on its line, for continuation
    /// lines (`usize::MAX` for declarations no line continues).
    pub(crate) indent: usize,
    /// The declaration is a heading; the text under it is its description.
    pub(crate) heading: bool,
    /// A group that makes its flags required (`### Required`), unless a
    /// statement of the flag's own says otherwise.
    pub(crate) group: Option<Source>,
    /// Its values as list items under it, each with what the item says
    /// about it (`json`, `for programs`), shown with its description.
    pub(crate) items: Vec<(String, String)>,
}

impl Decl {
    /// A declaration of `name` at `line`:`column`.
    pub(crate) fn new(name: String, line: usize, column: usize) -> Decl {
        Decl { name, line, column, indent: usize::MAX, ..Decl::default() }
    }

    /// Adds a direct statement made at `line`:`column`.
    pub(crate) fn state(&mut self, fact: Fact, line: usize, column: usize, origin: Origin) {
        self.facts.push(Stated { fact, at: Source::at(line, column, origin) });
    }

    /// Adds what a marker reader found, all made at `line`:`column`.
    pub(crate) fn add(&mut self, found: Vec<(Fact, bool, usize)>, line: usize, column: usize, origin: Origin) {
        let at = Source::at(line, column, origin);
        self.facts.extend(found.into_iter().map(|(fact, implied, _)| Stated { fact, at: Source { implied, ..at } }));
    }

    /// Adds a statement implied by another made at `line`:`column`.
    pub(crate) fn imply(&mut self, fact: Fact, line: usize, column: usize, origin: Origin) {
        self.facts.push(Stated { fact, at: Source { implied: true, ..Source::at(line, column, origin) } });
    }
}
