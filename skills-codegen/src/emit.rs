//! Writes the generated Rust source for a loaded tree.
//!
//! The output is deterministic (sorted tree, fixed perfect-hash seed, no
//! timestamps) and laid out for people: open `$OUT_DIR/skills.rs` to read
//! what a build compiled. Everything it names is an absolute path, so a
//! user's own items cannot change its meaning.
//!
//! The design is table-driven: per skill there are static flag specs read
//! by the one shared parser, a small struct and a few lines of glue, never a
//! parse function of its own. That keeps clean builds of large trees linear
//! and fast (see docs/PERFORMANCE.md).

use crate::idents::{camel, field_key, ident, lit, unique};
use skills_catalog::catalog::Catalog;
use skills_catalog::dynamic::DynamicCatalog;
use skills_catalog::shape::{FlagShape, Shape};
use skills_core::names;
use skills_core::spec::ValueType;
use skills_parser::{Flag, Skill, Tree};
use std::collections::HashMap;

/// What generated modules import. Items are named with one `__`-prefixed
/// segment (`__FlagSpec`, `__packed_flag`) through a hidden prelude module that
/// every generated module glob-imports: resolving and type-checking long
/// paths (`::skills_runtime::__private::FlagSpec`) was the largest single cost
/// of building large trees. Generated enums are
/// named from flags and never start with `__`, so nothing can clash; `Some`,
/// `None`, `Ok` and `Err` are the prelude's, which no generated item shadows.
const PRELUDE: &[&str] = &[
    "FlagSpec",
    "StrList",
    "SkillEntry",
    "Eligibility",
    "Args",
    "CallError",
    "List",
    "Date",
    "FlagEnum",
    "DomainEntry",
    "Handler",
    "StaticCatalog",
    "Table",
    "fields",
    "NameIndex",
    "packed_flag",
    "packed_flag_default",
    "packed_flag_values",
    "NO_STRS",
    "debug_fields",
    "variant_name",
];

/// Where generated `Serialize` impls find serde and their helpers
/// (`Builder::serde`): through the runtime, so the including crate needs no
/// `serde` dependency of its own.
const SERDE: &str = "::skills_runtime::__private";

/// The `use` line each generated module starts with; `depth` is how many
/// modules below the generated root it is.
fn prelude_use(depth: usize) -> String {
    format!("#[allow(unused_imports)]\nuse {}__prelude::*;", "super::".repeat(depth))
}

/// What the emitter needs besides the tree.
pub(crate) struct Options<'a> {
    /// Shows a file path as the user should read it (`skills/email/send.md`).
    pub(crate) display: &'a dyn Fn(&std::path::Path) -> String,
    /// The skill root as shown (`skills`).
    pub(crate) root: String,
    /// A Rust expression for the root's path on disk.
    pub(crate) root_expr: String,
    /// Whether to embed tool schemas (off for small firmware images).
    pub(crate) json_schemas: bool,
    /// Whether `Flags` structs and enums implement `serde::Serialize`.
    pub(crate) serde: bool,
}

/// A writer that keeps indentation.
struct Out {
    s: String,
    depth: usize,
}

impl Out {
    fn line(&mut self, text: &str) {
        if text.is_empty() {
            self.s.push('\n');
            return;
        }
        for l in text.split('\n') {
            for _ in 0..self.depth {
                self.s.push_str("    ");
            }
            self.s.push_str(l);
            self.s.push('\n');
        }
    }
    /// One item whose text may hold a multi-line string literal: only its
    /// first line is indented, because indenting the others would change
    /// the literal's value.
    fn item(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.s.push_str("    ");
        }
        self.s.push_str(text);
        self.s.push('\n');
    }
    fn open(&mut self, text: &str) {
        self.line(text);
        self.depth += 1;
    }
    fn close(&mut self, text: &str) {
        self.depth -= 1;
        self.line(text);
    }
    fn doc(&mut self, text: &str) {
        for l in text.lines() {
            if l.is_empty() {
                self.line("///");
            } else {
                self.line(&format!("/// {l}"));
            }
        }
    }
}

/// Names chosen for one skill's items.
struct SkillNames {
    module: String,
    enums: Vec<Option<(String, Vec<String>)>>,
    /// For each enum flag, the [`SharedEnum`] (by index) its type is.
    shared: Vec<Option<usize>>,
    handler_trait: String,
}

/// One enum type for every flag of the tree that lists the same values in
/// the same order (`--priority` of `tasks.create` and of `tasks.search`):
/// generated in the module of the first skill that has it and re-exported
/// under each other flag's name in its skill's module, so handlers can pass
/// one skill's value to code written for another's, and `rustc` checks one
/// enum instead of one per flag (docs/PERFORMANCE.md).
struct SharedEnum {
    /// The skill and flag (by index) that define it: its name, variants and
    /// module are that flag's and that skill's.
    owner: (usize, usize),
    /// `skill --flag` of each flag it serves, in the tree's order.
    users: Vec<String>,
}

