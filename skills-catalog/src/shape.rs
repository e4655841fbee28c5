//! What generated code tells `#[skill]` about a skill: the protocol between
//! `skills-codegen` (which writes it) and the handler check in
//! `skills-macros-core` (which reads it).
//!
//! It travels as one string literal inside the generated
//! `macro_rules!` that `#[skill]` calls back through, so the macro checks a
//! handler against exactly the markdown the build script compiled.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// `name` as a Rust identifier: raw (`r#type`) when it is a keyword.
pub fn raw_ident(name: &str) -> String {
    const KEYWORDS: [&str; 48] = [
        "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn", "else", "enum",
        "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
        "move", "mut", "override", "priv", "pub", "ref", "return", "static", "struct", "trait", "true", "try", "type",
        "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    if KEYWORDS.contains(&name) { format!("r#{name}") } else { name.to_string() }
}

/// Version of the protocol; bumped when fields change meaning.
pub const VERSION: u64 = 3;

/// Where a property of a flag was decided: the markdown line, and the
/// kind of statement (`skills_parser::Origin::as_str`, `~` first when it
/// was implied by a statement about another property).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Decided {
    /// 1-based line; 0 when nothing states it.
    pub line: u32,
    /// `marker`, `data`, `usage`, `placeholder`, `default-value`,
    /// `layout`, `example` or `unstated`, maybe after `~`.
    pub how: String,
}

impl Decided {
    /// Where it was decided, in words, for a message (`stated at
    /// skills/a/b.md:12`).
    pub fn said(&self, file: &str) -> String {
        let at = format!("{file}:{}", self.line);
        match (self.how.trim_start_matches('~'), self.line) {
            (_, 0) => "as nothing states otherwise".to_string(),
            ("unstated", _) => format!("as nothing types the value shown at {at}"),
            _ if self.how.starts_with('~') => format!("as implied by the statement at {at}"),
            ("marker" | "data", _) => format!("as stated at {at}"),
            ("usage", _) => format!("as Usage shows it at {at}"),
            ("placeholder", _) => format!("from its placeholder at {at}"),
            ("default-value", _) => format!("from its default at {at}"),
            ("layout", _) => format!("as its line at {at} shows no value"),
            ("example", _) => format!("as its examples give it at {at}"),
            _ => format!("from {at}"),
        }
    }

    fn encode(&self) -> String {
        format!("{}:{}", self.line, self.how)
    }

    fn decode(s: &str) -> Option<Decided> {
        let (line, how) = s.split_once(':')?;
        Some(Decided { line: line.parse().ok()?, how: how.to_string() })
    }
}

/// One flag, as the handler check needs it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FlagShape {
    /// `due-before`.
    pub name: String,
    /// The parameter name it maps to (`due_before`), without `r#`.
    pub field: String,
    /// `string`, `integer`, `date`, `boolean` or `enum`.
    pub value_type: String,
    /// Takes several values.
    pub list: bool,
    /// Must be given.
    pub required: bool,
    /// Has a default.
    pub has_default: bool,
    /// 1-based line in the markdown.
    pub line: u32,
    /// Enum values, as written.
    pub values: Vec<String>,
    /// The generated enum's type name (`Status`), for enum flags.
    pub enum_type: Option<String>,
    /// What decided its type.
    pub type_at: Decided,
    /// What decided whether it takes several values.
    pub list_at: Decided,
    /// What decided whether it is required (or, for a defaulted flag,
    /// where its default is).
    pub required_at: Decided,
    /// The values examples give it, with their lines, for numbers (which
    /// a parameter's Rust type may not hold: `--id 5000000000` and `u32`).
    pub examples: Vec<(u32, String)>,
}

impl FlagShape {
    /// The Rust type the flag asks for, as messages show it: `String`,
    /// `Option<Vec<i64>>`, an enum under `module`.
    pub fn rust_type(&self, module: &str) -> String {
        let elem = match self.value_type.as_str() {
            "integer" => "i64".to_string(),
            "number" => "f64".to_string(),
            "date" => "skills_runtime::Date".to_string(),
            "boolean" => return "bool".to_string(),
            "enum" => format!("{module}::{}", self.enum_type.as_deref().unwrap_or("Enum")),
            _ => "String".to_string(),
        };
        let t = if self.list { format!("Vec<{elem}>") } else { elem };
        if self.always_present() { t } else { format!("Option<{t}>") }
    }

    /// Whether the handler always receives a value (required, defaulted or boolean).
    pub fn always_present(&self) -> bool {
        self.required || self.has_default || self.value_type == "boolean"
    }
}

/// One skill, as the handler check needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// `email.send`.
    pub name: String,
    /// The markdown file, as the user sees it (`skills/email/send.md`).
    pub file: String,
    /// Whether the frontmatter has `handler:`.
    pub has_handler: bool,
    /// Line of `handler:` (or of `name:` when absent).
    pub handler_line: u32,
    /// The per-skill handler trait (`EmailSendHandler`).
    pub handler_trait: String,
    /// Path of the skill's module under the generated module (`email::send`).
    pub module: String,
    /// The flags, in markdown order.
    pub flags: Vec<FlagShape>,
}

