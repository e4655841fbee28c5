//! What generated code tells `#[skill]` about a skill: the protocol between
//! `skills-codegen` (which writes it) and the handler check (which reads it).
//!
//! It travels as one string literal inside the generated
//! `macro_rules!` that `#[skill]` calls back through, so the macro checks a
//! handler against exactly the markdown the build script compiled.

/// Version of the protocol; bumped when fields change meaning.
pub const VERSION: u64 = 2;

/// One flag, as the handler check needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

impl FlagShape {
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
    /// The line generated code carries:
    ///
    /// ```text
    /// v2|email.send|1|4|EmailSendHandler|email::send|<flags>|skills/email/send.md
    /// flags: name,field,type,list,required,default,line,Enum,value value;...
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
                    "{},{},{},{},{},{},{},{},{}",
                    f.name,
                    f.field,
                    f.value_type,
                    u8::from(f.list),
                    u8::from(f.required),
                    u8::from(f.has_default),
                    f.line,
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
            let p: Vec<&str> = f.splitn(9, ',').collect();
            if p.len() != 9 {
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
                enum_type: (!p[7].is_empty()).then(|| p[7].to_string()),
                values: p[8].split(' ').filter(|v| !v.is_empty()).map(str::to_string).collect(),
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
            }],
        };
        assert_eq!(Shape::from_line(&shape.to_line()).unwrap(), shape);
        let odd = Shape { file: "odd|dir, with; \"quotes\"/x.md".into(), ..shape.clone() };
        assert_eq!(Shape::from_line(&odd.to_line()).unwrap(), odd);
    }
}