/// The tree's shared enums, and each skill's flags' index among them.
fn shared_enums(tree: &Tree, names: &mut [SkillNames]) -> Vec<SharedEnum> {
    let mut shared: Vec<SharedEnum> = Vec::new();
    let mut by_values: HashMap<&[String], usize> = HashMap::new();
    for (si, (skill, n)) in tree.skills.iter().zip(names.iter_mut()).enumerate() {
        n.shared = skill
            .flags
            .iter()
            .zip(&n.enums)
            .enumerate()
            .map(|(fi, (f, e))| {
                e.as_ref()?;
                let i = *by_values.entry(&f.values).or_insert_with(|| {
                    shared.push(SharedEnum { owner: (si, fi), users: Vec::new() });
                    shared.len() - 1
                });
                shared[i].users.push(format!("{} --{}", skill.name, f.name));
                Some(i)
            })
            .collect();
    }
    shared
}

fn enum_type_names(skill: &Skill) -> Vec<Option<(String, Vec<String>)>> {
    let mut names: Vec<String> = vec!["Flags".to_string()];
    skill
        .flags
        .iter()
        .map(|f| {
            if f.value_type != ValueType::Enum {
                return None;
            }
            let mut n = camel(&f.name);
            while names.contains(&n) {
                n.push_str("Value");
            }
            names.push(n.clone());
            let variants = unique(f.values.iter().map(|v| camel(v)).collect());
            Some((n, variants))
        })
        .collect()
}

/// The borrowed Rust type of a flag field.
fn field_type(f: &Flag, enum_name: Option<&str>) -> String {
    let elem = match f.value_type {
        ValueType::String => "&'a str".to_string(),
        ValueType::Integer => "i64".to_string(),
        ValueType::Number => "f64".to_string(),
        ValueType::Date => "__Date".to_string(),
        ValueType::Boolean => return "bool".to_string(),
        ValueType::Enum => enum_name.unwrap_or("()").to_string(),
    };
    let t = if f.list {
        match f.value_type {
            ValueType::String => "__List<'a>".to_string(),
            _ => format!("__List<'a, {elem}>"),
        }
    } else {
        elem
    };
    if f.spec().always_present() { t } else { format!("Option<{t}>") }
}

fn str_slice(items: &[String]) -> String {
    if items.is_empty() {
        return "__NO_STRS".to_string();
    }
    let parts: Vec<String> = items.iter().map(|v| format!("{v:?}")).collect();
    format!("&[{}]", parts.join(", "))
}

fn shape_of(skill: &Skill, names: &SkillNames, file: &str) -> Shape {
    let given = skill.given_values();
    let flags_of: Vec<&str> = skill.flags.iter().map(|f| f.name.as_str()).collect();
    Shape {
        name: skill.name.clone(),
        file: file.to_string(),
        has_handler: skill.has_handler(),
        handler_line: (if skill.lines.handler > 0 { skill.lines.handler } else { skill.lines.name }) as u32,
        handler_trait: names.handler_trait.clone(),
        module: names.module.clone(),
        flags: skill
            .flags
            .iter()
            .zip(&names.enums)
            .map(|(f, e)| FlagShape {
                name: f.name.clone(),
                field: field_key(&f.name),
                value_type: f.value_type.name().to_string(),
                list: f.list,
                required: f.required,
                has_default: f.default.is_some(),
                line: u32::try_from(f.line).unwrap_or(u32::MAX),
                values: f.values.clone(),
                enum_type: e.as_ref().map(|(n, _)| n.clone()),
                type_at: decided(&f.sources.value_type),
                list_at: decided(&f.sources.list),
                required_at: decided(f.sources.default.as_ref().unwrap_or(&f.sources.required)),
                // Numbers only: their characters never hold the shape's separators.
                examples: given
                    .iter()
                    .filter(|(i, _, v)| {
                        flags_of[*i] == f.name
                            && matches!(f.value_type, ValueType::Integer | ValueType::Number)
                            && skills_core::args::is_number(v)
                    })
                    .map(|(_, line, v)| (u32::try_from(*line).unwrap_or(u32::MAX), v.clone()))
                    .collect(),
            })
            .collect(),
    }
}