impl Shape {
    /// The handler to write for this skill, as a message shows it:
    /// `fn send(to: Vec<String>, cc: Option<Vec<String>>) -> Result<String,
    /// SkillError>`, its enums under `module` (`crate::skills`). `context`
    /// goes before the flags (the context parameter, or nothing).
    pub fn signature(&self, func: &str, module: &str, context: &str) -> String {
        let module = format!("{module}::{}", self.module);
        let params: Vec<String> =
            (self.flags.iter()).map(|f| format!("{}: {}", raw_ident(&f.field), f.rust_type(&module))).collect();
        format!("fn {func}({context}{}) -> Result<String, SkillError>", params.join(", "))
    }

    /// The line generated code carries:
    ///
    /// ```text
    /// v2|email.send|1|4|EmailSendHandler|email::send|<flags>|skills/email/send.md
    /// flags: name,field,type,list,required,default,line,type@,list@,required@,line=example ...,Enum,value value;...
    /// where each `@` is `line:how` (see [`Decided`]); examples are numbers
    /// ```
    ///
    /// Every field but the file is made of identifiers, numbers and enum
    /// words, none of which can contain `|`, `;`, `,` or a space, so the line
    /// splits without escaping; the file, which may contain anything, is
    /// last. It is this simple on purpose: `#[skill]` parses one per handler,
    /// unoptimized in debug builds, and JSON cost a measurable share of the
    /// build of large crates.
    pub fn to_line(&self) -> String {
        let flags: Vec<String> = self
            .flags
            .iter()
            .map(|f| {
                format!(
                    "{},{},{},{},{},{},{},{},{},{},{},{},{}",
                    f.name,
                    f.field,
                    f.value_type,
                    u8::from(f.list),
                    u8::from(f.required),
                    u8::from(f.has_default),
                    f.line,
                    f.type_at.encode(),
                    f.list_at.encode(),
                    f.required_at.encode(),
                    f.examples.iter().map(|(l, v)| format!("{l}={v}")).collect::<Vec<_>>().join(" "),
                    f.enum_type.as_deref().unwrap_or(""),
                    f.values.join(" ")
                )
            })
            .collect();
        format!(
            "v{VERSION}|{}|{}|{}|{}|{}|{}|{}",
            self.name,
            u8::from(self.has_handler),
            self.handler_line,
            self.handler_trait,
            self.module,
            flags.join(";"),
            self.file
        )
    }

    /// Reads what [`Shape::to_line`] wrote.
    pub fn from_line(line: &str) -> Result<Shape, String> {
        let stale = || "the generated code is from another version of skills-codegen; rebuild".to_string();
        let mut parts = line.splitn(8, '|');
        let mut next = || parts.next().ok_or_else(stale);
        if next()? != format!("v{VERSION}") {
            return Err(stale());
        }
        let name = next()?.to_string();
        let has_handler = next()? == "1";
        let handler_line = next()?.parse().map_err(|_| stale())?;
        let handler_trait = next()?.to_string();
        let module = next()?.to_string();
        let flags_text = next()?;
        let file = next()?.to_string();
        let mut flags = Vec::new();
        for f in flags_text.split(';').filter(|f| !f.is_empty()) {
            let p: Vec<&str> = f.splitn(13, ',').collect();
            if p.len() != 13 {
                return Err(stale());
            }
            flags.push(FlagShape {
                name: p[0].to_string(),
                field: p[1].to_string(),
                value_type: p[2].to_string(),
                list: p[3] == "1",
                required: p[4] == "1",
                has_default: p[5] == "1",
                line: p[6].parse().map_err(|_| stale())?,
                type_at: Decided::decode(p[7]).ok_or_else(stale)?,
                list_at: Decided::decode(p[8]).ok_or_else(stale)?,
                required_at: Decided::decode(p[9]).ok_or_else(stale)?,
                examples: p[10]
                    .split(' ')
                    .filter(|e| !e.is_empty())
                    .map(|e| e.split_once('=').and_then(|(l, v)| Some((l.parse().ok()?, v.to_string()))))
                    .collect::<Option<_>>()
                    .ok_or_else(stale)?,
                enum_type: (!p[11].is_empty()).then(|| p[11].to_string()),
                values: p[12].split(' ').filter(|v| !v.is_empty()).map(str::to_string).collect(),
            });
        }
        Ok(Shape { name, file, has_handler, handler_line, handler_trait, module, flags })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let shape = Shape {
            name: "tasks.search".into(),
            file: "skills/tasks/search.md".into(),
            has_handler: true,
            handler_line: 4,
            handler_trait: "TasksSearchHandler".into(),
            module: "tasks::search".into(),
            flags: vec![FlagShape {
                name: "status".into(),
                field: "status".into(),
                value_type: "enum".into(),
                list: true,
                required: false,
                has_default: true,
                line: 19,
                values: vec!["todo".into(), "done".into()],
                enum_type: Some("Status".into()),
                type_at: Decided { line: 19, how: "marker".into() },
                list_at: Decided { line: 19, how: "marker".into() },
                required_at: Decided { line: 19, how: "~marker".into() },
                examples: vec![],
            }],
        };
        assert_eq!(Shape::from_line(&shape.to_line()).unwrap(), shape);
        let odd = Shape { file: "odd|dir, with; \"quotes\"/x.md".into(), ..shape.clone() };
        assert_eq!(Shape::from_line(&odd.to_line()).unwrap(), odd);
    }
}
