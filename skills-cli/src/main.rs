//! `skills`: check, list, browse and try a skill tree.
//!
//! ```text
//! skills check    [--root DIR] [--other-domain D]... [--format text|json]   all diagnostics; exit 1 on errors
//! skills list     [--root DIR] [--format text|json]   skills, flags and derived types
//! skills explain  [--root DIR] SKILL [--flag NAME]    each property of each flag, and the line that decided it
//! skills help     [--root DIR] QUERY...               get_skill / --help, as a model sees it
//! skills parse    [--root DIR] -- 'COMMAND LINE'      typed flags as JSON, or the error
//! skills tokenize -- 'LINE'                           tokens as a JSON array
//! skills extract                                      ```cmd commands of stdin as JSON
//! ```

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{Value, json};
use skills_core::terminal::{self, Lines};
use skills_core::{extract, tokenize};
use skills_parser::diagnostic::display_path;
use skills_parser::{LoadOptions, Tree};
use skills_runtime::dynamic::DynamicCatalog;
use skills_runtime::route::{Step, step};
use skills_runtime::{Failure, help};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "skills", version, about = "Check, list, browse and try a skill tree", disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Report every problem in the tree; exit 1 if any is an error.
    Check {
        /// The skill root.
        #[arg(long, default_value = "skills")]
        root: PathBuf,
        /// A domain another crate of a split tree compiles: examples may
        /// call its skills (as `Builder::other_domains`); repeat for several.
        #[arg(long = "other-domain", value_name = "DOMAIN")]
        other_domains: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List skills with their flags and derived types. With several
    /// `--root`s (highest precedence first), each skill says which root it
    /// comes from and which lower roots it shadows.
    List {
        /// A skill root; repeat for several.
        #[arg(long = "root", default_value = "skills")]
        roots: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Show, for each flag of a skill, each property's value and the
    /// statement that decided it (its line, and whether it was stated,
    /// shown by Usage, or inferred), with how to state what was inferred.
    Explain {
        /// The skill root.
        #[arg(long, default_value = "skills")]
        root: PathBuf,
        /// The skill (`email.send`).
        skill: String,
        /// Only this flag (`--to` or `to`).
        #[arg(long, allow_hyphen_values = true)]
        flag: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the Rust source a build script generates from the tree (what
    /// `include_skills!()` brings in from `$OUT_DIR/skills.rs`).
    Codegen {
        /// The skill root.
        #[arg(long, default_value = "skills")]
        root: PathBuf,
    },
    /// Show help as a model sees it: `get_skill`, `get_skill: email`,
    /// `get_skill: email.send`, `get_skill: email.all`, `email.send --help`.
    Help {
        /// The skill root.
        #[arg(long, default_value = "skills")]
        root: PathBuf,
        /// The help command (a bare name means `get_skill: NAME`).
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        query: Vec<String>,
    },
    /// Tokenize, route and validate one command line; print its typed flags.
    Parse {
        /// The skill root.
        #[arg(long, default_value = "skills")]
        root: PathBuf,
        /// The command, as one argument, exactly as a model writes it.
        #[arg(allow_hyphen_values = true)]
        line: String,
    },
    /// Print the tokens of one command line as a JSON array.
    Tokenize {
        /// The line, as one argument.
        #[arg(allow_hyphen_values = true)]
        line: String,
    },
    /// Read model output on stdin; print its ```cmd commands and the rest.
    Extract,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { root, other_domains, format } => {
            // What the build will accept, compiled-table limits included.
            let max_skills = skills_parser::MAX_COMPILED_SKILLS;
            check(
                &skills_parser::load(&root, &LoadOptions { other_domains, max_skills, ..LoadOptions::default() }),
                format,
            )
        }
        Command::List { roots, format } => list(&roots.iter().map(|r| load(r)).collect::<Vec<_>>(), format),
        Command::Explain { root, skill, flag, format } => explain(&load(&root), &skill, flag.as_deref(), format),
        Command::Codegen { root } => codegen(&root),
        Command::Help { root, query } => help_cmd(&load(&root), &query.join(" ")),
        Command::Parse { root, line } => parse(&load(&root), &line),
        Command::Tokenize { line } => tokens(&line),
        Command::Extract => extract_cmd(),
    }
}

fn codegen(root: &std::path::Path) -> ExitCode {
    match skills_codegen::Builder::new().base_dir(".").root(root).render() {
        Ok(generated) => {
            // Generated code holds the skills' text in string literals,
            // escaped: printed as it is, it is the file a build writes.
            write_out(generated.code.trim_end());
            ExitCode::SUCCESS
        }
        Err(failed) => {
            eprintln!("{}", terminal::escape(&failed.to_string(), Lines::Keep));
            ExitCode::FAILURE
        }
    }
}

fn load(root: &std::path::Path) -> Tree {
    skills_parser::load(root, &LoadOptions::default())
}

fn catalog(tree: &Tree) -> DynamicCatalog {
    DynamicCatalog::from_tree(tree, &display_path(&tree.root))
}

/// Prints text for a person to stdout, with what could take a terminal
/// over escaped (a file name or a skill's text holding ESC, BEL or a
/// bidirectional override); a closed pipe (`skills list | head`) ends
/// quietly.
fn emit(text: &str) {
    write_out(&terminal::escape(text, Lines::Keep));
}

fn write_out(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

fn print_json(v: &Value) {
    write_out(&terminal::escape_json(&serde_json::to_string_pretty(v).unwrap_or_default()));
}

fn check(tree: &Tree, format: Format) -> ExitCode {
    let errors = tree.errors().count();
    let warnings = tree.diagnostics.len() - errors;
    match format {
        Format::Json => print_json(&json!({
            "skills": tree.skills.len(),
            "domains": tree.domains.len(),
            "diagnostics": tree.diagnostics.iter().map(|d| json!({
                "severity": d.severity.as_str(),
                "code": d.code.as_str(),
                "file": display_path(&d.file),
                "line": d.line,
                "column": d.column,
                "message": d.message,
                "hint": d.hint,
            })).collect::<Vec<_>>(),
        })),
        Format::Text => {
            for d in &tree.diagnostics {
                emit(&d.render());
            }
            let (skills, domains) = (tree.skills.len(), tree.domains.len());
            emit(&format!(
                "{}: {} skill{} in {} domain{}; {} error{}, {} warning{}",
                display_path(&tree.root),
                skills,
                if skills == 1 { "" } else { "s" },
                domains,
                if domains == 1 { "" } else { "s" },
                errors,
                if errors == 1 { "" } else { "s" },
                warnings,
                if warnings == 1 { "" } else { "s" },
            ));
        }
    }
    if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// Where a listed skill comes from: its root, and the lower roots it hides.
struct Origin {
    root: String,
    shadows: Vec<String>,
}

fn list(trees: &[Tree], format: Format) -> ExitCode {
    // Highest precedence first: the first root with a name supplies it.
    let mut winners: std::collections::BTreeMap<&str, (&skills_parser::Skill, Origin)> = Default::default();
    for tree in trees {
        let root = display_path(&tree.root);
        for s in &tree.skills {
            match winners.get_mut(s.name.as_str()) {
                Some((_, origin)) => origin.shadows.push(root.clone()),
                None => {
                    winners.insert(&s.name, (s, Origin { root: root.clone(), shadows: Vec::new() }));
                }
            }
        }
    }
    let several = trees.len() > 1;
    match format {
        Format::Json => print_json(&Value::Array(
            winners
                .values()
                .map(|(s, origin)| {
                    json!({
                        "name": s.name,
                        "domain": s.domain,
                        "description": s.description,
                        "handler": s.handler,
                        "schedule": s.schedule,
                        "aliases": s.aliases,
                        "read_only": s.read_only,
                        "file": display_path(&s.path),
                        "root": origin.root,
                        "shadows": origin.shadows,
                        "flags": s.flags.iter().map(|f| json!({
                            "name": f.name,
                            "type": f.value_type.name(),
                            "list": f.list,
                            "required": f.required,
                            "values": f.values,
                            "default": f.default,
                            "placeholder": f.placeholder,
                            "description": f.description,
                            "sources": sources_json(f),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        )),
        Format::Text => {
            let mut domains: Vec<(&str, &str)> = Vec::new();
            for tree in trees {
                for d in &tree.domains {
                    if !domains.iter().any(|(n, _)| *n == d.name) {
                        domains.push((&d.name, &d.description));
                    }
                }
            }
            domains.sort();
            for (name, description) in domains {
                emit(&format!("{name}  {description}"));
                for (s, origin) in winners.values().filter(|(s, _)| s.domain == name) {
                    let kind = if s.has_handler() { "" } else { "  [template]" };
                    let from = if several {
                        let mut f = format!("  (from {}", origin.root);
                        if !origin.shadows.is_empty() {
                            f.push_str(&format!("; shadows {}", origin.shadows.join(", ")));
                        }
                        f + ")"
                    } else {
                        String::new()
                    };
                    emit(&format!("  {}  {}{kind}{from}", s.name, s.description));
                    for f in &s.flags {
                        emit(&format!("      --{:<16} {}", f.name, f.type_summary()));
                    }
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// Where each property of `f` came from, as `skills list --format json`
/// and `skills explain --format json` give it.
fn sources_json(f: &skills_parser::Flag) -> Value {
    let source = |s: &skills_parser::Source| {
        json!({
            "origin": s.origin.as_str(),
            "implied": s.implied,
            "line": (s.line > 0).then_some(s.line),
            "column": (s.line > 0).then_some(s.column),
        })
    };
    let s = &f.sources;
    json!({
        "type": source(&s.value_type),
        "list": source(&s.list),
        "required": source(&s.required),
        "default": s.default.as_ref().map(source),
        "values": s.values.as_ref().map(source),
        "placeholder": s.placeholder.as_ref().map(source),
    })
}

/// The properties of a flag with the statement that decided each: its
/// name, value in words, and source.
fn properties(f: &skills_parser::Flag) -> Vec<(&'static str, String, Option<skills_parser::Source>)> {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    let s = &f.sources;
    let mut out = vec![
        ("type", f.value_type.name().to_string(), Some(s.value_type)),
        ("list", yes_no(f.list), Some(s.list)),
        ("required", yes_no(f.required), Some(s.required)),
    ];
    if !f.values.is_empty() {
        out.push(("values", f.values.join(", "), s.values));
    }
    out.push(("default", f.default.as_ref().map_or("none".to_string(), |d| d.join(", ")), s.default));
    if let Some(p) = &f.placeholder {
        out.push(("placeholder", format!("<{p}>"), s.placeholder));
    }
    out
}

/// How to state a property that was inferred or left to the format's
/// default, as a marker of the flag's description.
fn how_to_state(property: &str, f: &skills_parser::Flag) -> Option<String> {
    let list = if f.list { " list" } else { "" };
    Some(match property {
        "type" if f.value_type == skills_core::spec::ValueType::Boolean => "(boolean)".to_string(),
        "type" if f.value_type == skills_core::spec::ValueType::Enum => format!("One of: {}", f.values.join(", ")),
        "type" => format!("(type: {}{list})", f.value_type.name()),
        "list" if f.list => "space-separated".to_string(),
        "list" => format!("(type: {})", f.value_type.name()),
        "required" if f.required => "(required)".to_string(),
        "required" => "(optional)".to_string(),
        _ => return None,
    })
}

/// Where a property came from, in words.
fn said(s: &skills_parser::Source) -> String {
    use skills_parser::Origin;
    let at = format!("line {}, column {}", s.line, s.column);
    match (s.origin, s.line, s.implied) {
        (Origin::Unstated, 0, _) => "nothing states it: the format's default".to_string(),
        (Origin::Unstated, _, _) => format!("nothing names it; a value stated at {at} is text unless typed"),
        (origin, _, true) => format!("implied by {} at {at}", origin.describe()),
        (origin @ (Origin::Data | Origin::Marker), _, false) => format!("stated by {} at {at}", origin.describe()),
        (Origin::Usage, _, false) => format!("shown by the Usage synopsis at {at}"),
        (origin, _, false) => format!("inferred from {} at {at}", origin.describe()),
    }
}

fn explain(tree: &Tree, name: &str, flag: Option<&str>, format: Format) -> ExitCode {
    let Some(skill) = tree.skill(name) else {
        let known = tree.skills.iter().map(|s| s.name.as_str());
        let closest = skills_core::suggest::closest(name, known);
        eprintln!(
            "error: no skill `{name}` in {}{}",
            display_path(&tree.root),
            closest.map(|c| format!("; did you mean `{c}`?")).unwrap_or_default()
        );
        return ExitCode::FAILURE;
    };
    let wanted = flag.map(|f| f.trim_start_matches('-'));
    let flags: Vec<&skills_parser::Flag> =
        skill.flags.iter().filter(|f| wanted.is_none_or(|w| skills_core::args::same_flag_name(&f.name, w))).collect();
    if let (Some(w), true) = (wanted, flags.is_empty()) {
        let closest = skills_core::suggest::closest(w, skill.flags.iter().map(|f| f.name.as_str()));
        eprintln!(
            "error: `{name}` has no flag `--{w}`{}",
            closest.map(|c| format!("; did you mean `--{c}`?")).unwrap_or_default()
        );
        return ExitCode::FAILURE;
    }
    let file = display_path(&skill.path);
    let text = std::fs::read_to_string(&skill.path).unwrap_or_default();
    match format {
        Format::Json => print_json(&json!({
            "skill": skill.name,
            "file": file,
            "flags": flags.iter().map(|f| json!({
                "name": f.name,
                "line": f.line,
                "properties": properties(f).into_iter().map(|(p, value, source)| json!({
                    "property": p,
                    "value": value,
                    "origin": source.map(|s| s.origin.as_str()),
                    "line": source.filter(|s| s.line > 0).map(|s| s.line),
                    "column": source.filter(|s| s.line > 0).map(|s| s.column),
                    "implied": source.is_some_and(|s| s.implied),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })),
        Format::Text => {
            emit(&format!("{} ({file})", skill.name));
            for f in flags {
                emit(&format!("\n--{}  declared at {file}:{}:{}", f.name, f.line, f.column));
                for (property, value, source) in properties(f) {
                    emit(&format!("  {property}: {value}"));
                    let Some(s) = source else {
                        emit("    nothing states it");
                        continue;
                    };
                    emit(&format!("    {}", said(&s)));
                    if s.line > 0 {
                        // The statement, from where it starts on its line.
                        let line = text.lines().nth(s.line - 1).unwrap_or("");
                        let from: String = line.chars().skip(s.column.saturating_sub(1)).take(72).collect();
                        emit(&format!("    | {}", from.trim_end()));
                    }
                    let stated = matches!(s.origin, skills_parser::Origin::Data | skills_parser::Origin::Marker);
                    let told = s.origin != skills_parser::Origin::Unstated || s.line > 0;
                    if !stated
                        && told
                        && let Some(marker) = how_to_state(property, f)
                    {
                        emit(&format!("    to state it: write `{marker}`"));
                    }
                }
            }
        }
    }
    ExitCode::SUCCESS
}

fn error_json(f: &Failure<'_>) -> Value {
    let mut message = String::new();
    let mut hint = String::new();
    let _ = f.write_message(&mut message);
    let _ = f.write_hint(&mut hint);
    let mut err = json!({ "kind": f.kind(), "message": message, "hint": hint });
    if let Failure::Tokenize(t) = f {
        err["column"] = json!(t.column);
    }
    json!({ "error": err })
}

fn help_cmd(tree: &Tree, query: &str) -> ExitCode {
    let cat = catalog(tree);
    let toks = match tokenize::split(query) {
        Ok(t) => t,
        Err(e) => {
            print_json(&error_json(&Failure::Tokenize(e)));
            return ExitCode::FAILURE;
        }
    };
    let mut toks: Vec<&str> = toks.iter().map(|t| t.as_ref()).collect();
    // `skills help email` means `get_skill: email`.
    if help::parse_query(&toks).is_none() {
        toks.insert(0, "get_skill:");
    }
    let mut args = skills_runtime::args::Args::new();
    match step(&cat, &toks, &|_| true, &mut args) {
        Step::Help(target) => {
            let mut out = String::new();
            let _ = help::write(&cat, target, &|_| true, &mut out);
            emit(out.trim_end());
            ExitCode::SUCCESS
        }
        Step::Fail(f) => {
            let mut m = String::new();
            let _ = f.write_message(&mut m);
            let mut h = String::new();
            let _ = f.write_hint(&mut h);
            eprintln!("{}", terminal::escape(&format!("error: {m}\n  = help: {h}"), Lines::Keep));
            ExitCode::FAILURE
        }
        Step::Invoke { .. } => ExitCode::FAILURE,
    }
}

fn parse(tree: &Tree, line: &str) -> ExitCode {
    let cat = catalog(tree);
    // What the router refuses before splitting (`<<EOF`, `$(`, `C:\Users`).
    if let Some(f) = skills_runtime::route::shell_syntax(line.as_bytes()) {
        print_json(&error_json(&f));
        return ExitCode::FAILURE;
    }
    let toks = match tokenize::split(line) {
        Ok(t) => t,
        Err(e) => {
            print_json(&error_json(&Failure::Tokenize(e)));
            return ExitCode::FAILURE;
        }
    };
    let toks: Vec<&str> = toks.iter().map(|t| t.as_ref()).collect();
    let mut args = skills_runtime::args::Args::new();
    match step(&cat, &toks, &|_| true, &mut args) {
        Step::Invoke { skill, .. } => {
            print_json(&json!({
                "skill": skill.name,
                "flags": skills_runtime::json::args_to_json(&skill.flags, &args),
            }));
            ExitCode::SUCCESS
        }
        Step::Help(target) => {
            let mut out = String::new();
            let _ = help::write(&cat, target, &|_| true, &mut out);
            print_json(&json!({ "help": out }));
            ExitCode::SUCCESS
        }
        Step::Fail(f) => {
            print_json(&error_json(&f));
            ExitCode::FAILURE
        }
    }
}

fn tokens(line: &str) -> ExitCode {
    match tokenize::split(line) {
        Ok(t) => {
            write_out(&terminal::escape_json(&serde_json::to_string(&t).unwrap_or_default()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            print_json(&error_json(&Failure::Tokenize(e)));
            ExitCode::FAILURE
        }
    }
}

fn extract_cmd() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let ex = extract::extract(&input);
    print_json(&json!({
        "commands": ex.commands.iter().map(|c| json!({ "text": c.text, "line": c.line })).collect::<Vec<_>>(),
        "text": ex.text,
        "diagnostics": ex.diagnostics.iter().map(|d| json!({
            "code": d.code(),
            "line": d.line,
            "message": d.to_string(),
        })).collect::<Vec<_>>(),
    }));
    ExitCode::SUCCESS
}