/// Generates the code for `tree`.
pub(crate) fn generate(tree: &Tree, opts: &Options<'_>) -> String {
    let catalog = DynamicCatalog::from_tree(tree, &opts.root);
    let mut out = Out { s: String::new(), depth: 0 };
    let n_skills = tree.skills.len();
    out.line(&format!(
        "// @generated by skills-codegen {} from `{}`: {} skills in {} domains.\n// Do not edit: change the markdown and build again.",
        env!("CARGO_PKG_VERSION"),
        opts.root,
        n_skills,
        tree.domains.len()
    ));
    out.line("");

    let trait_names = unique(tree.skills.iter().map(|s| format!("{}Handler", camel(&s.name))).collect());
    let mut names: Vec<SkillNames> = tree
        .skills
        .iter()
        .zip(trait_names)
        .map(|(s, handler_trait)| SkillNames {
            module: format!("{}::{}", ident(&s.domain), ident(&s.action)),
            enums: enum_type_names(s),
            shared: Vec::new(),
            handler_trait,
        })
        .collect();
    let shared = shared_enums(tree, &mut names);

    out.doc("Short names for what generated code uses (see `skills-codegen`).");
    out.line("#[doc(hidden)]");
    out.open("pub(crate) mod __prelude {");
    let items: Vec<String> = PRELUDE.iter().map(|n| format!("{n} as __{n}")).collect();
    out.line(&format!("pub use ::skills_runtime::__private::{{{}}};", items.join(", ")));
    out.close("}");
    out.line(&prelude_use(0));
    out.line("");
    out.doc("Marker type the `#[skill]` handler traits are implemented for.");
    out.line("#[doc(hidden)]\n#[derive(Debug)]\npub struct __Skills;");
    out.line("");

    // One module per domain, one per skill.
    for domain in &tree.domains {
        let skills: Vec<usize> = (0..n_skills).filter(|&i| tree.skills[i].domain == domain.name).collect();
        out.doc(&format!("The `{}` domain: {}", domain.name, domain.description));
        out.open(&format!("pub mod {} {{", ident(&domain.name)));
        out.line(&prelude_use(1));
        for &i in &skills {
            emit_skill_module(&mut out, i, &tree.skills[i], catalog.skill_at(i).as_ref(), &names, &shared, opts);
            out.line("");
        }
        emit_domain_macro(&mut out, tree, &skills, &names, opts);
        out.close("}");
        out.line("");
    }

    emit_dispatch_macros(&mut out, tree, &names, opts);
    emit_handler_traits(&mut out, tree, &names, opts);
    emit_tables(&mut out, tree, &names, &catalog, opts);
    out.s
}

fn emit_skill_module(
    out: &mut Out,
    index: usize,
    skill: &Skill,
    view: Option<&skills_catalog::catalog::SkillView<'_>>,
    all_names: &[SkillNames],
    shared: &[SharedEnum],
    opts: &Options<'_>,
) {
    let names = &all_names[index];
    let file = (opts.display)(&skill.path);
    out.doc(&format!("`{}`: {}\n\nDefined in `{file}`.", skill.name, skill.description));
    out.open(&format!("pub mod {} {{", ident(&skill.action)));
    out.line(&prelude_use(2));
    out.doc("The skill's name.");
    out.line(&format!("pub const NAME: &str = {:?};", skill.name));
    out.line("");

    let typed: Vec<(String, String)> = skill
        .flags
        .iter()
        .zip(&names.enums)
        .map(|(f, e)| (ident(&f.field_name()), field_type(f, e.as_ref().map(|(n, _)| n.as_str()))))
        .collect();
    let uses_lifetime = typed.iter().any(|(_, t)| t.contains("'a"));
    emit_flags_struct(out, skill, &typed, uses_lifetime);
    emit_from_args(out, skill, &typed, uses_lifetime);
    emit_flags_impls(out, skill, &typed, opts.serde);
    emit_flag_enums(out, index, skill, all_names, shared, opts.serde);
    emit_flag_schemas(out, skill);
    emit_entry(out, skill, view, opts);
    out.close("}");
}

/// The skill's `Flags` struct: a field per flag, of the type the handler
/// takes (`typed`: each field's name and type).
fn emit_flags_struct(out: &mut Out, skill: &Skill, typed: &[(String, String)], uses_lifetime: bool) {
    // The typed flags.
    out.doc(&format!("The flags of `{}`, borrowed from the command that was parsed.", skill.name));
    out.open("pub struct Flags<'a> {");
    for (f, (id, t)) in skill.flags.iter().zip(typed) {
        let head = match &f.placeholder {
            Some(p) if f.value_type != ValueType::Boolean => format!("`--{} <{p}>`", f.name),
            _ => format!("`--{}`", f.name),
        };
        out.doc(&format!("{head}: {}", f.description));
        out.line(&format!("pub {id}: {t},"));
    }
    if !uses_lifetime {
        out.line("#[doc(hidden)]\npub __command: ::core::marker::PhantomData<&'a ()>,");
    }
    out.close("}");
    out.line("");
}

