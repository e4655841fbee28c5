//! What kind of result a command produced: help, a template, a reply or an
//! error. Below both the router, which decides it, and the outcome, which
//! carries it.

/// What kind of result a command produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Help text (`get_skill`, `--help`).
    Help,
    /// A template skill's body, for the model to follow.
    Template,
    /// A handler's reply.
    Reply,
    /// An error result the model can correct from.
    Error,
}

impl Kind {
    /// `help`, `template`, `reply` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Help => "help",
            Kind::Template => "template",
            Kind::Reply => "reply",
            Kind::Error => "error",
        }
    }
}
