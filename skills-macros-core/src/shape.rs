//! What generated code tells `#[skill]` about a skill: the protocol between
//! `skills-codegen` (which writes it) and the handler check (which reads it).
//!
//! It travels as one JSON string literal inside the generated
//! `macro_rules!` that `#[skill]` calls back through, so the macro checks a
//! handler against exactly the markdown the build script compiled.

use serde_json::{Value, json};

/// Version of the protocol; bumped when fields change meaning.
pub const VERSION: u64 = 1;

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
    /// The JSON text generated code carries.
    pub fn to_json(&self) -> String {
        json!({
            "v": VERSION,
            "name": self.name,
            "file": self.file,
            "has_handler": self.has_handler,
            "handler_line": self.handler_line,
            "handler_trait": self.handler_trait,
            "module": self.module,
            "flags": self.flags.iter().map(|f| json!({
                "name": f.name,
                "field": f.field,
                "type": f.value_type,
                "list": f.list,
                "required": f.required,
                "default": f.has_default,
                "line": f.line,
                "values": f.values,
                "enum": f.enum_type,
            })).collect::<Vec<_>>(),
        })
        .to_string()
    }

    /// Reads what [`Shape::to_json`] wrote.
    pub fn from_json(text: &str) -> Result<Shape, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if v["v"].as_u64() != Some(VERSION) {
            return Err("the generated code is from another version of skills-codegen; rebuild".into());
        }
        let s = |v: &Value, k: &str| v[k].as_str().map(str::to_string).ok_or_else(|| format!("missing `{k}`"));
        let b = |v: &Value, k: &str| v[k].as_bool().unwrap_or(false);
        let n = |v: &Value, k: &str| v[k].as_u64().unwrap_or(0) as u32;
        let mut flags = Vec::new();
        for f in v["flags"].as_array().ok_or("missing `flags`")? {
            flags.push(FlagShape {
                name: s(f, "name")?,
                field: s(f, "field")?,
                value_type: s(f, "type")?,
                list: b(f, "list"),
                required: b(f, "required"),
                has_default: b(f, "default"),
                line: n(f, "line"),
                values: f["values"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                    .unwrap_or_default(),
                enum_type: f["enum"].as_str().map(str::to_string),
            });
        }
        Ok(Shape {
            name: s(&v, "name")?,
            file: s(&v, "file")?,
            has_handler: b(&v, "has_handler"),
            handler_line: n(&v, "handler_line"),
            handler_trait: s(&v, "handler_trait")?,
            module: s(&v, "module")?,
            flags,
        })
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
        assert_eq!(Shape::from_json(&shape.to_json()).unwrap(), shape);
    }
}