/// `Flags::from_args`, reading validated arguments into the struct.
fn emit_from_args(out: &mut Out, skill: &Skill, typed: &[(String, String)], uses_lifetime: bool) {
    out.open("impl<'a> Flags<'a> {");
    out.doc(&format!("Reads validated arguments of `{}` (see `skills_runtime::Router`).", skill.name));
    // A skill without flags reads nothing; `_args` keeps user crates free
    // of an `unused_variables` warning.
    let param = if skill.flags.is_empty() { "_args" } else { "args" };
    out.open(&format!("pub fn from_args({param}: &__Args<'a>) -> Result<Self, __CallError<'a>> {{"));
    // One call per run of up to twelve fields, into a tuple of the fields'
    // types (`FromFlags`), destructured into locals: a `let` and a `match` per
    // field, or leaving the types to inference, made these bodies the most
    // expensive part of type and borrow checking large trees
    // (docs/PERFORMANCE.md).
    let mut fields = Vec::new();
    for (run, chunk) in typed.chunks(skills_catalog::entry::FROM_FLAGS_RUN).enumerate() {
        let ids: Vec<&str> = chunk.iter().map(|(id, _)| id.as_str()).collect();
        let types: Vec<&str> = chunk.iter().map(|(_, t)| t.as_str()).collect();
        out.line(&format!(
            "let ({},) = match __fields::<({},)>(args, &FLAGS, {}) {{ Ok(v) => v, Err(e) => return Err(e) }};",
            ids.join(", "),
            types.join(", "),
            run * skills_catalog::entry::FROM_FLAGS_RUN
        ));
        fields.extend(ids.iter().map(|s| s.to_string()));
    }
    if !uses_lifetime {
        fields.push("__command: ::core::marker::PhantomData".to_string());
    }
    out.line(&format!("Ok(Self {{ {} }})", fields.join(", ")));
    out.close("}");
    out.close("}");
    out.line("");
}

/// `Debug`, `Clone` and `Copy` for `Flags`, and `Serialize` when asked.
fn emit_flags_impls(out: &mut Out, skill: &Skill, typed: &[(String, String)], serde: bool) {
    // `Debug` as `#[derive(Debug)]` writes it, through one generic call per
    // run of fields (`skills_runtime::__private::debug_fields`), passed by
    // value (they are `Copy`): a tuple of values costs `rustc` less to check
    // than one of references.
    let runs: Vec<String> = field_runs(skill, typed, |_, id| id.trim_start_matches("r#").to_string())
        .iter()
        .map(|(names, values)| format!(" __debug_fields(&mut s, {names:?}, ({values},));"))
        .collect();
    let body = if runs.is_empty() {
        "f.debug_struct(\"Flags\").finish()".to_string()
    } else {
        format!("let mut s = f.debug_struct(\"Flags\");{} s.finish()", runs.concat())
    };
    out.line(&format!(
        "impl ::core::fmt::Debug for Flags<'_> {{ fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{ {body} }} }}"
    ));
    // `Clone` and `Copy` as the derives would be, without `derive(Clone)`'s
    // assertion that each field is `Clone`, which made the derived pair cost
    // `rustc` more than twice as much (`Copy` checks the fields anyway).
    out.line("impl Clone for Flags<'_> { fn clone(&self) -> Self { *self } }");
    out.line("impl Copy for Flags<'_> {}");
    if serde {
        // Keys are the flags' names as written (`due-before`), as in the
        // tool schemas; enums and lists serialize as their values. One
        // generic call per run of fields, as for `Debug`: serde's derive
        // costs three times as much per skill (docs/PERFORMANCE.md).
        let runs: Vec<String> = field_runs(skill, typed, |f, _| f.name.clone())
            .iter()
            .map(|(names, values)| format!(" {SERDE}::serialize_fields(&mut o, {names:?}, ({values},))?;"))
            .collect();
        out.line(&format!(
            "impl {SERDE}::serde::Serialize for Flags<'_> {{ fn serialize<S: {SERDE}::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {{ let {}o = {SERDE}::serde::Serializer::serialize_struct(s, \"Flags\", {})?;{} {SERDE}::serde::ser::SerializeStruct::end(o) }} }}",
            if runs.is_empty() { "" } else { "mut " },
            skill.flags.len(),
            runs.concat()
        ));
    }
    out.line("");
}

/// The skill's flag enums: defined here when this skill is the first with
/// their values, else re-exported from the first one's module.
fn emit_flag_enums(
    out: &mut Out,
    index: usize,
    skill: &Skill,
    all_names: &[SkillNames],
    shared: &[SharedEnum],
    serde: bool,
) {
    let names = &all_names[index];
    // Enums: defined here when this skill is the first with their values,
    // else the first one's, under this flag's name.
    for (fi, shared_index) in names.shared.iter().enumerate() {
        let (Some(i), Some((name, variants))) = (shared_index, &names.enums[fi]) else { continue };
        let e = &shared[*i];
        if e.owner == (index, fi) {
            emit_enum(out, name, &skill.flags[fi].values, variants, &e.users, serde);
        } else {
            // The defining flag's name and module (it is an enum flag).
            let (owner, flag) = e.owner;
            let Some((defined, _)) = &all_names[owner].enums[flag] else { continue };
            let module = &all_names[owner].module;
            if defined == name {
                out.line(&format!("pub use super::super::{module}::{name};"));
            } else {
                out.line(&format!("pub use super::super::{module}::{defined} as {name};"));
            }
        }
        out.line("");
    }
}

