//! Commands outside ```cmd blocks: tags around a command, one-line
//! fences, and the languages whose blocks may hold commands. Read by the
//! turn, and by the reading of tool calls written as text.

/// Whether `t`, the text between `<` and `>`, is a tag (`cmd`, `/cmd`,
/// `command name="x"`, `tool_call`).
pub(crate) fn is_tag(t: &str) -> bool {
    let name = t.strip_prefix('/').unwrap_or(t);
    name.split_whitespace().next().is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':'))
    })
}

/// `line` without the tags it starts with.
pub(crate) fn without_leading_tags(mut line: &str) -> &str {
    while let Some(rest) = line.strip_prefix('<')
        && let Some((t, after)) = rest.split_once('>')
        && is_tag(t)
    {
        line = after.trim_start();
    }
    line
}

/// `line` without the tags a model may wrap a command in (`<cmd>`,
/// `<command name="x">`, `</cmd>`), trimmed.
pub(crate) fn untagged(line: &str) -> &str {
    let mut line = line.trim();
    // A block written on one line (```` ```cmd tasks.search``` ````), which
    // CommonMark reads as inline code in a paragraph: an attempt, with the
    // block's language, not a mention, also after words on its line
    // (`Checking now: ```cmd tasks.search``` `).
    if let Some(command) = one_line_block(line) {
        line = command;
    }
    line = without_leading_tags(line);
    while let Some(before) = line.strip_suffix('>')
        && let Some((head, t)) = before.rsplit_once('<')
        && is_tag(t)
    {
        line = head.trim_end();
    }
    line
}

/// The command of the first one-line ```` ```cmd ...``` ```` in `line`.
pub(crate) fn one_line_block(line: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(i) = line[from..].find("```").map(|i| from + i) {
        let rest = &line[i + 3..];
        if rest.get(..3).is_some_and(|l| l.eq_ignore_ascii_case("cmd"))
            && let Some(body) = rest[3..].strip_prefix([' ', '\t'])
            && let Some(end) = body.find("```")
        {
            return Some(body[..end].trim()).filter(|c| !c.is_empty());
        }
        from = i + 3;
    }
    None
}

/// Whether a block's language is one a model may write commands under by
/// mistake: any but the programming, data and markup languages in which a
/// line that starts with a skill's name is code, data or a quoted example
/// ([`NOT_COMMAND_LANGUAGES`]). So shells (`bash`, `ps1`), none, plain text,
/// `cmd` misspelt with punctuation (`{cmd}`, `cmd,`), shell sessions, and
/// words a model may invent (`skill`, `tool`) all count.
pub(crate) fn may_hold_commands(language: &str) -> bool {
    let bare = language.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    !NOT_COMMAND_LANGUAGES.iter().any(|l| l.eq_ignore_ascii_case(bare))
}

/// Fence languages whose lines are something else than commands: a Python
/// or JSON block is code or data (a JSON tool call is read on its own), a
/// Markdown block an example.
pub(crate) const NOT_COMMAND_LANGUAGES: &[&str] = &[
    "python",
    "py",
    "python3",
    "ipython",
    "javascript",
    "js",
    "jsx",
    "typescript",
    "ts",
    "tsx",
    "node",
    "json",
    "jsonc",
    "json5",
    "jsonl",
    "ndjson",
    "yaml",
    "yml",
    "toml",
    "ini",
    "xml",
    "html",
    "css",
    "scss",
    "sql",
    "rust",
    "rs",
    "go",
    "golang",
    "java",
    "kotlin",
    "kt",
    "scala",
    "swift",
    "c",
    "h",
    "cpp",
    "cxx",
    "cc",
    "hpp",
    "csharp",
    "cs",
    "fsharp",
    "ruby",
    "rb",
    "php",
    "perl",
    "pl",
    "lua",
    "r",
    "dart",
    "elixir",
    "ex",
    "exs",
    "erlang",
    "haskell",
    "hs",
    "ocaml",
    "ml",
    "clojure",
    "clj",
    "lisp",
    "scheme",
    "julia",
    "jl",
    "zig",
    "nim",
    "graphql",
    "gql",
    "proto",
    "protobuf",
    "markdown",
    "md",
    "mdx",
    "rst",
    "latex",
    "tex",
    "diff",
    "patch",
    "csv",
    "tsv",
    "dockerfile",
    "makefile",
    "make",
    "cmake",
    "nix",
    "hcl",
    "terraform",
    "tf",
    "mermaid",
    "dot",
];