/// The static `FLAGS` schemas the argument parser reads.
fn emit_flag_schemas(out: &mut Out, skill: &Skill) {
    // Static schemas: one `const fn` call per flag with as few arguments as
    // it needs (`skills_core::spec::packed_flag`, `_default`, `_values`):
    // `rustc` checks and evaluates such a call for far less than a
    // `FlagSpec` literal with its enums, options and slices, and each
    // argument adds to the call's cost.
    out.doc("Flag schemas, in the markdown's order.");
    out.open(&format!("pub static FLAGS: [__FlagSpec<'static>; {}] = [", skill.flags.len()));
    for f in &skill.flags {
        use skills_core::spec::packed;
        let mut kind = packed::type_code(f.value_type) | packed::short(f.short);
        if f.list {
            kind |= packed::LIST;
        }
        if f.required {
            kind |= packed::REQUIRED;
        }
        let default = match f.default.as_deref() {
            Some([one]) => {
                kind |= packed::DEFAULT | packed::DEFAULT_ONE;
                Some(one.clone())
            }
            Some(many) => {
                kind |= packed::DEFAULT;
                Some(many.join("\n"))
            }
            None => None,
        };
        out.line(&match (f.values.is_empty(), default) {
            (true, None) => format!("__packed_flag({:?}, {kind}),", f.name),
            (true, Some(d)) => format!("__packed_flag_default({:?}, {kind}, {d:?}),", f.name),
            (false, d) => format!(
                "__packed_flag_values({:?}, {kind}, {}, {:?}),",
                f.name,
                str_slice(&f.values),
                d.unwrap_or_default()
            ),
        });
    }
    out.close("];");
}

/// The skill's `static ENTRY`: its metadata, help text and tool schemas.
fn emit_entry(out: &mut Out, s: &Skill, view: Option<&skills_catalog::catalog::SkillView<'_>>, opts: &Options<'_>) {
    let (openai, anthropic) = match (view, opts.json_schemas) {
        (Some(v), true) => {
            (skills_catalog::schema::openai_tool(v).to_string(), skills_catalog::schema::anthropic_tool(v).to_string())
        }
        _ => (String::new(), String::new()),
    };
    let schedule = match &s.schedule {
        Some(c) => format!("Some({c:?})"),
        None => "None".to_string(),
    };
    out.doc("The skill's metadata, help text and tool schemas.");
    out.open("pub static ENTRY: __SkillEntry = __SkillEntry {");
    out.line(&format!("name: {:?},", s.name));
    out.line(&format!("domain: {:?},", s.domain));
    out.item(&format!("description: {},", lit(&s.description)));
    out.item(&format!("usage: {},", lit(&s.usage_line())));
    out.item(&format!("body: {},", lit(&s.body)));
    out.line("flags: &FLAGS,");
    // One string for every flag's docs (`skills_runtime::entry::FlagDocs`).
    let docs = skills_catalog::entry::FlagDocs::pack(s.flags.iter().map(|f| skills_catalog::entry::FlagDoc {
        placeholder: f.placeholder.as_deref().unwrap_or(""),
        description: &f.description,
        line: u32::try_from(f.line).unwrap_or(u32::MAX),
    }));
    out.item(&format!("flag_docs: {},", lit(&docs)));
    out.line(&format!("aliases: {},", str_slice(&s.aliases)));
    out.line(&format!("tags: {},", str_slice(&s.tags)));
    out.line(&format!("schedule: {schedule},"));
    out.line(&format!("read_only: {},", s.read_only));
    out.line(&format!(
        "eligibility: __Eligibility {{ os: {}, env: {}, binaries: {} }},",
        str_slice(&s.eligibility.os),
        str_slice(&s.eligibility.env),
        str_slice(&s.eligibility.binaries)
    ));
    out.line(&format!("source: {:?},", (opts.display)(&s.path)));
    out.line(&format!("shape: {:#018x},", s.shape_fingerprint()));
    out.line(&format!("has_handler: {},", s.has_handler()));
    out.item(&format!("openai_tool: {},", lit(&openai)));
    out.item(&format!("anthropic_tool: {},", lit(&anthropic)));
    out.close("};");
}

/// How many of an enum's flags its doc comment names.
const USERS_NAMED: usize = 8;

fn emit_enum(out: &mut Out, name: &str, values: &[String], variants: &[String], users: &[String], serde: bool) {
    let mut named: Vec<String> = users.iter().take(USERS_NAMED).map(|u| format!("`{u}`")).collect();
    if users.len() > USERS_NAMED {
        named.push(format!("and {} more", users.len() - USERS_NAMED));
    }
    out.doc(&format!("Values of {}: {}.", named.join(", "), values.join(", ")));
    // One enum per list of values in the tree (see `SharedEnum`). Only
    // what the enum cannot share with other enums is generated: constants,
    // the index, and the impls a user expects, each a one-line body. Parsing and
    // conversions are written once in the runtime (`FlagEnum`); generic
    // bodies here would cost a measurable share of the build of large trees.
    // `PartialEq`, `Eq` and `Debug` are written out rather than derived:
    // the derives' bodies (discriminant reads, a `match` per variant) cost
    // `rustc` more per enum, which adds up over large trees. Hash and the
    // orderings are left out for the same reason.
    out.open(&format!("pub enum {name} {{"));
    for (v, value) in variants.iter().zip(values) {
        out.doc(&format!("`{value}`"));
        out.line(&format!("{v},"));
    }
    out.close("}");
    out.line("");
    out.open(&format!("impl __FlagEnum for {name} {{"));
    out.line(&format!("const VALUES: &'static [&'static str] = {};", str_slice(values)));
    let all: Vec<String> = variants.iter().map(|v| format!("Self::{v}")).collect();
    out.line(&format!("const ALL: &'static [Self] = &[{}];", all.join(", ")));
    out.line(&format!("const EXPECTED: &'static str = {:?};", format!("one of: {}", values.join(", "))));
    out.open("fn index(self) -> usize {");
    out.line("self as usize");
    out.close("}");
    out.close("}");
    out.line(&format!(
        "impl PartialEq for {name} {{ fn eq(&self, other: &Self) -> bool {{ *self as usize == *other as usize }} }}"
    ));
    out.line(&format!("impl Eq for {name} {{}}"));
    // Written out as for `Flags`: cheaper for `rustc` than the derives.
    out.line(&format!("impl Clone for {name} {{ fn clone(&self) -> Self {{ *self }} }}"));
    out.line(&format!("impl Copy for {name} {{}}"));
    let names: Vec<&str> = variants.iter().map(|v| v.trim_start_matches("r#")).collect();
    out.line(&format!(
        "impl ::core::fmt::Debug for {name} {{ fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{ f.write_str(__variant_name({:?}, *self as usize)) }} }}",
        names.join(" ")
    ));
    out.line(&format!(
        "impl ::core::fmt::Display for {name} {{ fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{ f.write_str(__FlagEnum::as_str(*self)) }} }}"
    ));
    if serde {
        // The value as written in the markdown, as `Display` prints it: one
        // call, not a derive's `match` with a `rename` per variant.
        out.line(&format!(
            "impl {SERDE}::serde::Serialize for {name} {{ fn serialize<S: {SERDE}::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {{ s.serialize_str(__FlagEnum::as_str(*self)) }} }}"
        ));
    }
}

/// A generated `Flags` struct's fields in runs of `FROM_FLAGS_RUN`, as the
/// runtime's tuple traits (`DebugFields`, `SerializeFields`) take them: per
/// run, the names `key` gives the flags, space-separated, and the fields
/// copied as a tuple's items (`self.title, self.body`). `typed` is each
/// flag's field name and type, in the flags' order.
fn field_runs(skill: &Skill, typed: &[(String, String)], key: impl Fn(&Flag, &str) -> String) -> Vec<(String, String)> {
    let run = skills_catalog::entry::FROM_FLAGS_RUN;
    (skill.flags.chunks(run).zip(typed.chunks(run)))
        .map(|(flags, fields)| {
            let names: Vec<String> = flags.iter().zip(fields).map(|(f, (id, _))| key(f, id)).collect();
            let values: Vec<String> = fields.iter().map(|(id, _)| format!("self.{id}")).collect();
            (names.join(" "), values.join(", "))
        })
        .collect()
}

/// The per-domain `__skill!` macro that `#[skill]` calls back through.
fn emit_domain_macro(out: &mut Out, tree: &Tree, skills: &[usize], names: &[SkillNames], opts: &Options<'_>) {
    out.doc("Hands each skill's shape to `#[skill]` (see `skills-macros-core`).");
    out.open("macro_rules! __skill {");
    for &i in skills {
        let s = &tree.skills[i];
        let shape = shape_of(s, &names[i], &(opts.display)(&s.path));
        out.item(&format!(
            "(($($m:tt)*) ({:?}) ($($name:tt)*) $($item:tt)*) => {{ ::skills_runtime::__private::skill_handler! {{ shape {} ($($m)*) ($($name)*) $($item)* }} }};",
            s.action,
            lit(&shape.to_line())
        ));
    }
    out.line(
        "(($($m:tt)*) ($a:tt) ($($name:tt)*) $($item:tt)*) => { $($m)*::__unknown_skill! { ($($m)*) ($($name)*) $($item)* } };",
    );
    out.close("}");
    out.line("#[doc(hidden)]\n#[allow(unused_imports)]\npub(crate) use __skill;");
}

fn emit_dispatch_macros(out: &mut Out, tree: &Tree, names: &[SkillNames], opts: &Options<'_>) {
    out.doc("Routes `#[skill]` to the domain's macro.");
    out.open("macro_rules! __skill {");
    for d in &tree.domains {
        out.line(&format!(
            "(($($m:tt)*) ({:?} $a:tt) $($rest:tt)*) => {{ $($m)*::{}::__skill! {{ ($($m)*) ($a) $($rest)* }} }};",
            d.name,
            ident(&d.name)
        ));
    }
    out.line("(($($m:tt)*) ($d:tt $a:tt) $($rest:tt)*) => { $($m)*::__unknown_skill! { ($($m)*) $($rest)* } };");
    out.close("}");
    out.line("#[doc(hidden)]\n#[allow(unused_imports)]\npub(crate) use __skill;");
    out.line("");
    // Each name, with its handler trait when it has one: a misspelt
    // `#[skill]` claims the closest, whose missing handler its error
    // stands for.
    let all: Vec<String> = (tree.skills.iter().zip(names))
        .map(|(s, n)| match s.has_handler() {
            true => format!("{:?} = {}", s.name, n.handler_trait),
            false => format!("{:?}", s.name),
        })
        .collect();
    out.doc("Reports a `#[skill]` for a name that has no markdown file.");
    out.open("macro_rules! __unknown_skill {");
    out.line(&format!(
        "(($($m:tt)*) ($($name:tt)*) $($item:tt)*) => {{ ::skills_runtime::__private::skill_handler! {{ unknown {:?} [{}] ($($m)*) ($($name)*) $($item)* }} }};",
        opts.root,
        all.join(", ")
    ));
    out.close("}");
    out.line("#[doc(hidden)]\n#[allow(unused_imports)]\npub(crate) use __unknown_skill;");
    out.line("");
}

fn emit_handler_traits(out: &mut Out, tree: &Tree, names: &[SkillNames], opts: &Options<'_>) {
    out.doc("One trait per skill with `handler:`, implemented by its `#[skill]` function; and");
    out.doc("what finds, without an error of its own, whether it was: a probe type whose");
    out.doc("inherent constants exist only when the trait (or a misspelt `#[skill]`'s claim)");
    out.doc("is implemented, shadowing `__Unhandled`'s.");
    out.line("#[doc(hidden)]");
    out.open("pub mod __handlers {");
    out.line(&prelude_use(1));
    out.open("pub trait __Unhandled {");
    out.line("const HANDLER: Option<__Handler<super::Context>> = None;");
    out.line("const CLAIMED: bool = false;");
    out.close("}");
    out.line("impl<T> __Unhandled for T {}");
    for (s, n) in tree.skills.iter().zip(names) {
        if !s.has_handler() {
            continue;
        }
        let t = &n.handler_trait;
        out.doc(&format!("Implemented by the `#[skill(\"{}\")]` function.", s.name));
        out.line(&format!("pub trait {t} {{ const HANDLER: __Handler<super::Context>; }}"));
        out.line(&format!("pub(crate) struct {t}Probe<T>(T);"));
        out.line(&format!(
            "impl<T: {t}> {t}Probe<T> {{ pub const HANDLER: Option<__Handler<super::Context>> = Some(T::HANDLER); }}"
        ));
        out.doc(&format!("Implemented by a `#[skill]` whose name is not a skill's, `{}` the closest.", s.name));
        out.line(&format!("pub trait {t}Claim {{}}"));
        out.line(&format!("impl<T: {t}Claim> {t}Probe<T> {{ pub const CLAIMED: bool = true; }}"));
    }
    out.close("}");
    out.line("#[allow(unused_imports)]\nuse __handlers::__Unhandled as _;");
    out.line("");

    // The report `include_skills!` raises: per skill with `handler:`,
    // whether it has none, and the message (`\0` is where the context
    // parameter goes).
    let mut bytes = 0;
    let mut entries = Vec::new();
    for (s, n) in tree.skills.iter().zip(names) {
        let Some(handler) = s.handler.as_deref() else { continue };
        let file = (opts.display)(&s.path);
        let line = if s.lines.handler > 0 { s.lines.handler } else { s.lines.name };
        let last = handler.rsplit("::").next().unwrap_or(handler).trim();
        let func = if names::is_identifier(last) { ident(last) } else { ident(&s.action) };
        let signature = shape_of(s, n, &file).signature(&func, "crate::skills", "\0");
        let message = format!(
            "skill `{name}` has no handler: {file}:{line} declares `handler: {handler}` but no function is marked `#[skill(\"{name}\")]`\n\
             help: write `#[skill(\"{name}\")] {signature}`, or remove `handler:` from {file} to make it a template skill\n",
            name = s.name,
        );
        bytes += message.len();
        let probe = format!("__handlers::{}Probe::<__Skills>", n.handler_trait);
        entries.push(format!("({probe}::HANDLER.is_none() && !{probe}::CLAIMED, {}),", lit(&message)));
    }
    out.doc("Each skill with `handler:`: whether no `#[skill]` function runs it, and what to write.");
    out.open(&format!("pub const __UNHANDLED: [(bool, &str); {}] = [", entries.len()));
    for e in &entries {
        out.line(e);
    }
    out.close("];");
    out.doc("The length of `__UNHANDLED`'s messages.");
    out.line(&format!("pub const __UNHANDLED_BYTES: usize = {bytes};"));
    out.line("");
}

fn emit_tables(out: &mut Out, tree: &Tree, names: &[SkillNames], catalog: &DynamicCatalog, opts: &Options<'_>) {
    let n = tree.skills.len();
    // Each skill's entry is a `static` in its own module and the table is
    // an array of references: one enormous initializer instead would make
    // type and borrow checking grow faster than the tree.
    out.doc("Every skill, sorted by name.");
    out.open(&format!("pub static SKILLS: [&__SkillEntry; {n}] = ["));
    for nm in names {
        out.line(&format!("&{}::ENTRY,", nm.module));
    }
    out.close("];");
    out.line("");

    out.doc("Every domain, sorted by name.");
    out.open(&format!("pub static DOMAINS: [__DomainEntry; {}] = [", tree.domains.len()));
    for d in &tree.domains {
        let source = d.index_path.as_deref().map(opts.display).unwrap_or_default();
        out.item(&format!(
            "__DomainEntry {{ name: {:?}, description: {}, body: {}, source: {:?} }},",
            d.name,
            lit(&d.description),
            lit(&d.body),
            source
        ));
    }
    out.close("];");
    out.line("");

    let mut keys: Vec<(&str, usize)> = Vec::new();
    for (i, s) in tree.skills.iter().enumerate() {
        keys.push((&s.name, i));
        for a in &s.aliases {
            keys.push((a, i));
        }
    }
    // phf's PtrHash solver with the runtime's hash (`skills_runtime::index`);
    // its random seeds come from a fixed seed, so output is deterministic.
    let key_names: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
    let state = phf_generator::ptrhash::generate_hash_with_hash_fn(&key_names, |k: &&str, seed: &u64| {
        skills_catalog::index::hash(k, *seed)
    });
    let pilots: Vec<String> = state.pilots.iter().map(u8::to_string).collect();
    let remap: Vec<String> = state.remap.iter().map(u32::to_string).collect();
    out.doc("Skill names and aliases to indexes into `SKILLS` (a perfect hash, built at compile time).");
    out.open("pub static INDEX: __NameIndex = __NameIndex::new(");
    out.line(&format!("{:#018x},", state.seed));
    out.line(&format!("&[{}],", pilots.join(", ")));
    out.line(&format!("&[{}],", remap.join(", ")));
    out.open("&[");
    for &slot in &state.map {
        let (k, i) = keys[slot];
        out.line(&format!("({k:?}, {i}),"));
    }
    out.close("],");
    let filter: Vec<String> =
        skills_catalog::index::filter(&key_names, state.seed).iter().map(|w| format!("{w:#x}")).collect();
    out.line(&format!("&[{}],", filter.join(", ")));
    out.close(");");
    out.line("");

    out.doc("Skills and domains, for routing and help.");
    out.line(
        "pub static CATALOG: __StaticCatalog = __StaticCatalog { skills: &SKILLS, domains: &DOMAINS, index: Some(&INDEX) };",
    );
    out.line("");

    out.doc("The compiled handler of each skill (`None` for template skills).");
    out.open(&format!("pub static HANDLERS: [Option<__Handler<Context>>; {n}] = ["));
    for (s, nm) in tree.skills.iter().zip(names) {
        if s.has_handler() {
            out.line(&format!("__handlers::{}Probe::<__Skills>::HANDLER,", nm.handler_trait));
        } else {
            out.line(&format!("None, // {}: template", s.name));
        }
    }
    out.close("];");
    out.line("");

    let summary = skills_catalog::prompt::summary(catalog, &|_| true);
    out.doc("The system-prompt skill section: domains, how to drill down, quick reference.");
    out.item(&format!("pub const SUMMARY: &str = {};", lit(&summary)));
    out.line("");
    out.doc("The dispatch table: pass it to `skills_runtime::Router::new`.");
    out.line(
        &format!("pub static TABLE: __Table<Context> = __Table {{ catalog: &CATALOG, handlers: &HANDLERS, summary: SUMMARY, root: {} }};", opts.root_expr),
    );
}

/// Where a property was decided, as the shape carries it.
fn decided(s: &skills_parser::Source) -> skills_catalog::shape::Decided {
    let how = if s.implied { format!("~{}", s.origin.as_str()) } else { s.origin.as_str().to_string() };
    skills_catalog::shape::Decided { line: u32::try_from(s.line).unwrap_or(u32::MAX), how }
}
