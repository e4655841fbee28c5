//! One case per diagnostic code: the smallest tree that triggers it, and the
//! line it must point at. `every_code_has_a_case` fails when a code is added
//! without a case here.

use skills_core::spec::ValueType;
use skills_parser::{Code, LoadOptions, Tree, load};
use std::path::Path;

/// A valid skill `d.a` whose parts can be replaced.
fn skill(front: &str, body: &str) -> String {
    format!("---\n{front}---\n{body}")
}

const FRONT: &str = "name: d.a\ndescription: Does a\n";
const BODY: &str = "\n# d.a\n\n## Usage\n\nd.a [--x <v>]\n\n## Flags\n\n--x  The x\n\n## Examples\n\nd.a --x 1\n";
const INDEX: &str = "---\ndomain: d\ndescription: Domain d\n---\n\n# d\n";

fn build(files: &[(&str, &[u8])]) -> (tempfile::TempDir, Tree) {
    let dir = tempfile::tempdir().unwrap();
    for (path, content) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    let tree = load(dir.path(), &LoadOptions::default());
    (dir, tree)
}

/// The tree of one skill file `d/a.md` with an index.
fn one(text: &str) -> (tempfile::TempDir, Tree) {
    build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", text.as_bytes())])
}

fn has(tree: &Tree, code: Code, line: usize) -> bool {
    tree.diagnostics.iter().any(|d| d.code == code && (line == usize::MAX || d.line == line))
}

#[track_caller]
fn expect(tree: &Tree, code: Code, line: usize) {
    assert!(
        has(tree, code, line),
        "expected {code} at line {line}; got:\n{}",
        tree.diagnostics.iter().map(|d| d.render()).collect::<String>()
    );
    let d = tree.diagnostics.iter().find(|d| d.code == code).unwrap();
    assert!(
        !d.message.is_empty() && d.hint.as_deref().is_some_and(|h| !h.is_empty()),
        "{code} needs a message and a hint"
    );
}

const ANY: usize = usize::MAX;

fn hint_of(tree: &Tree, code: Code) -> &str {
    tree.diagnostics.iter().find(|d| d.code == code).and_then(|d| d.hint.as_deref()).unwrap_or("")
}

/// The valid skill with its `## Flags` lines replaced.
fn with_flags(flags: &str) -> String {
    skill(FRONT, &BODY.replace("--x  The x\n", flags))
}

fn cases() -> Vec<(Code, Box<dyn Fn()>)> {
    vec![
        (
            Code::InvalidUtf8,
            Box::new(|| {
                let (_d, t) = build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", b"---\nname: d.a\n\xff\n")]);
                expect(&t, Code::InvalidUtf8, 3);
                assert!(t.skill("d.a").is_none(), "{:#?}", t.diagnostics);
            }),
        ),
        (Code::EmptyFile, Box::new(|| expect(&one("  \n").1, Code::EmptyFile, 0))),
        (
            Code::FileTooLarge,
            Box::new(|| {
                let big = skill(FRONT, &format!("{BODY}\n{}", "x".repeat(300 * 1024)));
                expect(&one(&big).1, Code::FileTooLarge, 0);
            }),
        ),
        (
            Code::Unreadable,
            Box::new(|| {
                let t = load(Path::new("/nonexistent/skills/root"), &LoadOptions::default());
                expect(&t, Code::Unreadable, 0);
            }),
        ),
        (
            Code::SymlinkEscape,
            Box::new(|| {
                let outside = tempfile::tempdir().unwrap();
                std::fs::write(outside.path().join("secret.md"), skill(FRONT, BODY)).unwrap();
                let (d, _) = build(&[("d/SKILL.md", INDEX.as_bytes())]);
                #[cfg(unix)]
                std::os::unix::fs::symlink(outside.path().join("secret.md"), d.path().join("d/a.md")).unwrap();
                let t = load(d.path(), &LoadOptions::default());
                expect(&t, Code::SymlinkEscape, 0);
                assert!(t.skill("d.a").is_none(), "the file outside the root must not be read");
            }),
        ),
        (
            Code::InvalidFileName,
            Box::new(|| {
                let (_d, t) =
                    build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/Send-It.md", skill(FRONT, BODY).as_bytes())]);
                expect(&t, Code::InvalidFileName, 0);
                assert!(hint_of(&t, Code::InvalidFileName).contains("rename the file to `send_it.md`"));
                // The skill's whole name as the file's: the action alone.
                let (_d, t) =
                    build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/d.send.md", skill(FRONT, BODY).as_bytes())]);
                assert!(hint_of(&t, Code::InvalidFileName).starts_with("rename the file to `send.md`"));
            }),
        ),
        (
            Code::InvalidDomainDir,
            Box::new(|| {
                let (_d, t) = build(&[("Bad-Domain/a.md", skill(FRONT, BODY).as_bytes())]);
                expect(&t, Code::InvalidDomainDir, 0);
                assert!(hint_of(&t, Code::InvalidDomainDir).contains("rename the directory to `bad_domain`"));
            }),
        ),
        (
            Code::MissingFrontmatter,
            Box::new(|| {
                expect(&one("# d.a\n").1, Code::MissingFrontmatter, 1);
                // The hint is the block to add, with the body's first line of prose.
                let (_d, t) = one("# d.a\n\nDoes a: the first step.\n\n## Usage\n");
                assert_eq!(
                    hint_of(&t, Code::MissingFrontmatter),
                    r#"add these lines at the top: `---`, `name: d.a`, `description: "Does a: the first step."`, `---`"#
                );
                // TOML frontmatter (`+++`): the hint is the same in YAML, and
                // that YAML in its place loads the skill.
                let toml = "+++\nname = \"d.a\"\ndescription = 'Does a: \"now\"' # why\ntags = [\"x\", \"y\"]\n\n[eligibility]\nos = [\"linux\"]\n+++\n";
                let (_d, t) = one(&format!("{toml}{BODY}"));
                expect(&t, Code::MissingFrontmatter, 1);
                assert!(t.diagnostics[0].message.contains("TOML"), "{}", t.diagnostics[0].message);
                let hint = hint_of(&t, Code::MissingFrontmatter);
                let yaml: Vec<&str> = hint
                    .strip_prefix("write it as YAML: ")
                    .unwrap()
                    .split(", `")
                    .map(|l| l.trim_matches('`'))
                    .collect();
                assert_eq!(
                    yaml,
                    [
                        "---",
                        "name: \"d.a\"",
                        "description: 'Does a: \"now\"' # why",
                        "tags: [\"x\", \"y\"]",
                        "eligibility:",
                        "  os: [\"linux\"]",
                        "---"
                    ]
                );
                let (_d, t) = one(&format!("{}\n{BODY}", yaml.join("\n")));
                assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
                let s = t.skill("d.a").unwrap();
                assert_eq!(
                    (s.description.as_str(), s.tags.as_slice()),
                    ("Does a: \"now\"", &["x".to_string(), "y".to_string()][..])
                );
            }),
        ),
        (Code::UnclosedFrontmatter, Box::new(|| expect(&one("---\nname: d.a\n").1, Code::UnclosedFrontmatter, 1))),
        (
            Code::InvalidYaml,
            Box::new(|| {
                expect(&one(&skill("name: d.a\ntags: [a\n", BODY)).1, Code::InvalidYaml, 3);
                // A plain value YAML cannot read: the quoted line, checked
                // to parse, is the hint.
                let (_d, t) = one(&skill("name: d.a\ndescription: Email tools: send, read\n", BODY));
                expect(&t, Code::InvalidYaml, 3);
                let hint = t.diagnostics[0].hint.as_deref().unwrap();
                assert_eq!(hint, r#"quote the value: `description: "Email tools: send, read"`"#);
            }),
        ),
        (
            Code::FrontmatterNotMapping,
            Box::new(|| expect(&one(&skill("- a\n- b\n", BODY)).1, Code::FrontmatterNotMapping, 2)),
        ),
        (Code::MissingName, Box::new(|| expect(&one(&skill("description: x\n", BODY)).1, Code::MissingName, 1))),
        (
            Code::InvalidName,
            Box::new(|| expect(&one(&skill("name: D.a\ndescription: x\n", BODY)).1, Code::InvalidName, 2)),
        ),
        (
            Code::NameMismatch,
            Box::new(|| {
                let (_d, t) = one(&skill("name: d.b\ndescription: x\n", BODY));
                expect(&t, Code::NameMismatch, 2);
                assert!(t.skill("d.a").is_none() && t.skill("d.b").is_none());
            }),
        ),
        (
            Code::NameSpelling,
            Box::new(|| {
                for name in ["a", "d_a"] {
                    let (_d, t) = one(&skill(&format!("name: {name}\ndescription: x\n"), BODY));
                    expect(&t, Code::NameSpelling, 2);
                    assert_eq!(t.diagnostics.len(), 1, "{name}: {:#?}", t.diagnostics);
                    assert_eq!(t.skill("d.a").map(|s| s.name.as_str()), Some("d.a"), "{name}");
                }
                // Another action alone is still an error.
                expect(&one(&skill("name: b\ndescription: x\n", BODY)).1, Code::InvalidName, 2);
            }),
        ),
        (
            Code::MissingDescription,
            Box::new(|| expect(&one(&skill("name: d.a\ndescription: \"\"\n", BODY)).1, Code::MissingDescription, 3)),
        ),
        (
            Code::InvalidField,
            Box::new(|| {
                expect(&one(&skill("name: d.a\ndescription: x\nread_only: maybe\n", BODY)).1, Code::InvalidField, 4)
            }),
        ),
        (
            Code::InvalidSchedule,
            Box::new(|| {
                expect(
                    &one(&skill("name: d.a\ndescription: x\nschedule: \"0 8 * *\"\n", BODY)).1,
                    Code::InvalidSchedule,
                    4,
                );
                // Cron that parses but never fires, and a number out of its
                // field's range, said in the field's words.
                for (cron, said) in [
                    ("0 9 30 2 *", "it never fires: February has no day 30"),
                    ("0 25 * * *", "its hour is 25, but hours go from 0 to 23"),
                ] {
                    let (_d, t) = one(&skill(&format!("name: d.a\ndescription: x\nschedule: \"{cron}\"\n"), BODY));
                    expect(&t, Code::InvalidSchedule, 4);
                    assert!(t.diagnostics[0].message.ends_with(said), "{}", t.diagnostics[0].message);
                }
                let (_d, t) = one(&skill("name: d.a\ndescription: x\nschedule: \"0 0 31 2 *\"\n", BODY));
                let hint = t.diagnostics[0].hint.as_deref().unwrap_or("");
                assert!(hint.starts_with("name days every month it names has (February has 28"), "{hint}");
            }),
        ),
        (
            Code::InvalidAlias,
            Box::new(|| {
                expect(&one(&skill("name: d.a\ndescription: x\naliases: [Do-It]\n", BODY)).1, Code::InvalidAlias, 4)
            }),
        ),
        (
            Code::DuplicateAlias,
            Box::new(|| {
                let b = skill("name: d.b\ndescription: b\naliases: [go]\n", &BODY.replace("d.a", "d.b"));
                let a = skill("name: d.a\ndescription: a\naliases: [go]\n", BODY);
                let (_d, t) =
                    build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", a.as_bytes()), ("d/b.md", b.as_bytes())]);
                expect(&t, Code::DuplicateAlias, 2);
                assert!(t.skill("d.a").is_some() && t.skill("d.b").is_none(), "the later skill is left out");
            }),
        ),
        (
            Code::ToolNameCollision,
            Box::new(|| {
                let s1 = skill("name: a_b.c\ndescription: x\n", &BODY.replace("d.a", "a_b.c"));
                let s2 = skill("name: a.b_c\ndescription: x\n", &BODY.replace("d.a", "a.b_c"));
                let (_d, t) = build(&[("a_b/c.md", s1.as_bytes()), ("a/b_c.md", s2.as_bytes())]);
                expect(&t, Code::ToolNameCollision, 2);
            }),
        ),
        (
            Code::InvalidEligibility,
            Box::new(|| {
                expect(
                    &one(&skill("name: d.a\ndescription: x\neligibility:\n  cpu: [arm]\n", BODY)).1,
                    Code::InvalidEligibility,
                    5,
                )
            }),
        ),
        (
            Code::DuplicateFlag,
            Box::new(|| expect(&one(&with_flags("--x  The x\n--x  Again\n")).1, Code::DuplicateFlag, 15)),
        ),
        (Code::FlagNoDescription, Box::new(|| expect(&one(&with_flags("--x\n")).1, Code::FlagNoDescription, 14))),
        (
            Code::InvalidFlagName,
            Box::new(|| expect(&one(&with_flags("--x  The x\n--Bad_Name  Nope\n")).1, Code::InvalidFlagName, 15)),
        ),
        (
            Code::ConflictingMarkers,
            Box::new(|| {
                expect(&one(&with_flags("--x  The x (boolean flag). One of: a, b\n")).1, Code::ConflictingMarkers, 14)
            }),
        ),
        (
            Code::InvalidDefault,
            Box::new(|| {
                expect(&one(&with_flags("--x  The x (type: integer) (default: many)\n")).1, Code::InvalidDefault, 14);
                // A type only the placeholder's name gave: the hint offers
                // stating text as well.
                let (_d, t) = one(&with_flags("--x <n>  The x (default: `all`)\n"));
                expect(&t, Code::InvalidDefault, 14);
                assert!(
                    t.diagnostics[0]
                        .hint
                        .as_deref()
                        .unwrap_or("")
                        .contains("`(type: string)` if it takes words such as `all`"),
                    "{:#?}",
                    t.diagnostics
                );
            }),
        ),
        (
            Code::InvalidEnumValue,
            Box::new(|| expect(&one(&with_flags("--x  One of: a, b c, d\n")).1, Code::InvalidEnumValue, 14)),
        ),
        (
            Code::BoldHeading,
            Box::new(|| {
                let t = one(&skill(FRONT, &BODY.replace("## Flags", "**Flags:**")));
                expect(&t.1, Code::BoldHeading, 12);
                let f = &t.1.skill("d.a").unwrap().flags;
                assert_eq!(f.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["x"]);
            }),
        ),
        (Code::FormatType, Box::new(|| expect(&one(&with_flags("--x  The x (type: url)\n")).1, Code::FormatType, 14))),
        (
            Code::InvalidType,
            Box::new(|| expect(&one(&with_flags("--x  The x (type: guid)\n")).1, Code::InvalidType, 14)),
        ),
        (
            Code::TooManyFlags,
            Box::new(|| {
                let flags: String = (0..65).map(|i| format!("--f{i}  Flag {i}\n")).collect();
                expect(&one(&with_flags(&flags)).1, Code::TooManyFlags, 14);
            }),
        ),
        (
            Code::TooManySkills,
            Box::new(|| {
                // The limit of a compiled table (65,536) set low: a tree
                // of two skills against a limit of one, then of two.
                let (d, _) = build(&[
                    ("d/SKILL.md", INDEX.as_bytes()),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                    ("d/b.md", skill(FRONT, BODY).replace("d.a", "d.b").as_bytes()),
                ]);
                let limited = |max_skills| load(d.path(), &LoadOptions { max_skills, ..LoadOptions::default() });
                let t = limited(1);
                expect(&t, Code::TooManySkills, 0);
                let d0 = t.diagnostics.iter().find(|d| d.code == Code::TooManySkills).unwrap();
                assert_eq!(d0.message, "the tree has 2 skills; one compiled table holds at most 1");
                assert!(d0.hint.as_deref().unwrap().contains("skills_runtime::Joined"), "{d0:?}");
                assert!(limited(2).diagnostics.is_empty(), "{:?}", limited(2).diagnostics);
                assert_eq!(skills_parser::MAX_COMPILED_SKILLS, usize::from(u16::MAX) + 1);
            }),
        ),
        (
            Code::InvalidIndex,
            Box::new(|| {
                let (_d, t) = build(&[
                    ("d/SKILL.md", b"---\ndomain: e\ndescription: x\n---\n"),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                ]);
                expect(&t, Code::InvalidIndex, 2);
                // The domain in capitals, as a title writes it, is the same.
                let (_d, t) = build(&[
                    ("d/SKILL.md", b"---\nname: D\ndescription: x\n---\n"),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                ]);
                assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
                // The index exists, so it is not also reported missing.
                assert!(!t.diagnostics.iter().any(|d| d.code == Code::MissingIndex), "{:?}", t.diagnostics);
                // `name:` is read as the domain: right when it matches, the
                // same error when it does not, and never an unknown key.
                let (_d, t) = build(&[
                    ("d/SKILL.md", b"---\nname: d\ndescription: x\n---\n"),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                ]);
                assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
                let (_d, t) = build(&[
                    ("d/SKILL.md", b"---\nname: e\ndescription: x\n---\n"),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                ]);
                expect(&t, Code::InvalidIndex, 2);
                let d = t.diagnostics.iter().find(|d| d.code == Code::InvalidIndex).unwrap();
                assert!(d.message.contains("`name: e`"), "{}", d.message);
                // An Agent Skills name, with `-` where the directory has `_`,
                // is the same domain, as flag names are matched.
                let (_d, t) = build(&[
                    ("pdf_tools/SKILL.md", b"---\nname: pdf-tools\ndescription: x\n---\n"),
                    ("pdf_tools/a.md", skill("name: pdf_tools.a\ndescription: Does a\n", BODY).as_bytes()),
                ]);
                assert!(!t.diagnostics.iter().any(|d| d.code == Code::InvalidIndex), "{:?}", t.diagnostics);
            }),
        ),
        (
            Code::ExampleInvalid,
            Box::new(|| {
                let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a --x 1", "d.a --y 1")));
                expect(&t, Code::ExampleInvalid, 18);
                assert!(t.skill("d.a").is_some(), "documentation errors keep the skill");
                // What the router refuses before splitting is refused here too.
                for (example, said) in [
                    (r"d.a --x C:\Users", "example has `\\U` outside quotes, which reads as `U`"),
                    ("d.a --x \"$(date)\"", "example uses `$(date)`, shell command substitution"),
                    ("d.a --x <<EOF", "example uses `<<EOF`, shell input redirection"),
                    ("d.a --x 1 | jq .", "example uses `|`, which joins, pipes or redirects"),
                    ("d.a --x 1 && d.a --x 2", "example uses `&&`, which joins, pipes or redirects"),
                    ("d.a --x 1  # one", "example has a comment after the command"),
                    (r"d.a --x $'a\nb'", "example uses `$'a\\nb'`, bash's ANSI-C quoting"),
                ] {
                    let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a --x 1", example)));
                    expect(&t, Code::ExampleInvalid, 18);
                    assert!(t.diagnostics[0].message.starts_with(said), "{}", t.diagnostics[0].message);
                }
                for example in [r"d.a --x 'C:\Users'", "d.a --x '|'", "d.a --x R&D", "d.a --x #1", r#"d.a --x "$'a'""#]
                {
                    let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a --x 1", example)));
                    assert!(t.diagnostics.is_empty(), "{example}: {:#?}", t.diagnostics);
                }
            }),
        ),
        (
            Code::ExampleUnknownSkill,
            Box::new(|| {
                expect(&one(&skill(FRONT, &BODY.replace("d.a --x 1", "d.zzz --x 1"))).1, Code::ExampleUnknownSkill, 18)
            }),
        ),
        (
            Code::UsageWrongName,
            Box::new(|| {
                expect(&one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", "d.b [--x <v>]"))).1, Code::UsageWrongName, 10)
            }),
        ),
        (
            Code::UnknownKey,
            Box::new(|| {
                let (_d, t) = one(&skill("name: d.a\ndescription: x\ndescripton: y\n", BODY));
                expect(&t, Code::UnknownKey, 4);
                let d = t.diagnostics.iter().find(|d| d.code == Code::UnknownKey).unwrap();
                assert!(d.hint.as_deref().unwrap().contains("`description`"));
                assert_eq!(t.skill("d.a").unwrap().extra[0].0, "descripton", "unknown keys are kept");
            }),
        ),
        (
            Code::UsageFlagUndocumented,
            Box::new(|| {
                expect(
                    &one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", "d.a [--x <v>] [--y <v>]"))).1,
                    Code::UsageFlagUndocumented,
                    10,
                )
            }),
        ),
        (
            Code::FlagNotInUsage,
            Box::new(|| expect(&one(&with_flags("--x  The x\n--z  The z\n")).1, Code::FlagNotInUsage, 15)),
        ),
        (
            Code::UnknownPlaceholder,
            Box::new(|| {
                let body = BODY
                    .replace("d.a [--x <v>]", "d.a [--topic <v>]")
                    .replace("--x  The x\n", "--topic  The topic\n")
                    .replace("d.a --x 1", "d.a --topic 1")
                    .replace("\n# d.a\n", "\n# d.a\n\nWrite about {tpoic} on {today}, not {\"topic\": 1}.\n");
                let (_d, t) = one(&skill(FRONT, &body));
                expect(&t, Code::UnknownPlaceholder, 8);
                let d = t.diagnostics.iter().find(|d| d.code == Code::UnknownPlaceholder).unwrap();
                assert_eq!(
                    (d.column, d.hint.as_deref()),
                    (13, Some("did you mean `{topic}`? A flag's name in braces is filled with its value"))
                );
                assert_eq!(
                    t.diagnostics.iter().filter(|d| d.code == Code::UnknownPlaceholder).count(),
                    1,
                    "{:#?}",
                    t.diagnostics
                );
                // In double braces, the hint keeps them.
                let (_d, t) = one(&skill(FRONT, &body.replace("{tpoic}", "{{ tpoic }}")));
                let d = t.diagnostics.iter().find(|d| d.code == Code::UnknownPlaceholder).unwrap();
                assert_eq!(d.message, "`{{ tpoic }}` names no flag, so the model reads it as written");
                assert_eq!(
                    d.hint.as_deref(),
                    Some("did you mean `{{ topic }}`? A flag's name in braces is filled with its value")
                );
                // A skill with a handler fills nothing: no warning.
                let (_d, t) = one(&skill(&format!("{FRONT}handler: h\n"), &body));
                assert!(t.diagnostics.iter().all(|d| d.code != Code::UnknownPlaceholder), "{:#?}", t.diagnostics);
            }),
        ),
        (
            Code::PositionalArgument,
            Box::new(|| {
                let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", "d.a <text> [--x <v>] FILE")));
                let found: Vec<_> = t
                    .diagnostics
                    .iter()
                    .filter(|d| d.code == Code::PositionalArgument)
                    .map(|d| (d.line, d.column, d.hint.clone().unwrap_or_default()))
                    .collect();
                assert_eq!(
                    found,
                    [
                        (
                            10,
                            5,
                            "make it a flag: `--text <text>` in Usage, and a line for `--text` in `## Flags`".into()
                        ),
                        (
                            10,
                            22,
                            "make it a flag: `--file <FILE>` in Usage, and a line for `--file` in `## Flags`".into()
                        ),
                    ]
                );
                // A placeholder a flag has (`<v>` of `--x`) is that flag's.
                let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", "d.a [--x <v>] <v>...")));
                assert!(t.diagnostics.iter().all(|d| d.code != Code::PositionalArgument), "{:#?}", t.diagnostics);
            }),
        ),
        (
            Code::UsageMismatch,
            Box::new(|| expect(&one(&with_flags("--x  The x (required)\n")).1, Code::UsageMismatch, 10)),
        ),
        (Code::ProseEnum, Box::new(|| expect(&one(&with_flags("--x  Sort by: a, b, c\n")).1, Code::ProseEnum, 14))),
        (
            Code::ProseList,
            Box::new(|| {
                expect(&one(&with_flags("--x  Tags, comma-separated\n")).1, Code::ProseList, 14);
                // Several values said in words, which no marker states.
                for d in ["Tags (accepts multiple values)", "Tags (multiple)", "Tags; several values allowed"] {
                    let (_d, t) = one(&with_flags(&format!("--x <v>  {d}\n")));
                    expect(&t, Code::ProseList, 14);
                    assert!(!t.skill("d.a").unwrap().flags[0].list, "{d}");
                }
                let (_d, t) = one(&with_flags("--x <v>  Run multiple checks at once\n"));
                assert!(t.diagnostics.iter().all(|d| d.code != Code::ProseList), "{:#?}", t.diagnostics);
            }),
        ),
        (Code::ProseType, Box::new(|| expect(&one(&with_flags("--x  How many, an integer\n")).1, Code::ProseType, 14))),
        (
            Code::RepeatedFlag,
            Box::new(|| {
                let (_d, t) = with_usage_and_flags("d.a [--x <v>]...", "--x  The x\n");
                expect(&t, Code::RepeatedFlag, 10);
                expect(&one(&with_flags("--x  The x; repeat for more\n")).1, Code::RepeatedFlag, 14);
            }),
        ),
        (
            Code::ProseDefault,
            Box::new(|| expect(&one(&with_flags("--x  The x. Defaults to today\n")).1, Code::ProseDefault, 14)),
        ),
        (
            Code::NegatedForm,
            Box::new(|| {
                let (_d, t) = one(&with_flags("--x  The x\n--[no-]color  Colour the output\n"));
                expect(&t, Code::NegatedForm, 15);
                let color = t.skill("d.a").unwrap().flag("color").unwrap().clone();
                assert_eq!(color.value_type, ValueType::Boolean, "{color:?}");
                // Usage may write it so too; it is the same flag there.
                let (_d, t) =
                    with_usage_and_flags("d.a [--x <v>] [--[no-]color]", "--x  The x\n--[no-]color  Colour\n");
                let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).collect();
                assert_eq!(codes, [Code::NegatedForm]);
            }),
        ),
        (
            Code::UnrecognizedFlagLine,
            Box::new(|| {
                expect(&one(&with_flags("--x  The x\nAlso see --y for more.\n")).1, Code::UnrecognizedFlagLine, 15)
            }),
        ),
        (
            Code::NoFlagsRead,
            Box::new(|| {
                let body = "\n# d.a\n\n## Usage\n\nd.a [options]\n\n## Flags\n\nquery: the text\nlimit: how many\n\n## Examples\n\nd.a\n";
                let (_d, t) = one(&skill(FRONT, body));
                expect(&t, Code::NoFlagsRead, 12);
                assert!(t.diagnostics[0].message.contains("has 2 lines of text"), "{}", t.diagnostics[0].message);
                // A section that says there are none, or only a CLI's help
                // line, is quiet; so is one beside flags declared elsewhere.
                for flags in ["None.", "_This skill takes no flags._", "-h, --help  Print help"] {
                    let (_d, t) = one(&skill(FRONT, &body.replace("query: the text\nlimit: how many", flags)));
                    assert!(t.diagnostics.is_empty(), "{flags}: {:#?}", t.diagnostics);
                }
                let front = "name: d.a\ndescription: Does a\nparameters:\n  - name: query\n    description: The text\n";
                let (_d, t) = one(&skill(front, &body.replace("query: the text\nlimit: how many", "See above.")));
                assert!(t.diagnostics.iter().all(|d| d.code != Code::NoFlagsRead), "{:#?}", t.diagnostics);
            }),
        ),
        (
            Code::UntypedFlag,
            Box::new(|| {
                // No placeholder, type, default or Usage entry: read as
                // text, and said so on its line.
                let body = "\n# d.a\n\n## Usage\n\nd.a [options]\n\n## Flags\n\n--x  The x\n--all  Everything\n\n## Examples\n\nd.a --x 1\n";
                let (_d, t) = one(&skill(FRONT, body));
                expect(&t, Code::UntypedFlag, 14);
                assert_eq!(t.diagnostics.iter().filter(|d| d.code == Code::UntypedFlag).count(), 2);
                let all = t.skill("d.a").unwrap().flags[1].clone();
                assert_eq!(
                    (all.value_type, all.sources.value_type.origin),
                    (ValueType::String, skills_parser::Origin::Unstated)
                );
                // An example that gives the short spelling alone makes a switch.
                let short = "\n# d.a\n\n## Flags\n\n-q, --quiet  Say nothing\n\n## Examples\n\nd.a -q\n";
                let (_d, t) = one(&skill(FRONT, short));
                let quiet = &t.skill("d.a").unwrap().flags[0];
                assert_eq!(
                    (quiet.value_type, quiet.sources.value_type.origin),
                    (ValueType::Boolean, skills_parser::Origin::Example)
                );
                // Any statement of a value, or of none, is enough.
                for flags in [
                    "--x <v>  The x\n--all  Everything (boolean)\n",
                    "--x  The x (type: string)\n--all  Everything (default: 2)\n",
                ] {
                    let (_d, t) = one(&skill(FRONT, &body.replace("--x  The x\n--all  Everything\n", flags)));
                    assert!(t.diagnostics.iter().all(|d| d.code != Code::UntypedFlag), "{flags}: {:#?}", t.diagnostics);
                }
            }),
        ),
        (
            Code::UnmarkedFlag,
            Box::new(|| {
                // A tool README marks the optional parameters only: the
                // others are read as optional, and said so on their lines.
                let body = "\n# d.a\n\n## Inputs\n\n- `owner` (string): Owner\n- `sha` (optional string): SHA\n- `draft` (boolean): Draft\n\n## Examples\n\nd.a --owner o\n";
                let (_d, t) = one(&skill(FRONT, body));
                expect(&t, Code::UnmarkedFlag, 10);
                assert_eq!(
                    t.diagnostics.iter().filter(|d| d.code == Code::UnmarkedFlag).count(),
                    1,
                    "{:#?}",
                    t.diagnostics
                );
                let flags = &t.skill("d.a").unwrap().flags;
                assert_eq!(flags.iter().map(|f| f.required).collect::<Vec<_>>(), [false, false, false]);
                // Stating it, or marking nothing, is quiet.
                for owner in ["- `owner` (string, required): Owner", "- `owner` (string, optional): Owner"] {
                    let (_d, t) = one(&skill(FRONT, &body.replace("- `owner` (string): Owner", owner)));
                    assert!(
                        t.diagnostics.iter().all(|d| d.code != Code::UnmarkedFlag),
                        "{owner}: {:#?}",
                        t.diagnostics
                    );
                }
                let (_d, t) = one(&skill(FRONT, &body.replace("(optional string)", "(string)")));
                assert!(t.diagnostics.iter().all(|d| d.code != Code::UnmarkedFlag), "{:#?}", t.diagnostics);
            }),
        ),
        (
            Code::MissingUsage,
            Box::new(|| expect(&one(&skill(FRONT, "\n# d.a\n\n## Examples\n\nd.a\n")).1, Code::MissingUsage, 5)),
        ),
        (
            Code::MissingExamples,
            Box::new(|| {
                expect(&one(&skill(FRONT, &BODY.replace("d.a --x 1", "Nothing here."))).1, Code::MissingExamples, 5)
            }),
        ),
        (
            Code::MissingIndex,
            Box::new(|| {
                let (_d, t) = build(&[("d/a.md", skill(FRONT, BODY).as_bytes())]);
                expect(&t, Code::MissingIndex, 0);
            }),
        ),
        (
            Code::StrayFile,
            Box::new(|| {
                let (_d, t) = build(&[
                    ("README.md", b"# skills"),
                    ("d/SKILL.md", INDEX.as_bytes()),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                ]);
                expect(&t, Code::StrayFile, 0);
                // A domain's README is a note for people: a warning, not
                // an invalid skill name that would fail the build.
                let (_d, t) = build(&[
                    ("d/SKILL.md", INDEX.as_bytes()),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                    ("d/Readme.md", b"# For people"),
                ]);
                let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).collect();
                assert_eq!(codes, [Code::StrayFile], "{:#?}", t.diagnostics);
                assert!(t.skill("d.a").is_some());
                // So are documents named in capitals without frontmatter,
                // as an Agent Skills folder keeps its references
                // (`FORMS.md` beside its SKILL.md).
                let (_d, t) = build(&[
                    ("d/SKILL.md", INDEX.as_bytes()),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                    ("d/FORMS.md", b"# Filling forms\n\nUse `fill_form.py`.\n"),
                    ("d/API_REFERENCE.md", b"\n# API\n"),
                ]);
                let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).collect();
                assert_eq!(codes, [Code::StrayFile, Code::StrayFile], "{:#?}", t.diagnostics);
                assert!(t.diagnostics[0].hint.as_deref().is_some_and(|h| h.contains("(`d/reference/")));
                // With frontmatter, it was meant as a skill: its name is wrong.
                let (_d, t) = build(&[
                    ("d/SKILL.md", INDEX.as_bytes()),
                    ("d/a.md", skill(FRONT, BODY).as_bytes()),
                    ("d/SEND.md", skill("name: d.send\ndescription: Sends\n", BODY).as_bytes()),
                ]);
                expect(&t, Code::InvalidFileName, 0);
            }),
        ),
        (
            Code::TitleMismatch,
            Box::new(|| expect(&one(&skill(FRONT, &BODY.replace("# d.a", "# Do A"))).1, Code::TitleMismatch, 6)),
        ),
        (
            Code::UnknownOs,
            Box::new(|| {
                expect(
                    &one(&skill("name: d.a\ndescription: x\neligibility:\n  os: [plan9]\n", BODY)).1,
                    Code::UnknownOs,
                    5,
                )
            }),
        ),
        (
            Code::InvalidCreated,
            Box::new(|| {
                expect(&one(&skill("name: d.a\ndescription: x\ncreated: yesterday\n", BODY)).1, Code::InvalidCreated, 4)
            }),
        ),
        (
            Code::IndexWithoutFrontmatter,
            Box::new(|| {
                let (_d, t) = build(&[("d/SKILL.md", b"# D\n\nDoes d.\n"), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
                expect(&t, Code::IndexWithoutFrontmatter, 1);
            }),
        ),
        (
            Code::IndexTableStale,
            Box::new(|| {
                let index =
                    "---\ndomain: d\ndescription: x\n---\n\n| Skill | Description |\n|---|---|\n| d.gone | Old |\n";
                let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
                expect(&t, Code::IndexTableStale, 8);
            }),
        ),
    ]
}

#[test]
fn every_code_has_a_case() {
    let cases = cases();
    for code in Code::ALL {
        assert!(cases.iter().any(|(c, _)| c == code), "no test case for diagnostic code `{code}`");
    }
}

#[test]
fn each_case_reports_its_code() {
    let failed: Vec<String> = cases()
        .into_iter()
        .filter(|(_, case)| std::panic::catch_unwind(std::panic::AssertUnwindSafe(case)).is_err())
        .map(|(code, _)| code.to_string())
        .collect();
    assert!(failed.is_empty(), "cases failed: {failed:?}");
}

#[test]
fn a_clean_skill_has_no_diagnostics() {
    let (_d, t) = one(&skill(FRONT, BODY));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
}

#[test]
fn sections_by_other_names_are_read_too() {
    for (usage, flags) in [
        ("Synopsis", "Options"),
        ("USAGE", "Arguments"),
        ("Usage", "Parameters"),
        ("Usage", "Params"),
        ("Usage", "Args"),
        ("Usage", "Inputs"),
    ] {
        let body = BODY.replace("## Usage", &format!("## {usage}")).replace("## Flags", &format!("## {flags}"));
        let (_d, t) = one(&skill(FRONT, &body));
        assert!(t.diagnostics.is_empty(), "{usage}/{flags}: {:#?}", t.diagnostics);
        assert_eq!(t.skill("d.a").unwrap().flags[0].name, "x", "{usage}/{flags}");
    }
    // `## Flags` wins over an `## Options` section of prose before it.
    let body = BODY.replace("## Usage", "## Options\n\nSee below.\n\n## Usage");
    let (_d, t) = one(&skill(FRONT, &body));
    assert_eq!(t.skill("d.a").unwrap().flags.len(), 1, "{:#?}", t.diagnostics);
}

#[test]
fn flags_under_a_required_subheading_are_required() {
    let flags = "### Required\n\n--x  The x\n--y  The y (optional)\n\n### Optional flags\n\n--z  The z\n";
    let body = BODY.replace("--x  The x\n", flags).replace("d.a [--x <v>]", "d.a --x <v> [--y <v>] [--z <v>]");
    let (_d, t) = one(&skill(FRONT, &body));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let required: Vec<(&str, bool)> =
        t.skill("d.a").unwrap().flags.iter().map(|f| (f.name.as_str(), f.required)).collect();
    assert_eq!(required, [("x", true), ("y", false), ("z", false)]);
}

/// A group's label written as a paragraph of its own (`**Required
/// flags:**`, `Optional:`) groups as a subheading does; the same word as a
/// flag's property line or description does not.
#[test]
fn flags_under_a_required_label_are_required() {
    for (required, optional) in [
        ("**Required flags:**", "**Optional flags:**"),
        ("Required:", "Optional:"),
        ("_Required arguments_", "_Optional arguments_"),
        ("REQUIRED", "OPTIONAL"),
        ("**Required**:", "**Optional**:"),
    ] {
        let flags = format!(
            "{required}\n\n- `--x <v>`: The x\n- `--y <v>`: The y (optional)\n\n{optional}\n\n- `--z <v>`: The z\n"
        );
        let body = BODY.replace("--x  The x\n", &flags).replace("d.a [--x <v>]", "d.a --x <v> [--y <v>] [--z <v>]");
        let (_d, t) = one(&skill(FRONT, &body));
        assert!(t.diagnostics.is_empty(), "{required}: {:#?}", t.diagnostics);
        let got: Vec<(&str, bool)> =
            t.skill("d.a").unwrap().flags.iter().map(|f| (f.name.as_str(), f.required)).collect();
        assert_eq!(got, [("x", true), ("y", false), ("z", false)], "{required}");
    }
    // A property line under a flag, and a description that says the word,
    // are the flag's own.
    let flags = "- `--x <v>`: The x\n  - Required: no\n- `--y <v>`\n\n    Optional\n\nRequired flags are marked.\n\n- `--z <v>`: The z\n";
    let body = BODY.replace("--x  The x\n", flags).replace("d.a [--x <v>]", "d.a [--x <v>] [--y <v>] [--z <v>]");
    let (_d, t) = one(&skill(FRONT, &body));
    let a = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<(&str, bool)> = a.flags.iter().map(|f| (f.name.as_str(), f.required)).collect();
    assert_eq!(got, [("x", false), ("y", false), ("z", false)], "{:#?}", t.diagnostics);
    assert_eq!(a.flags[1].description, "Optional");
}

/// Each flag's name, whether it is required, whether it is a list, and its
/// type.
fn shapes(s: &skills_parser::skill::Skill) -> Vec<(&str, bool, bool, ValueType)> {
    s.flags.iter().map(|f| (f.name.as_str(), f.required, f.list, f.value_type)).collect()
}

/// The valid skill with its usage line and `## Flags` lines replaced.
fn with_usage_and_flags(usage: &str, flags: &str) -> (tempfile::TempDir, Tree) {
    one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", usage).replace("--x  The x\n", flags)))
}

/// The first flag of the valid skill with its Usage line and `## Flags`
/// lines replaced, and the codes of every diagnostic.
#[track_caller]
fn first_flag(usage: &str, flags: &str) -> (skills_parser::flags::Flag, Vec<Code>) {
    let (_d, t) = with_usage_and_flags(usage, flags);
    let f = t.skill("d.a").unwrap_or_else(|| panic!("{usage} / {flags}: {:#?}", t.diagnostics)).flags[0].clone();
    (f, t.diagnostics.iter().map(|d| d.code).collect())
}

#[test]
fn a_repeated_placeholder_takes_several_values() {
    let list = |usage: &str, flags: &str| {
        let (f, codes) = first_flag(usage, flags);
        (f.list, f.value_type, codes)
    };
    let string_list = (true, ValueType::String, vec![]);
    // In Usage, in each place docopt and man pages put the mark.
    for usage in
        ["d.a [--x <v>...]", "d.a [--x <v> ...]", "d.a [--x <v> [<v>...]]", "d.a [--x=<v>…]", "d.a [--x <v...>]"]
    {
        assert_eq!(list(usage, "--x  The x\n"), string_list, "{usage}");
    }
    // The flag shown repeated takes several values too, and the author is
    // told that a command gives them after one flag.
    assert_eq!(list("d.a [--x <v>]...", "--x  The x\n"), (true, ValueType::String, vec![Code::RepeatedFlag]));
    // In the Flags line.
    for flags in [
        "--x <v>...  The x\n",
        "`--x <v>...`: The x\n",
        "- `--x` <v>... - The x\n",
        "--x V...  The x\n",
        "--x <v> [<v> ...]  The x\n",
    ] {
        assert_eq!(list("d.a [--x <v>]", flags), string_list, "{flags}");
    }
    // A boolean shown repeated, and a flag without the mark, stay single.
    assert_eq!(list("d.a [--x <v>]", "--x  The x\n"), (false, ValueType::String, vec![]));
    assert!(!list("d.a [--x]...", "--x  The x\n").0);
    assert_eq!(list("d.a [--x \"...\"]", "--x  The x\n"), (false, ValueType::String, vec![]));
    // With an enum, the mark makes it multi-valued only through `One or more of:`.
    assert!(list("d.a [--x <v>...]", "--x  The x. One or more of: 1, 2\n").0);
    // A marker that declares one value wins, with a warning saying how to agree.
    for flags in ["--x  The x (type: integer)\n", "--x  The x. One of: 1, 2\n"] {
        let (is_list, _, codes) = list("d.a [--x <v>...]", flags);
        assert!(!is_list && codes == [Code::UsageMismatch], "{flags}: {codes:?}");
    }
}

#[test]
fn descriptions_on_the_next_line() {
    for flags in [
        // Definition lists (Pandoc, PHP Markdown Extra).
        "`--x <v>`\n: The x (required)\n\n`--y`\n:   The y\n",
        "--x <v>\n\n:   The x (required)\n--y\n: The y\n",
        // Man pages: indented under the flag, with or without a blank line.
        "--x <v>\n    The x (required)\n--y\n    The y\n",
        "    --x <v>\n\n        The x (required)\n\n    --y\n\n        The y\n",
    ] {
        let (_d, t) = with_usage_and_flags("d.a --x <v> [--y]", flags);
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{flags:?}: {:#?}", t.diagnostics));
        let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.description.as_str(), f.required)).collect();
        assert_eq!(got, [("x", "The x (required)", true), ("y", "The y", false)], "{flags:?}");
        assert!(t.diagnostics.is_empty(), "{flags:?}: {:#?}", t.diagnostics);
    }
    // A paragraph that is not indented is not the description of the flag above it.
    let (_d, t) = one(&with_flags("--x\n\nSome prose.\n"));
    expect(&t, Code::FlagNoDescription, ANY);
}

/// A group that holds a values clause alone is that marker: clap's help
/// writes `[possible values: a, b]` (after `[default: a]`), API references
/// `(one of: a, b)`. A group that says more, or prose values, stay prose.
#[test]
fn values_in_a_group_are_the_flags_values() {
    let v = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    for (usage, flags, list) in [
        ("d.a [--x <v>]", "--x <v>  Sort by [possible values: name, date]\n", false),
        ("d.a [--x <v>]", "--x <v>  Sort by (Possible values: `name`, `date`)\n", false),
        ("d.a [--x <v>]", "--x <v>  Sort by (one of: name, date)\n", false),
        ("d.a [--x <v>...]", "--x <v>...  Sort by [possible values: name, date]\n", true),
        ("d.a [--x <v>]", "--x <v>  Sort by (one or more of: name | date).\n", true),
    ] {
        let body =
            BODY.replace("d.a [--x <v>]", usage).replace("--x  The x\n", flags).replace("d.a --x 1", "d.a --x date");
        let (_d, t) = one(&skill(FRONT, &body));
        let x = t.skill("d.a").unwrap_or_else(|| panic!("{flags}: {:#?}", t.diagnostics)).flag("x").unwrap().clone();
        assert_eq!((x.value_type, x.values, x.list), (ValueType::Enum, v(&["name", "date"]), list), "{flags}");
        assert!(t.diagnostics.is_empty(), "{flags}: {:#?}", t.diagnostics);
    }
    // The values as a JSON or YAML list writes them.
    for flags in ["--x <v>  Sort by. One of: [name, date]\n", "--x <v>  Sort by. One of: [`name`, \"date\"]. More.\n"] {
        let (f, codes) = first_flag("d.a [--x <v>]", flags);
        assert_eq!((f.values, codes), (v(&["name", "date"]), vec![Code::ExampleInvalid]), "{flags}");
    }
    let (f, _) = first_flag("d.a [--x <v>]", "--x <v>  Sort by [default: name] [possible values: name, date]\n");
    assert_eq!((f.values, f.default), (v(&["name", "date"]), Some(v(&["name"]))));
    // The clause ends with its group: what the author wrote there is the
    // value the error names, without the `)`.
    let (_d, t) = with_usage_and_flags("d.a [--x <v>]", "--x <v>  Sort by (one of: the names)\n");
    expect(&t, Code::InvalidEnumValue, ANY);
    assert!(t.diagnostics[0].message.contains("`the names`"), "{}", t.diagnostics[0].message);
}

#[test]
fn enum_values_may_be_list_items_under_their_label() {
    let flags = "- `--format <fmt>` (required): Output format. One of:\n  - `json`: for programs\n  - \"csv\" - for spreadsheets\n  - text\n- `--mode <m>`: How to write.\n  - Possible values:\n    - `append` (default)\n    - `overwrite` — replaces the file\n  - More about it.\n- `--tags <t>...`: Labels. Allowed values: `a`, `b`.\n- `--level <l>`: Detail.\n  Valid values: `low`, `high`.\n";
    let body = BODY
        .replace("d.a [--x <v>]", "d.a --format <fmt> [--mode <m>] [--tags <t>...] [--level <l>]")
        .replace("--x  The x\n", flags)
        .replace("d.a --x 1", "d.a --format csv --mode overwrite --tags a b --level high");
    let (_d, t) = one(&skill(FRONT, &body));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let got: Vec<_> =
        s.flags.iter().map(|f| (f.name.as_str(), f.values.clone(), f.list, f.default.clone(), f.required)).collect();
    let v = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        got,
        [
            ("format", v(&["json", "csv", "text"]), false, None, true),
            ("mode", v(&["append", "overwrite"]), false, Some(v(&["append"])), false),
            // `Allowed values:` does not say how many: the `...` does.
            ("tags", v(&["a", "b"]), true, None, false),
            ("level", v(&["low", "high"]), false, None, false),
        ]
    );
    // The notes stay in the description, after the values.
    assert_eq!(
        s.flag("format").unwrap().description,
        "(required): Output format. One of: json, csv, text. (json: for programs; csv: for spreadsheets)"
    );
    // A label in the middle of prose, or items that are prose, are not values.
    let (_d, t) = one(&with_flags("--x <v>  The default values: a, b\n"));
    assert!(t.skill("d.a").unwrap().flag("x").unwrap().values.is_empty());
    let (_d, t) = one(&with_flags("- `--x <v>`: The x. Examples:\n  - use it for this\n  - `a`: or that\n"));
    let x = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics)).flag("x").unwrap().clone();
    assert!(x.values.is_empty(), "{x:?}");
}

#[test]
fn a_definition_lists_term_line_may_carry_the_type_and_markers() {
    let flags = "`--x` *string*, required\n: The x.\n\n`--n` *integer*\n: How many.\n\n`--on` `date`\n: Since when.\n\n`--y` text\n: The y, integer or not\n";
    let (_d, t) = with_usage_and_flags("d.a --x <v> [--n <v>] [--on <v>] [--y <v>]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.required)).collect();
    assert_eq!(
        got,
        [
            ("x", ValueType::String, true),
            ("n", ValueType::Integer, false),
            ("on", ValueType::Date, false),
            ("y", ValueType::String, false)
        ]
    );
    // The term line ends a sentence; a description that goes on under it
    // keeps its own words.
    assert_eq!(s.flag("n").unwrap().description, "*integer*. How many.");
    assert_eq!(s.flag("y").unwrap().description, "text. The y, integer or not");
}

#[test]
fn flags_named_without_dashes_as_api_references_write_them() {
    let usage = "d.a --x <v> [--tags <t>...] [--on]";
    for flags in [
        "| Name | Type | Required | Description |\n|---|---|---|---|\n| `x` | string | yes | The x |\n| tags | string[] | | Tags |\n| **on** | boolean | | On |\n",
        "- `x` (string, required): The x\n- `tags` <t>...: Tags\n- **on** (boolean): On\n",
        "* x (required): The x\n* tags (string list): Tags\n* on (boolean flag): On\n",
        // The markers in emphasis, before a dash or a colon.
        "- **x** *(required)* — The x\n- `tags` _(string list)_: Tags\n- **on** *(boolean)* — On\n",
        // Each marker of a group in a code span or emphasis.
        "- `x` (`string`, **required**): The x\n- `tags` (`string list`): Tags\n- `on` (`boolean`): On\n",
        // A Python docstring's `Args:`, not a list: a name, a group of
        // markers only, a colon; a deeper line goes on with the description.
        "Args:\n    x (str, required): The x\n    tags (list[str]): Tags,\n        as many as needed.\n    on (bool): On\n",
    ] {
        let body =
            BODY.replace("d.a [--x <v>]", usage).replace("## Flags", "## Parameters").replace("--x  The x\n", flags);
        let (_d, t) = one(&skill(FRONT, &body));
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{flags}: {:#?}", t.diagnostics));
        assert_eq!(
            shapes(s),
            [
                ("x", true, false, ValueType::String),
                ("tags", false, true, ValueType::String),
                ("on", false, false, ValueType::Boolean)
            ],
            "{flags}"
        );
        assert!(t.diagnostics.is_empty(), "{flags}: {:#?}", t.diagnostics);
    }
    // Each line is read on its own: a line that writes `--flag` (here, or
    // in prose) changes nothing about how the others read. A required
    // bare-named flag stays required beside a prose mention of `--verbose`.
    let (_d, t) = one(&with_flags("--x  The x\nUse `--verbose` for more.\n- `y`: read as a flag (required)\n"));
    let names: Vec<_> = t.skill("d.a").unwrap().flags.iter().map(|f| (f.name.as_str(), f.required)).collect();
    assert_eq!(names, [("x", false), ("y", true)]);
    // Bullets without a separator or marker group are prose.
    // (Usage's `--x` is then read from Usage alone.)
    let (_d, t) = one(&with_flags("- `none`\n- see the note below (if any)\n"));
    assert!(t.skill("d.a").is_none_or(|s| s.flags.iter().all(|f| f.name == "x")), "{:#?}", t.skill("d.a"));
    // Outside a list, a group that is not all markers is prose.
    let (_d, t) = one(&with_flags("note (see below): the x is optional\nx (optional): The x\n"));
    let names: Vec<_> = t.skill("d.a").unwrap().flags.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["x"]);
}

#[test]
fn an_example_using_a_flag_alone_suggests_marking_it_boolean() {
    // Nothing but the example says whether `--on` takes a value: it is
    // read as the example gives it, a switch, and said so.
    let body = BODY.replace("--x  The x\n", "--x  The x\n--on  Turn it on\n").replace("d.a --x 1", "d.a --x 1 --on");
    let (_d, t) = one(&skill(FRONT, &body));
    let on = t.skill("d.a").unwrap().flags[1].clone();
    assert_eq!((on.value_type, on.sources.value_type.origin), (ValueType::Boolean, skills_parser::Origin::Example));
    assert!(t.diagnostics.iter().any(|d| d.code == Code::UntypedFlag && d.message.contains("give it none")));
    // A flag stated to take text, given alone: the example is wrong, and
    // the hint says how to make it a switch.
    let body = BODY
        .replace("--x  The x\n", "--x  The x\n--on  Turn it on (type: string)\n")
        .replace("d.a --x 1", "d.a --x 1 --on");
    let (_d, t) = one(&skill(FRONT, &body));
    expect(&t, Code::ExampleInvalid, ANY);
    assert!(hint_of(&t, Code::ExampleInvalid).starts_with("if `--on` takes no value, mark it `(boolean flag)`"));
    // A shell comment after an example, its `#` in the word (`# one`, a
    // word of its own, is refused before reading, as the router does).
    let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a --x 1", "d.a --x 1   #one")));
    assert!(hint_of(&t, Code::ExampleInvalid).starts_with("`#` does not start a comment in a command"));
}

#[test]
fn properties_listed_under_a_flag_are_its_markers() {
    let flags = "- `--x`\n  - Type: integer\n  - Required: yes\n  - The x\n- `--tags` <t>...\n  - Description: Tags\n  - Values: a, b\n  - Default: a\n- `--on`\n  - Type: boolean\n  - Note: only on weekdays\n";
    let (_d, t) = with_usage_and_flags("d.a --x <v> [--tags <t>...] [--on]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.type_summary())).collect();
    assert_eq!(
        got,
        [
            ("x", "required integer".to_string()),
            ("tags", "list of enum (a, b), default: a".to_string()),
            ("on", "boolean".to_string())
        ]
    );
    assert_eq!(s.flags[2].description, "Note: only on weekdays");
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);

    // A property line is a sentence: its closing period is not part of the
    // value (before, `Default: 20.` was the default `20.`, not an integer,
    // and failed the skill).
    let flags = "--limit <n>\n    Maximum number of results.\n    Default: 20.\n\
                 --sort <field>\n    How to order them.\n    Type: string.\n    Default: `updated`.\n\
                 --note <text>\n    Description: A note. Kept as written.\n";
    let (_d, t) = with_usage_and_flags("d.a [--limit <n>] [--sort <field>] [--note <text>]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.type_summary())).collect();
    assert_eq!(
        got,
        [
            ("limit", "integer, default: 20".to_string()),
            ("sort", "string, default: updated".to_string()),
            ("note", "string".to_string())
        ]
    );
    assert_eq!(s.flags[2].description, "A note. Kept as written.");
}

#[test]
fn all_problems_of_a_tree_in_one_run() {
    let bad1 = skill("name: d.a\ndescription: x\nschedule: nope\n", BODY);
    let bad2 = "---\nname: d.b\n";
    let (_d, t) = build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", bad1.as_bytes()), ("d/b.md", bad2.as_bytes())]);
    assert!(has(&t, Code::InvalidSchedule, 4) && has(&t, Code::UnclosedFrontmatter, 1));
    // A schedule in words is told the cron it means.
    let (_d, t) = one(&skill("name: d.a\ndescription: x\nschedule: every 10 minutes\n", BODY));
    assert_eq!(hint_of(&t, Code::InvalidSchedule), "write it as cron: `schedule: \"*/10 * * * *\"`");
}

#[test]
fn an_excluded_skill_still_has_its_examples_checked() {
    // The schedule error excludes the skill; its broken example is a second,
    // independent problem and is reported in the same run.
    let text = skill("name: d.a\ndescription: x\nschedule: \"0 8 * *\"\n", &BODY.replace("d.a --x 1", "d.a --y 1"));
    let (_d, t) = one(&text);
    assert!(t.skill("d.a").is_none(), "{:#?}", t.diagnostics);
    expect(&t, Code::InvalidSchedule, 4);
    expect(&t, Code::ExampleInvalid, 19);
    // ... but not when the flags themselves failed: that would be noise.
    let text = skill(FRONT, &with_flags("--x\n").replace("d.a --x 1", "d.a --x"));
    let (_d, t) = one(&text);
    assert!(!has(&t, Code::ExampleInvalid, ANY), "{:#?}", t.diagnostics);
}

/// An example may call another skill of the tree; it is checked against
/// that skill's flags.
#[test]
fn examples_calling_other_skills_are_checked_against_theirs() {
    let a = skill("name: d.a\ndescription: a\naliases: [do_a]\n", BODY);
    // d.b has no flags; its example (line 14) calls another skill.
    let calls = |example: &str| {
        skill("name: d.b\ndescription: b\n", &format!("\n# d.b\n\n## Usage\n\nd.b\n\n## Examples\n\n{example}\n"))
    };
    let tree = |b: &str| build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", a.as_bytes()), ("d/b.md", b.as_bytes())]);
    for good in ["d.a --x 1", "d.b"] {
        let (_d, t) = tree(&calls(good));
        assert!(
            !has(&t, Code::ExampleInvalid, ANY) && !has(&t, Code::ExampleUnknownSkill, ANY),
            "{good}: {:#?}",
            t.diagnostics
        );
    }
    let (_d, t) = tree(&calls("d.a --y 1"));
    expect(&t, Code::ExampleInvalid, 14);
    assert!(t.diagnostics.iter().any(|d| d.message.contains("flags of `d.a`")), "{:#?}", t.diagnostics);
    let (_d, t) = tree(&calls("d.c --x 1"));
    expect(&t, Code::ExampleUnknownSkill, 14);
}

/// Examples that call their own skill are checked with their file, so the
/// load cache keeps what they gave; the problems are the same from a file
/// parsed again and from one the cache kept, for examples that call their
/// own skill and for those that call another, and a skill left out for a
/// name clash reports none of its examples' problems.
#[test]
fn example_problems_are_the_same_from_the_load_cache() {
    let with_examples = |front: &str, name: &str, examples: &str| {
        skill(front, &format!("\n# {name}\n\n## Usage\n\n{name}\n\n## Examples\n\n{examples}\n"))
    };
    // d.b's alias is the domain's name: d.b is left out, and its bad example
    // is not reported.
    let b = with_examples("name: d.b\ndescription: b\naliases: [d]\n", "d.b", "d.b --nope 1");
    // d.c: its own bad example (line 14), one calling d.a wrongly (line 15),
    // one calling a skill that does not exist (line 16).
    let c = with_examples("name: d.c\ndescription: c\n", "d.c", "d.c --nope 1\nd.a --y 1\nd.zz");
    let a = skill(FRONT, BODY);
    let files: [(&str, &[u8]); 4] = [
        ("d/SKILL.md", INDEX.as_bytes()),
        ("d/a.md", a.as_bytes()),
        ("d/b.md", b.as_bytes()),
        ("d/c.md", c.as_bytes()),
    ];
    let (dir, fresh) = build(&files);
    let render = |t: &Tree| t.diagnostics.iter().map(|d| d.render()).collect::<Vec<_>>();
    let mut cache = skills_parser::LoadCache::default();
    let first = skills_parser::load_cached(dir.path(), &LoadOptions::default(), &mut cache);
    let again = skills_parser::load_cached(dir.path(), &LoadOptions::default(), &mut cache);
    assert_eq!(render(&first), render(&again));
    assert_eq!(render(&first), render(&fresh));
    expect(&first, Code::DuplicateAlias, ANY);
    let examples: Vec<(Code, usize, bool)> = first
        .diagnostics
        .iter()
        .filter(|d| matches!(d.code, Code::ExampleInvalid | Code::ExampleUnknownSkill))
        .map(|d| (d.code, d.line, d.file.ends_with("c.md")))
        .collect();
    assert_eq!(
        examples,
        [(Code::ExampleInvalid, 14, true), (Code::ExampleInvalid, 15, true), (Code::ExampleUnknownSkill, 16, true)],
        "{:#?}",
        first.diagnostics
    );
}

/// Files are read whole however large, up to the limit, whether the tree is
/// small (read on the calling thread) or large (on several threads, each
/// reading through one buffer it keeps): a file larger than the buffer's
/// first size, one of exactly the limit, and small ones read after them.
#[test]
fn large_files_are_read_whole_in_small_and_large_trees() {
    let limit = skills_parser::tree::MAX_FILE_SIZE as usize;
    let sized = |name: &str, size: usize| {
        let head = skill(&format!("name: {name}\ndescription: Skill {name}\n"), &BODY.replace("d.a", name));
        let tail = "\nLAST LINE\n";
        let pad = size - head.len() - 1 - tail.len();
        let text = format!("{head}\n{}{tail}", &"word ".repeat(pad / 5 + 1)[..pad]);
        assert_eq!(text.len(), size);
        text
    };
    for small_files in [3usize, 300] {
        let mut files = vec![("d/SKILL.md".to_string(), INDEX.to_string())];
        files.push(("d/big.md".to_string(), sized("d.big", 100 * 1024)));
        files.push(("d/limit.md".to_string(), sized("d.limit", limit)));
        for i in 0..small_files {
            files.push((
                format!("d/s{i}.md"),
                skill(&format!("name: d.s{i}\ndescription: Small {i}\n"), &BODY.replace("d.a", &format!("d.s{i}"))),
            ));
        }
        let refs: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (p.as_str(), t.as_bytes())).collect();
        let (_d, t) = build(&refs);
        assert!(t.diagnostics.iter().all(|d| !d.is_error()), "{:#?}", t.diagnostics);
        for name in ["d.big", "d.limit"] {
            let body = &t.skill(name).unwrap_or_else(|| panic!("{name} missing")).body;
            assert!(body.trim_end().ends_with("LAST LINE"), "{name}: body ends {:?}", &body[body.len() - 40..]);
        }
        assert_eq!(t.skills.len(), small_files + 2);
        for i in 0..small_files {
            assert_eq!(t.skill(&format!("d.s{i}")).unwrap().description, format!("Small {i}"));
        }
    }
}

#[test]
fn hostile_inputs_never_panic() {
    let inputs: Vec<Vec<u8>> = vec![
        b"---\n---\n".to_vec(),
        b"---\n: :\n---\n".to_vec(),
        b"---\nname: &a [*a]\n---\n".to_vec(),
        b"---\nname: d.a\ndescription: x\n---\n## Flags\n--x (default:\n".to_vec(),
        b"---\nname: d.a\ndescription: x\n---\n## Flags\n- `--x\n--y <\n--z ((((\n".to_vec(),
        b"\xef\xbb\xbf---\nname: d.a\ndescription: x\n---\n".to_vec(),
        vec![0u8; 100],
        "---\nname: d.a\ndescription: ☃\n---\n## Usage\nd.a [[[--x\n## Examples\nd.a 'unterminated\n"
            .as_bytes()
            .to_vec(),
    ];
    for input in inputs {
        let (_d, t) = build(&[("d/SKILL.md", INDEX.as_bytes()), ("d/a.md", &input)]);
        let _ = t.diagnostics.len();
    }
}

/// Found by fuzzing: a file that is only a frontmatter fence pair reported
/// a missing section on line 3 of a two-line file.
#[test]
fn diagnostics_never_point_past_the_last_line() {
    let parsed = skills_parser::parse_skill(std::path::Path::new("x/act.md"), "x", "act", "---\n---");
    assert!(!parsed.diagnostics.is_empty());
    for d in &parsed.diagnostics {
        assert!(d.line <= 2, "{d}");
    }
}

#[test]
fn frontmatter_problems_are_said_once_and_for_the_author() {
    let count = |tree: &Tree, code: Code| tree.diagnostics.iter().filter(|d| d.code == code).count();
    let message_of = |tree: &Tree, code: Code| {
        tree.diagnostics.iter().find(|d| d.code == code).map(|d| d.message.clone()).unwrap_or_default()
    };

    // A repeated key names the key and the other line, not the YAML
    // library's options.
    let (_d, t) = one(&skill("name: d.a\ndescription: Does a\nname: d.b\n", BODY));
    expect(&t, Code::InvalidYaml, 4);
    assert_eq!(message_of(&t, Code::InvalidYaml), "`name` is given twice");
    assert_eq!(hint_of(&t, Code::InvalidYaml), "keep one `name:` line (the other is line 2); a key may appear once");

    // Aliases that expand without bound, and nesting without end, are
    // refused with what to write instead, not the parser's limit names.
    let mut bomb = String::from("name: d.a\ndescription: Does a\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..12 {
        let p = i - 1;
        bomb.push_str(&format!("l{i}: &l{i} [*l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}]\n"));
    }
    let (_d, t) = one(&skill(&bomb, BODY));
    expect(&t, Code::InvalidYaml, ANY);
    assert!(
        hint_of(&t, Code::InvalidYaml).contains("without anchors and aliases"),
        "{}",
        hint_of(&t, Code::InvalidYaml)
    );
    assert!(!message_of(&t, Code::InvalidYaml).contains("budget"), "{}", message_of(&t, Code::InvalidYaml));
    let deep = format!("name: d.a\ndescription: Does a\nk: {}{}\n", "[".repeat(3000), "]".repeat(3000));
    let (_d, t) = one(&skill(&deep, BODY));
    expect(&t, Code::InvalidYaml, 4);
    assert!(message_of(&t, Code::InvalidYaml).contains("nests"), "{}", message_of(&t, Code::InvalidYaml));

    // A description (or name) that is not text is one error where it
    // stands, not also "missing".
    let (_d, t) = one(&skill("name: d.a\ndescription: [Beta, Does a]\n", BODY));
    expect(&t, Code::InvalidField, 3);
    assert_eq!(count(&t, Code::MissingDescription), 0);
    let (_d, t) = one(&skill("name: [d.a]\ndescription: Does a\n", BODY));
    expect(&t, Code::InvalidField, 2);
    assert_eq!(count(&t, Code::MissingName), 0);

    // An empty description is called empty, on its own line.
    let (_d, t) = one(&skill("name: d.a\ndescription:\n", BODY));
    expect(&t, Code::MissingDescription, 3);
    assert_eq!(message_of(&t, Code::MissingDescription), "the `description` is empty");
    let (_d, t) = one(&skill("name: d.a\n", BODY));
    assert_eq!(message_of(&t, Code::MissingDescription), "the frontmatter has no `description`");
}

#[test]
fn yaml_slips_get_the_line_that_parses() {
    // (frontmatter after `name:`, line of the diagnostic, hint)
    let cases: &[(&str, usize, &str)] = &[
        ("description: Send mail: fast\n", 3, "quote the value: `description: \"Send mail: fast\"`"),
        ("description: @mention people\n", 3, "quote the value: `description: \"@mention people\"`"),
        ("description: *bold* text\n", 3, "quote the value: `description: \"*bold* text\"`"),
        ("description: {x} things\n", 3, "quote the value: `description: \"{x} things\"`"),
        ("description:Does a\n", 3, "put a space after the colon: `description: Does a`"),
        // The name is known from the path.
        ("name: [d.a\n", 2, "write the name the path gives: `name: d.a`"),
        (
            "description: 'It's a'\n",
            3,
            "quote with double quotes, since the value holds a quote: `description: \"It's a\"`",
        ),
        // Reported where the parser gives up, a line on; pointed back.
        ("description: \"Does a\ntags: [x]\n", 3, "close the quote: `description: \"Does a\"`"),
        ("description: Does a\n  tags: [x]\n", 4, "remove the indentation: `tags: [x]`"),
        ("description: Does a\neligibility:\n\tos: [linux]\n", 5, "indent with spaces, not tabs: `  os: [linux]`"),
    ];
    for &(front, line, hint) in cases {
        let front = if front.starts_with("name:") {
            format!("{front}description: Does a\n")
        } else {
            format!("name: d.a\n{front}")
        };
        let (_d, t) = one(&skill(&front, BODY));
        assert!(has(&t, Code::InvalidYaml, line), "{front:?}: {:?}", t.diagnostics);
        assert_eq!(hint_of(&t, Code::InvalidYaml), hint, "{front:?}");
    }
    // A list left open is closed; text that opens like one is quoted.
    let (_d, t) = one(&skill("name: d.a\ndescription: Does a\ntags: [x, y\n", BODY));
    assert_eq!(hint_of(&t, Code::InvalidYaml), "close the list: `tags: [x, y]`");
    let (_d, t) = one(&skill("name: d.a\ndescription: [Beta\n", BODY));
    assert_eq!(hint_of(&t, Code::InvalidYaml), "quote the value: `description: \"[Beta\"`");
    // No fix is offered that would not parse either.
    let (_d, t) = one(&skill("name: d.a\ndescription: Does a\n  - x\n y: [\n", BODY));
    assert!(hint_of(&t, Code::InvalidYaml).starts_with("fix the YAML syntax"), "{}", hint_of(&t, Code::InvalidYaml));
}

#[test]
fn required_and_optional_may_be_sentences_of_their_own() {
    let required = |usage: &str, flags: &str| {
        let (f, codes) = first_flag(usage, flags);
        (f.required, codes)
    };
    for flags in [
        "--x <v>  Required. The x.\n",
        "--x <v>  The x. Required.\n",
        "1. `--x <v>` — The x. **Required.**\n",
        "- `--x` (string): *Required*. The x\n",
        "--x <v>  The x (**required**)\n",
        // Emphasis closing after the period still ends the sentence.
        "- `--x <v>` — **Required.** The x.\n",
        "- `--x <v>` — _Required._ The x.\n",
    ] {
        assert_eq!(required("d.a --x <v>", flags), (true, vec![]), "{flags}");
    }
    // A default given as a decimal number is unmistakable too.
    let (f, codes) = first_flag("d.a [--x <r>]", "--x <r>  A ratio (type: number). Default 0.5.\n");
    assert_eq!((f.default.as_deref(), codes), (Some(&["0.5".to_string()][..]), vec![]));
    for flags in ["--x <v>  Optional. The x.\n", "--x <v>  The x is required for sending.\n"] {
        assert_eq!(required("d.a [--x <v>]", flags), (false, vec![]), "{flags}");
    }
}

#[test]
fn a_flag_missing_from_usage_gets_the_usage_word_it_needs() {
    let hint = |flags: &str| hint_of(&one(&with_flags(flags)).1, Code::FlagNotInUsage).to_string();
    assert_eq!(hint("--x  The x\n--z <n>  The z\n"), "add `[--z <n>]` to the usage line");
    assert_eq!(hint("--x  The x\n--z <n>  The z (required)\n"), "add `--z <n>` to the usage line");
    assert_eq!(hint("--x  The x\n--z  The z (boolean flag)\n"), "add `[--z]` to the usage line");
}

#[test]
fn options_in_usage_enum_types_and_capitalized_keys_are_understood() {
    let text = "---\nName: d.a\nDescription: Does a\n---\n\n# d.a\n\n## Synopsis\n\n    d.a [OPTIONS]\n\n## Options\n\n| Flag | Type | Required | Default | Description |\n|---|---|---|---|---|\n| `--name` | string | yes | | Who |\n| `--tier` | enum: gold, silver | no | silver | Tier |\n| `--kind` | `\"a\" \\| \"b\"` | no | | Kind |\n\n## Examples\n\n    d.a --name x --tier gold --kind b\n";
    let (_dir, tree) = one(text);
    let s = tree.skill("d.a").unwrap_or_else(|| panic!("{:#?}", tree.diagnostics));
    // `[OPTIONS]` stands for every flag: nothing is missing from Usage, and
    // hints show a usage line made from the flags.
    assert!(!has(&tree, Code::FlagNotInUsage, usize::MAX), "{:#?}", tree.diagnostics);
    assert!(s.usage.any_flags);
    assert_eq!(s.usage_line(), "d.a --name <name> [--tier <tier>] [--kind <kind>]");
    // An enum written as the type is an enum.
    let tier = s.flag("tier").unwrap();
    assert_eq!((tier.value_type, tier.values.clone()), (ValueType::Enum, vec!["gold".to_string(), "silver".into()]));
    assert_eq!(s.flag("kind").unwrap().values, ["a", "b"]);
    // `Name:` and `Description:` are read, with a warning each at their line.
    assert_eq!(s.description, "Does a");
    let keys: Vec<(usize, String)> =
        tree.diagnostics.iter().filter(|d| d.code == Code::UnknownKey).map(|d| (d.line, d.message.clone())).collect();
    assert_eq!(
        keys,
        [
            (2, "frontmatter key `Name` is read as `name`".to_string()),
            (3, "frontmatter key `Description` is read as `description`".into())
        ]
    );
    // Given both ways, the lower-case key is the one read.
    let (_dir, both) = one(&skill("name: d.a\nName: d.b\ndescription: Does a\n", BODY));
    assert!(both.skill("d.a").is_some());
    expect(&both, Code::UnknownKey, 3);
}

#[test]
fn a_flag_may_be_a_heading_with_its_description_under_it() {
    let flags = "### `--x <v>...`\n\nThe x values.\n\nMore about them. Required.\n\n### --limit\n\n- Type: integer\n- Default: 5\n\n--flag  A plain flag line after them\n";
    let (_d, t) = with_usage_and_flags("d.a --x <v>... [--limit <n>] [--flag]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let x = s.flag("x").unwrap();
    assert!(x.list && x.required, "{x:?}");
    assert_eq!(x.description, "The x values. More about them. Required.");
    assert_eq!((x.line, x.column), (14, 5), "the flag's place in its heading");
    let limit = s.flag("limit").unwrap();
    assert_eq!((limit.value_type, limit.default.clone()), (ValueType::Integer, Some(vec!["5".to_string()])));
    assert_eq!(s.flag("flag").unwrap().value_type, ValueType::Boolean);
    // A heading that is a flag with a bad name says so, at the heading.
    let (_d, t) = one(&with_flags("--x  The x\n\n### `--Bad`\n\nText.\n"));
    expect(&t, Code::InvalidFlagName, 16);
}

#[test]
fn several_usage_lines_are_alternative_forms() {
    // `--x` and `--y` each appear in one form only: neither is required by
    // Usage, so nothing disagrees with Flags, which makes both optional.
    let flags = "--x  The x\n--y <v>  The y\n";
    let (_d, t) = with_usage_and_flags("d.a --x <v>\nd.a --y <v>", flags);
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    assert!(t.skill("d.a").unwrap().usage.flags.iter().all(|f| f.optional));
    // Shown without brackets in every form, it is required by Usage, which
    // is the only statement of it.
    let (_d, t) = with_usage_and_flags("d.a --x <v>\nd.a --x <v> --y <v>", flags);
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let x = t.skill("d.a").unwrap().flags[0].clone();
    assert_eq!(
        (x.required, x.sources.required.origin, x.sources.required.line),
        (true, skills_parser::Origin::Usage, 10)
    );
    // Against a statement that it is optional, Usage is told to agree.
    let (_d, t) = with_usage_and_flags("d.a --x <v>\nd.a --x <v> --y <v>", "--x  The x (optional)\n--y <v>  The y\n");
    expect(&t, Code::UsageMismatch, 10);
    assert_eq!(t.diagnostics.iter().filter(|d| d.code == Code::UsageMismatch).count(), 1, "{:#?}", t.diagnostics);
}

/// A flag's name, type, list, required, values and default.
type FlagShape = (String, ValueType, bool, bool, Vec<String>, Option<Vec<String>>);

#[test]
fn flags_may_be_declared_in_the_frontmatter() {
    let flags = |t: &Tree| -> Vec<FlagShape> {
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
        s.flags
            .iter()
            .map(|f| (f.name.clone(), f.value_type, f.list, f.required, f.values.clone(), f.default.clone()))
            .collect()
    };
    let v = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let expected = vec![
        ("query".to_string(), ValueType::String, false, true, vec![], None),
        ("scope".to_string(), ValueType::Enum, false, false, v(&["docs", "api"]), Some(v(&["api"]))),
        ("limit".to_string(), ValueType::Integer, false, false, vec![], Some(v(&["5"]))),
        ("tags".to_string(), ValueType::String, true, false, vec![], None),
        ("since".to_string(), ValueType::Date, false, false, vec![], None),
        ("exact".to_string(), ValueType::Boolean, false, false, vec![], None),
    ];
    let examples = "\n# d.a\n\nSearches.\n\n## Examples\n\nd.a --query x --scope docs --tags a b --exact\n";
    // Read with no diagnostic, into the expected flags.
    let reads_as_expected = |front: &str| {
        let (_d, t) = one(&skill(front, examples));
        assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
        assert_eq!(flags(&t), expected);
        t
    };
    // As a list of parameters (other skill formats).
    let list = "name: d.a\ndescription: Does a\nparameters:\n  - name: query\n    type: string\n    description: What to find\n    required: true\n  - name: scope\n    type: string\n    enum: [docs, api]\n    default: api\n  - name: limit\n    type: integer\n    default: 5\n  - name: tags\n    type: array\n    items: {type: string}\n  - name: since\n    type: string\n    format: date\n  - name: exact\n    type: boolean\n";
    let t = reads_as_expected(list);
    // The help page shows them as if written: Usage and Flags, before Examples.
    let s = t.skill("d.a").unwrap();
    assert_eq!(
        s.usage.lines,
        ["d.a --query <query> [--scope <scope>] [--limit <limit>] [--tags <tags>...] [--since <since>] [--exact]"]
    );
    let usage = s.body.find("## Usage\n\nd.a --query <query>").expect(&s.body);
    let flags_at = s.body.find("## Flags\n\n--query  What to find (type: string, required)\n").expect(&s.body);
    assert!(usage < flags_at && flags_at < s.body.find("## Examples").unwrap(), "{}", s.body);

    // As a JSON Schema object (tool definitions).
    let schema = "name: d.a\ndescription: Does a\nflags:\n  type: object\n  properties:\n    query: {type: string, description: What to find}\n    scope: {type: string, enum: [docs, api], default: api}\n    limit: {type: integer, default: 5}\n    tags: {type: array, items: {type: string}}\n    since: {type: string, format: date}\n    exact: {type: boolean}\n  required: [query]\n";
    reads_as_expected(schema);

    // The same with the other ways JSON Schema writes them: a nullable type
    // as a list, an array's values under `items.enum`, values as an
    // `anyOf` of `const`s.
    let other = "name: d.a\ndescription: Does a\nflags:\n  type: object\n  properties:\n    query: {type: [string, \"null\"], description: What to find}\n    scope: {anyOf: [{const: docs}, {const: api}], default: api}\n    limit: {type: [\"null\", integer], default: 5}\n    tags: {type: array, items: {type: string}}\n    since: {type: string, format: date}\n    exact: {type: boolean}\n  required: [query]\n";
    reads_as_expected(other);
    // An array's values under `items.enum` (an empty `oneOf` beside them
    // lists nothing).
    let kinds = "name: d.a\ndescription: Does a\nparameters:\n  kinds:\n    type: array\n    items: {type: string, enum: [bug, chore]}\n    oneOf: []\n";
    let (_d, t) = one(&skill(kinds, "\n# d.a\n\n## Examples\n\nd.a --kinds bug chore\n"));
    let f = &t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics)).flags[0];
    assert_eq!((f.value_type, f.list, f.values.clone()), (ValueType::Enum, true, v(&["bug", "chore"])));

    // As a mapping from each flag's name to its entry.
    let by_name = "name: d.a\ndescription: Does a\nparameters:\n  query: {type: string, description: What to find, required: true}\n  scope: {type: string, enum: [docs, api], default: api}\n  limit: {type: integer, default: 5}\n  tags: {type: array, items: {type: string}}\n  since: {type: string, format: date}\n  exact: {type: boolean}\n";
    reads_as_expected(by_name);
    // A flag may be named `type` there (a schema's `type: object` is text).
    let typed = "name: d.a\ndescription: Does a\nparameters:\n  type: {type: string, enum: [a, b]}\n";
    let (_d, t) = one(&skill(typed, "\n# d.a\n\n## Examples\n\nd.a --type a\n"));
    assert_eq!(t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics)).flags[0].values, v(&["a", "b"]));
    // A mapping that is neither is still reported.
    let neither = "name: d.a\ndescription: Does a\nparameters:\n  type: object\n";
    expect(&one(&skill(neither, BODY)).1, Code::InvalidField, 5);

    // Problems point at the entry.
    let bad =
        "name: d.a\ndescription: Does a\nparameters:\n  - query\n  - name: Bad Name\n  - name: x\n    type: strang\n";
    let (_d, t) = one(&skill(bad, BODY));
    expect(&t, Code::InvalidField, 5);
    expect(&t, Code::InvalidFlagName, 6);
    expect(&t, Code::InvalidType, 8);
    // A flag declared in both places is a duplicate.
    assert!(has(&t, Code::DuplicateFlag, ANY), "{:#?}", t.diagnostics);
}

/// Numbers listed as a flag's values make an enum of those words, in
/// frontmatter (`{type: integer, enum: [1, 2, 3]}`), in `## Flags` and in a
/// table; it was a conflict of `(type: integer)` and `One of:`, which
/// excluded the skill.
#[test]
fn numbers_listed_as_values_make_an_enum() {
    let v = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let levels = "name: d.a\ndescription: Does a\nparameters:\n  level: {type: integer, enum: [1, 2, 3], default: 2}\n";
    let (_d, t) = one(&skill(levels, "\n# d.a\n\n## Examples\n\nd.a --level 3\n"));
    let f = &t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics)).flags[0];
    assert_eq!(
        (f.value_type, f.values.clone(), f.default.clone()),
        (ValueType::Enum, v(&["1", "2", "3"]), Some(v(&["2"])))
    );
    // The same in `## Flags` and in a table.
    let (f, codes) = first_flag("d.a [--x <v>]", "--x  Level (type: integer). One of: 1, 2, 3\n");
    assert_eq!((f.value_type, f.values.clone(), codes.as_slice()), (ValueType::Enum, v(&["1", "2", "3"]), &[][..]));
    let table = "| Flag | Type | Description |\n|---|---|---|\n| `--x` | number | Ratio. One of: 0.5, 1.5 |\n";
    assert_eq!(first_flag("d.a [--x <v>]", table).0.values, v(&["0.5", "1.5"]));
    // Values of another type still disagree with the type.
    let (_d, t) = with_usage_and_flags("d.a [--x <v>]", "--x  Level (type: integer). One of: low, high\n");
    assert!(t.diagnostics.iter().any(|d| d.code == Code::ConflictingMarkers), "{:#?}", t.diagnostics);
}

/// A flag line without a placeholder, among lines that write one, is a
/// switch (as in a man page); where no line writes one, nothing says so and
/// the flag stays a string.
#[test]
fn a_bare_flag_among_flags_with_placeholders_is_a_switch() {
    let types = |flags: &str| {
        let (_d, t) = with_usage_and_flags("d.a [options]", flags);
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
        s.flags.iter().map(|f| (f.name.clone(), f.value_type)).collect::<Vec<_>>()
    };
    assert_eq!(
        types("--x <v>  The x\n--archived  Include archived ones\n"),
        [("x".into(), ValueType::String), ("archived".into(), ValueType::Boolean)]
    );
    assert_eq!(
        types("--x: The x\n--archived: Include archived ones\n"),
        [("x".into(), ValueType::String), ("archived".into(), ValueType::String)]
    );
    // `(default: false)` is what an absent switch means: still a switch,
    // from Usage or among placeholders.
    assert_eq!(
        types("--x <v>  The x\n--dry  Pretend. Default: `false`.\n--wet  Really (default: false)\n"),
        [("x".into(), ValueType::String), ("dry".into(), ValueType::Boolean), ("wet".into(), ValueType::Boolean)]
    );
    // A default or an explicit type still decides.
    assert_eq!(
        types("--x <v>  The x\n--mode  How (default: `fast`)\n--n  How many (type: integer)\n"),
        [("x".into(), ValueType::String), ("mode".into(), ValueType::String), ("n".into(), ValueType::Integer)]
    );
    // A required flag, or one whose prose names its values, takes a value
    // (the values then get the `prose-enum` warning).
    assert_eq!(
        types("--x <v>  The x\n--format  Output, `json` or `text`\n--name  Who (required)\n"),
        [("x".into(), ValueType::String), ("format".into(), ValueType::String), ("name".into(), ValueType::String)]
    );
    let (_d, t) = with_usage_and_flags("d.a [options]", "--x <v>  The x\n--format  Output, `json` or `text`\n");
    expect(&t, Code::ProseEnum, 15);
}

/// Defaults written in words: in a group (`(default 5)`, `(defaults to
/// `asc`)`) or as a sentence of their own (`Default: 1.`), when the value
/// cannot be prose; `Defaults to today.` stays prose, with its warning.
#[test]
fn defaults_written_in_words_are_read_when_the_value_is_unmistakable() {
    let default = |flag: &str| {
        let (f, codes) = first_flag("d.a [--x <v>]", &format!("{flag}\n"));
        (f.default, codes.contains(&Code::ProseDefault))
    };
    let some = |v: &str| (Some(vec![v.to_string()]), false);
    assert_eq!(default("--x <n>  How many (default 5)"), some("5"));
    assert_eq!(default("--x <n>  How many (default=5)"), some("5"));
    assert_eq!(default("--x <key>  Sort key (defaults to `name`)"), some("name"));
    assert_eq!(default("--x <key>  Sort key. Defaults to `name`."), some("name"));
    assert_eq!(default("--x <n>  Page. Default: 1."), some("1"));
    assert_eq!(default("--x <n>  Page. **Default:** `1`"), some("1"));
    assert_eq!(default("--x <key>  Sort key. Default: `sort_key`."), some("sort_key"));
    assert_eq!(default("--x <date>  Since. Defaults to today."), (None, true));
    assert_eq!(default("--x <name>  Owner (defaults to the signed-in user)"), (None, true));
}

/// A one-letter spelling beside a flag (`-n, --name`, `--name, -n`, in
/// backticks or a table cell) is the flag's short spelling: examples may use
/// it, and Usage may show it (`[-n NAME]`) for the flag.
#[test]
fn short_spellings_beside_a_flag_name_it() {
    let shorts = |usage: &str, flags: &str, example: &str| {
        let body = format!("\n# d.a\n\n## Usage\n\n{usage}\n\n## Flags\n\n{flags}\n## Examples\n\n{example}\n");
        let (_d, t) = one(&skill(FRONT, &body));
        let flags = t.skill("d.a").map_or_else(Vec::new, |s| {
            s.flags.iter().map(|f| (f.name.clone(), f.short, f.value_type)).collect::<Vec<_>>()
        });
        (flags, t.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>())
    };
    let (flags, codes) = shorts(
        "d.a [-n NAME] [-v]",
        "- `-n`, `--name <name>`: The name\n- `--verbose, -v`: More\n",
        "d.a -n x -v\nd.a --name=x",
    );
    assert_eq!(
        flags,
        [("name".into(), Some('n'), ValueType::String), ("verbose".into(), Some('v'), ValueType::Boolean)]
    );
    assert!(codes.is_empty(), "{codes:?}");
    // In backticks after the name, and in a table's flag cell.
    let (flags, codes) = shorts(
        "d.a [options]",
        "| Flag | Description |\n|---|---|\n| `-p, --pinned` | Pin it (boolean) |\n| `--tag, -t <tag>` | A tag |\n",
        "d.a -p -t x",
    );
    assert_eq!(flags, [("pinned".into(), Some('p'), ValueType::Boolean), ("tag".into(), Some('t'), ValueType::String)]);
    assert!(codes.is_empty(), "{codes:?}");
    // Joined by a bar or a slash, on either side of the name.
    let (flags, codes) = shorts(
        "d.a [options]",
        "-n | --limit <n>   How many\n--all / -a         Everything (boolean flag)\n--tag | -t <tag>   A tag\n",
        "d.a -n 2 -a -t x",
    );
    assert_eq!(
        flags,
        [
            ("limit".into(), Some('n'), ValueType::Integer),
            ("all".into(), Some('a'), ValueType::Boolean),
            ("tag".into(), Some('t'), ValueType::String)
        ]
    );
    assert!(codes.is_empty(), "{codes:?}");
    // A letter given to two flags names neither.
    let (_flags, codes) = shorts("d.a [options]", "-n, --name <n>  The name\n-n, --note <n>  A note\n", "d.a --name x");
    assert_eq!(codes, [Code::DuplicateFlag]);
    // An undeclared letter in an example is an unknown flag.
    let (_flags, codes) = shorts("d.a [options]", "--name <n>  The name\n", "d.a -n x");
    assert_eq!(codes, [Code::ExampleInvalid]);
}

/// A CLI's help output pasted as `## Flags`: `-h, --help` documents the
/// router's own help request and is no flag, and a synopsis's positional
/// `<FILE>...` after `--to <DIR>` does not make `--to` a list.
#[test]
fn a_pasted_cli_help_reads_as_its_flags() {
    let body = "\n# d.a\n\n## Usage\n\n```\nd.a [OPTIONS] --to <DIR> <FILE>... [--help]\n```\n\n## Flags\n\n```\nOptions:\n  -t, --to <DIR>        Destination (required)\n  -n, --dry-run         Show what would move\n  -h, --help            Print help\n```\n\n## Examples\n\nd.a -t x -n\n";
    let (_d, t) = one(&skill(FRONT, body));
    // The files are a positional argument no flag takes: warned about.
    let codes: Vec<_> = t.diagnostics.iter().map(|d| (d.code, d.line)).collect();
    assert_eq!(codes, [(Code::PositionalArgument, 11)], "{:#?}", t.diagnostics);
    let s = t.skill("d.a").unwrap();
    let flags: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.short, f.value_type, f.list)).collect();
    assert_eq!(flags, [("to", Some('t'), ValueType::String, false), ("dry-run", Some('n'), ValueType::Boolean, false)]);
}

/// A flag whose bracket closes before the next word (`[--dry-run] <file>`)
/// is a switch, and the word a positional argument: it does not make the
/// flag text, or a list with `...`.
#[test]
fn a_word_after_a_closed_group_is_not_the_flags_placeholder() {
    for usage in ["d.a [--x] <file>", "d.a [--x] <file>...", "d.a [-x | --x] FILE..."] {
        let body = BODY.replace("d.a [--x <v>]", usage).replace("d.a --x 1", "d.a --x");
        let (_d, t) = one(&skill(FRONT, &body));
        let f = &t.skill("d.a").unwrap().flags[0];
        let codes: Vec<_> = t.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(
            (f.value_type, f.list, codes),
            (ValueType::Boolean, false, vec![Code::PositionalArgument]),
            "{usage}"
        );
    }
    let (f, codes) = first_flag("d.a [--x <file>]", "--x  Where\n");
    assert_eq!((f.value_type, codes), (ValueType::String, vec![]));
}

/// Choices written in the placeholder (`<asc|desc>`, `{en,fr,de}`) are not
/// this format's enum (`One of:`), and `<file|url>` may describe the value:
/// the flag stays text, with the warning that names the fix.
#[test]
fn choices_in_a_placeholder_get_the_prose_enum_warning() {
    let (f, codes) = first_flag("d.a [--x <v>]", "--x <asc|desc>  Order\n");
    assert_eq!((f.value_type, codes), (ValueType::String, vec![Code::ProseEnum]));
    let (_d, t) = with_usage_and_flags("d.a [--x <v>]", "--x <asc|desc>  Order\n");
    assert!(t.diagnostics[0].message.contains("asc, desc"), "{}", t.diagnostics[0].message);
    // argparse's braces and Click's brackets only ever list choices: an enum.
    for flags in ["--x {en,fr,de}  Language\n", "--x [en|fr|de]  Language\n"] {
        let (f, codes) = first_flag("d.a [--x <v>]", flags);
        assert_eq!((f.type_summary(), codes), ("enum (en, fr, de)".to_string(), vec![Code::ExampleInvalid]), "{flags}");
    }
    // `One of:` makes the enum, and the placeholder agrees.
    let (f, codes) = first_flag("d.a [--x <v>]", "--x <asc|desc>  Order. One of: asc, desc\n");
    assert_eq!(f.value_type, ValueType::Enum);
    assert!(!codes.contains(&Code::ProseEnum), "{codes:?}");
    // Bare, and in docopt's parentheses: a placeholder too, not a switch.
    for flags in ["--x asc|desc  Order\n", "--x=(asc|desc)  Order\n", "`--x` `asc|desc`  Order\n"] {
        let (f, codes) = first_flag("d.a [--x <v>]", flags);
        assert_eq!((f.value_type, codes), (ValueType::String, vec![Code::ProseEnum]), "{flags}");
        assert_eq!(f.description, "Order", "{flags}");
    }
}

/// A flag that Usage shows and `## Flags` does not document is read from
/// Usage, with the warning: the help page shows it, so a command may use it.
#[test]
fn a_flag_only_usage_shows_is_read_from_usage() {
    let body = BODY
        .replace("d.a [--x <v>]", "d.a --x <v> --to <address>... [--on] [--n <n>]")
        .replace("--x  The x\n", "--x  The x (required)\n")
        .replace("d.a --x 1\n", "d.a --x 1 --to a b --on --n 2\n");
    let (_d, t) = one(&skill(FRONT, &body));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert_eq!(
        shapes(s),
        [
            ("x", true, false, ValueType::String),
            ("to", true, true, ValueType::String),
            ("on", false, false, ValueType::Boolean),
            ("n", false, false, ValueType::Integer),
        ]
    );
    let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::UsageFlagUndocumented; 3], "{:#?}", t.diagnostics);
    // Without any `## Flags` section too.
    let (_d, t) = one(&skill(FRONT, &BODY.replace("## Flags\n\n--x  The x\n", "")));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert_eq!(s.flags.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["x"]);
    // `--no-x` beside a declared switch `--x` is its negation, not a flag.
    let (_d, t) = with_usage_and_flags("d.a [--no-x]", "--[no-]x  The x\n");
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert_eq!(s.flags.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["x"]);
    let d = t.diagnostics.iter().find(|d| d.code == Code::UsageFlagUndocumented).unwrap();
    assert_eq!(d.message, "Usage shows `--no-x` but `## Flags` does not document it");
}

/// A definition list whose terms hold the short spelling and the flag in
/// one code span (`` `-q, --query <text>` `` then `: Search text.`).
#[test]
fn a_short_spelling_inside_the_terms_code_span() {
    let (_d, t) = with_usage_and_flags(
        "d.a -x <v> [-n <n>]",
        "`-x, --xx <v>`\n: The x. **Required**\n\n`-n, --count <n>`\n: How many. Default `10`.\n",
    );
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.short, f.required, f.value_type)).collect();
    assert_eq!(got, [("xx", Some('x'), true, ValueType::String), ("count", Some('n'), false, ValueType::Integer)]);
    assert!(t.diagnostics.iter().all(|d| d.code != Code::UnrecognizedFlagLine), "{:#?}", t.diagnostics);
}

/// Docopt's bracketed markers, `[default: 10]` and `[required]`, are the
/// markers in parentheses; a link's `[text](url)` is prose.
#[test]
fn docopt_brackets_are_markers() {
    let (f, codes) = first_flag("d.a [--x <n>]", "--x=<n>  Speed in knots [default: 10].\n");
    assert_eq!(
        (f.value_type, f.default.as_deref(), codes),
        (ValueType::Integer, Some(&["10".to_string()][..]), vec![])
    );
    let (f, codes) = first_flag("d.a --x <v>", "--x <v>  The x [required]\n");
    assert_eq!((f.required, codes), (true, vec![]));
    let (f, codes) = first_flag("d.a [--x <v>]", "--x <v>  See [required](https://x.y/required)\n");
    assert_eq!((f.required, codes), (false, vec![]));
    // Under a required group, `[optional]` states it.
    let (f, codes) = first_flag("d.a [--x <v>]", "### Required\n\n--x <v>  The x [optional]\n");
    assert_eq!((f.required, codes), (false, vec![]));
}

/// GNU-style option lines: `-o FILE, --output FILE` (the short spelling
/// with its own placeholder), `--color[=WHEN]` (an optional argument, read
/// as the placeholder), `--width=COLS` with an integer default (no plural
/// warning for a number).
#[test]
fn gnu_option_lines_are_flags() {
    let flags = "    -w, --width=COLS        set output width (default: 80)\n    -o FILE, --output FILE  write to FILE\n    --color[=WHEN]          colorize\n";
    let (_d, t) = with_usage_and_flags("d.a [OPTION]...", flags);
    // (The shared body's example uses `--x`, which these flags do not have.)
    assert!(t.diagnostics.iter().all(|d| d.code == Code::ExampleInvalid), "{:#?}", t.diagnostics);
    let s = t.skill("d.a").unwrap();
    let got: Vec<_> =
        s.flags.iter().map(|f| (f.name.as_str(), f.short, f.placeholder.as_deref(), f.value_type)).collect();
    assert_eq!(
        got,
        [
            ("width", Some('w'), Some("COLS"), ValueType::Integer),
            ("output", Some('o'), Some("FILE"), ValueType::String),
            ("color", None, Some("WHEN"), ValueType::String)
        ]
    );
}

/// Blank lines before the frontmatter do not hide it (line numbers count
/// them), and a block-scalar description is one line wherever it is shown.
#[test]
fn leading_blank_lines_and_block_descriptions() {
    let text = "\n\n---\nname: d.a\ndescription: |\n  Does a.\n\n  Then b.\n---\n\n# d.a\n\n## Usage\n\nd.a [--x <v>]\n\n## Flags\n\n--x  The x\n\n## Examples\n\nd.a --y 1\n";
    let (_d, t) = one(text);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert_eq!(s.description, "Does a. Then b.");
    // The bad example is reported on its own line, blank lines counted.
    assert_eq!(t.diagnostics.iter().map(|d| (d.code, d.line)).collect::<Vec<_>>(), [(Code::ExampleInvalid, 23)]);
    let (_d, t) = one("\n---\nname: d.a\ndescription: x\n");
    assert_eq!(t.diagnostics.iter().map(|d| (d.code, d.line)).collect::<Vec<_>>(), [(Code::UnclosedFrontmatter, 2)]);
}

/// A domain index written as plain markdown keeps its domain (from the
/// directory) and takes its first paragraph as the description, with a
/// warning; nothing is lost.
#[test]
fn a_domain_index_without_frontmatter_is_read_with_a_warning() {
    let (_d, t) = build(&[
        ("d/SKILL.md", b"# D tools\n\nDoes d things:\nall of them.\n\n| Skill | What |\n|---|---|\n| d.a | Does a |\n"),
        ("d/a.md", skill(FRONT, BODY).as_bytes()),
    ]);
    assert_eq!(t.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::IndexWithoutFrontmatter]);
    let index = t.domains.iter().find(|i| i.name == "d").unwrap();
    assert_eq!(index.description, "Does d things: all of them.");
    assert!(index.body.starts_with("# D tools"));
}

/// A FIFO named like a skill file is reported, not opened: opening it would
/// wait for a writer forever (and so would dev mode's reload).
#[cfg(unix)]
#[test]
fn a_fifo_in_the_tree_is_reported_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("SKILL.md"), INDEX).unwrap();
    std::fs::write(d.join("a.md"), skill(FRONT, BODY)).unwrap();
    for name in ["b.md", "pipe"] {
        let made = std::process::Command::new("mkfifo").arg(d.join(name)).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available; skipped");
            return;
        }
    }
    std::os::unix::fs::symlink(d.join("pipe"), d.join("c.md")).unwrap();
    let root = dir.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(load(&root, &LoadOptions::default())).unwrap());
    let t = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("the loader waited on a FIFO");
    assert!(t.skill("d.a").is_some(), "{:#?}", t.diagnostics);
    let fifos: Vec<_> = t
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::Unreadable)
        .map(|d| d.file.file_name().unwrap().to_str().unwrap().to_string())
        .collect();
    assert_eq!(fifos, ["b.md", "c.md"], "{:#?}", t.diagnostics);
}

/// A decimal number is a type of its own (`number`, read as `f64`), in
/// every form a type is written: `(type: number)`, a bare `(float)`, a
/// definition's `*number*`, a table's Type column, a `<float>`
/// placeholder and JSON Schema's `number`; its default must be a number.
#[test]
fn number_flags_in_every_form() {
    let number = |usage: &str, flags: &str| {
        let (f, codes) = first_flag(usage, flags);
        assert_eq!((f.value_type, codes.as_slice()), (ValueType::Number, &[][..]), "{flags}");
        f
    };
    let f = number("d.a [--x <v>]", "--x  Ratio (type: number, default: 0.5)\n");
    assert_eq!(f.default.as_deref(), Some(&["0.5".to_string()][..]));
    number("d.a [--x <v>]", "--x  Ratio (float)\n");
    number("d.a [--x <v>]", "--x  Ratio (type: double)\n");
    number("d.a [--x <float>]", "--x  Ratio\n");
    number("d.a [--x <v>]", "`--x` *number*\n: Ratio.\n");
    number("d.a [--x <v>]", "| Flag | Type | Description |\n|---|---|---|\n| `--x` | float | Ratio |\n");
    let (f, _) = first_flag("d.a [--x <v>...]", "--x  Ratios (type: list of numbers)\n");
    assert_eq!((f.value_type, f.list), (ValueType::Number, true));
    // `double` alone in parentheses is prose, and `<number>` a count.
    assert_eq!(first_flag("d.a [--x <v>]", "--x  Line spacing (double)\n").0.value_type, ValueType::String);
    assert_eq!(first_flag("d.a [--x <number>]", "--x  How many\n").0.value_type, ValueType::Integer);

    // JSON Schema, with property names YAML would read as booleans (`y`,
    // `n`) or numbers.
    let schema = "name: d.a\ndescription: Does a\nparameters:\n  type: object\n  properties:\n    x: {type: number, description: Across}\n    y: {type: number}\n    n: {type: integer}\n  required: [x, y]\n";
    let (_d, t) = one(&skill(
        schema,
        "\n# d.a\n\n## Usage\n\nd.a --x <x> --y <y> [--n <n>]\n\n## Examples\n\nd.a --x 1.5 --y -2e-3\n",
    ));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.required)).collect();
    assert_eq!(got, [("x", ValueType::Number, true), ("y", ValueType::Number, true), ("n", ValueType::Integer, false)]);
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);

    // A type and more markers in one group; an unknown type in one is still
    // reported.
    let (f, codes) = first_flag("d.a --x <v>", "--x  How many (type: integer, required)\n");
    assert_eq!((f.value_type, f.required, codes.as_slice()), (ValueType::Integer, true, &[][..]));
    let (_d, t) = one(&with_flags("--x  The x (type: guid, v4)\n"));
    expect(&t, Code::InvalidType, 14);
    assert!(t.diagnostics.iter().any(|d| d.message == "`--x` has an unknown type `guid`"), "{:#?}", t.diagnostics);
    // A misspelt type is named.
    let (_d, t) = one(&with_flags("--x  The x (type: strng list)\n"));
    let d = t.diagnostics.iter().find(|d| d.code == Code::InvalidType).unwrap();
    assert_eq!(d.hint.as_deref(), Some("did you mean `(type: string list)`?"));
    // A format of text is a string, with a warning.
    let (f, codes) = first_flag("d.a [--x <v>...]", "--x  Where to send (type: list of emails)\n");
    assert_eq!((f.value_type, f.list, codes.as_slice()), (ValueType::String, true, &[Code::FormatType][..]));
    // After the type, what is not a marker is prose: the type still holds.
    let (f, codes) = first_flag("d.a --x <v>", "--x  Recipient (type: string, format: email, required)\n");
    assert_eq!((f.value_type, f.required, codes.as_slice()), (ValueType::String, true, &[][..]));
    let (f, codes) = first_flag("d.a [--x <v>]", "--x  Level (type: integer, 1 to 10, default: 5)\n");
    assert_eq!(
        (f.value_type, f.default.as_deref(), codes.as_slice()),
        (ValueType::Integer, Some(&["5".to_string()][..]), &[][..])
    );

    // A default that is not a number, and an example value that is not one.
    let (_d, t) = one(&with_flags("--x  Ratio (type: number, default: half)\n"));
    expect(&t, Code::InvalidDefault, 14);
    let (_d, t) = one(&with_flags("--x  Ratio (type: number)\n").replace("d.a --x 1\n", "d.a --x 1,5\n"));
    expect(&t, Code::ExampleInvalid, 18);
}

/// A domain index that lists its skills as list items is checked as a
/// table is: a name that is no skill, and a skill left out, are named,
/// with the fix written as an item.
#[test]
fn an_index_written_as_a_list_is_checked_like_a_table() {
    let index = "---\ndomain: d\ndescription: x\n---\n\n# D\n\n- `d.gone` — Old\n- Use d.a for everything (prose)\n1. [d.old](old.md): older\n";
    let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
    let got: Vec<_> = t
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::IndexTableStale)
        .map(|d| (d.line, d.message.as_str(), d.hint.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        got,
        [
            (8, "the index lists `d.gone`, which is not a skill of `d`", "remove the item or add the skill"),
            (8, "the index does not list `d.a`", "add an item `- d.a: Does a`"),
            (10, "the index lists `d.old`, which is not a skill of `d`", "remove the item or add the skill"),
        ]
    );
    // Listed, it is clean.
    let index = "---\ndomain: d\ndescription: x\n---\n\n- **d.a**: Does a\n";
    let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
    assert!(!t.diagnostics.iter().any(|d| d.code == Code::IndexTableStale), "{:#?}", t.diagnostics);
}

/// A row commented out of a domain's table is not listed, and the index
/// page is served without the comment.
#[test]
fn an_index_row_in_a_comment_is_not_listed() {
    let index = "---\ndomain: d\ndescription: x\n---\n\n# D\n\n| Skill | Description |\n|---|---|\n| d.a | Does a |\n<!-- | d.gone | Old | -->\n\n<!--\n| d.old | Older |\n-->\n";
    let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
    assert!(!t.diagnostics.iter().any(|d| d.code == Code::IndexTableStale), "{:#?}", t.diagnostics);
    let body = &t.domains.iter().find(|d| d.name == "d").unwrap().body;
    assert_eq!(body, "# D\n\n| Skill | Description |\n|---|---|\n| d.a | Does a |");
}

/// CLI help pasted as a skill: `Usage: d.a ...` on a line of its own and
/// `Options:` as a label are read as the sections, each named once.
#[test]
fn cli_help_style_usage_line_and_label_are_sections() {
    let body = "\n# d.a\n\nDoes a.\n\nUsage: d.a --count <n> [--verbose]\n\nOptions:\n\n--count    How many (required)\n--verbose  Say more\n\nExamples:\n\nd.a --count 2 --verbose\n";
    let (_d, t) = one(&skill(FRONT, body));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let flags: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.required)).collect();
    assert_eq!(flags, [("count", ValueType::Integer, true), ("verbose", ValueType::Boolean, false)]);
    let codes: Vec<_> = t.diagnostics.iter().map(|d| (d.code, d.line)).collect();
    assert_eq!(
        codes,
        [(Code::BoldHeading, 10), (Code::BoldHeading, 12), (Code::BoldHeading, 17)],
        "{:#?}",
        t.diagnostics
    );
    // A man page's capitals are named as a heading is written.
    let body = "\n# d.a\n\nOPTIONS\n\n--x <v>  The x\n\n## Examples\n\nd.a --x 1\n";
    let (_d, t) = one(&skill(FRONT, body));
    let d = t.diagnostics.iter().find(|d| d.code == Code::BoldHeading).unwrap();
    assert_eq!(d.message, "the label `OPTIONS` is read as the section `## Options`");
}

/// Flags under other formats' keys (MCP's `inputSchema`, Anthropic's
/// `input_schema`, `arguments`, `inputs`, `params`) are read as
/// `parameters`, with a warning naming the key to write; such a key that
/// holds text (an argument hint) stays an unknown key.
#[test]
fn flags_under_other_formats_keys_are_read_as_parameters() {
    for key in ["inputSchema", "input_schema", "arguments", "inputs", "params"] {
        let front = format!(
            "name: d.a\ndescription: Does a\n{key}:\n  type: object\n  properties:\n    x: {{type: integer}}\n  required: [x]\n"
        );
        let (_d, t) = one(&skill(&front, "\n# d.a\n\n## Examples\n\nd.a --x 2\n"));
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{key}: {:#?}", t.diagnostics));
        let flags: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.required)).collect();
        assert_eq!(flags, [("x", ValueType::Integer, true)], "{key}");
        let d = t.diagnostics.iter().find(|d| d.code == Code::UnknownKey).unwrap();
        assert_eq!(d.message, format!("frontmatter key `{key}` is read as `parameters`"));
    }
    let hint = "name: d.a\ndescription: Does a\narguments: \"[message]\"\n";
    let (_d, t) = one(&skill(hint, BODY));
    assert!(t.skill("d.a").is_some(), "{:#?}", t.diagnostics);
    assert!(t.diagnostics.iter().any(|d| d.message == "unknown frontmatter key `arguments`"), "{:#?}", t.diagnostics);
}

/// `## Flags` written as data, a ```yaml or ```json block in the shapes the
/// frontmatter's `parameters` takes, declares the flags; a block of
/// another shape (an example of output) declares none.
#[test]
fn a_data_block_in_the_flags_section_declares_the_flags() {
    let yaml = "```yaml\nhost:\n  type: string\n  required: true\n  description: Host name\nretries:\n  type: integer\n  default: 3\n```\n";
    let json = "```json\n{\"type\": \"object\", \"properties\": {\"host\": {\"type\": \"string\", \"description\": \"Host name\"}, \"retries\": {\"type\": \"integer\", \"default\": 3}}, \"required\": [\"host\"]}\n```\n";
    let list =
        "```yml\n- name: host\n  type: string\n  required: true\n- name: retries\n  type: integer\n  default: 3\n```\n";
    for block in [yaml, json, list] {
        let body = format!(
            "\n# d.a\n\n## Usage\n\nd.a --host <host> [--retries <n>]\n\n## Flags\n\n{block}\n## Examples\n\nd.a --host h --retries 2\n"
        );
        let (_d, t) = one(&skill(FRONT, &body));
        let s = t.skill("d.a").unwrap_or_else(|| panic!("{block}: {:#?}", t.diagnostics));
        let flags: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.required)).collect();
        assert_eq!(flags, [("host", ValueType::String, true), ("retries", ValueType::Integer, false)], "{block}");
        assert!(t.diagnostics.is_empty(), "{block}: {:#?}", t.diagnostics);
    }
    // An example of what the skill returns is no declaration: the flag
    // lines around it are read as before.
    let (f, codes) = first_flag("d.a [--x <v>]", "--x <v>  The x\n\n```json\n{\"id\": 1, \"ok\": true}\n```\n");
    assert_eq!((f.name.as_str(), codes), ("x", vec![]));
}

/// A list described as comma-separated would have the model write `a,b`,
/// which a command refuses: the author is told to say space-separated.
#[test]
fn a_list_described_as_comma_separated_is_warned_about() {
    let (f, codes) = first_flag("d.a [--x <t>...]", "--x   Comma-separated list of tags\n");
    assert_eq!((f.list, codes), (true, vec![Code::ProseList]));
    for prose in ["Tags, space-separated (not comma-separated)", "Tags, space-separated", "List of tags"] {
        let (f, codes) = first_flag("d.a [--x <t>...]", &format!("--x   {prose}\n"));
        assert_eq!((f.list, codes), (true, vec![]), "{prose}");
    }
}

/// A skill that shows a flag given more than once, in Usage or in words,
/// has the model write a command the runtime refuses (`repeated_flag`):
/// the author is told the form that works. Showing the value repeated,
/// words about the value, and one flag per usage line are left alone.
#[test]
fn a_flag_shown_given_more_than_once_is_warned_about() {
    let told = |usage: &str, flags: &str| {
        let (_d, t) = with_usage_and_flags(usage, flags);
        let d: Vec<_> = t.diagnostics.iter().filter(|d| d.code == Code::RepeatedFlag).cloned().collect();
        (t.skill("d.a").map(|s| s.flags[0].list), d)
    };
    for (usage, flags, hint) in [
        ("d.a [--x <tag>]...", "--x <tag>  A tag\n", "show its value repeated instead, `[--x <tag>...]`"),
        ("d.a [--x TAG]...", "--x TAG  A tag\n", "show its value repeated instead, `[--x <TAG>...]`"),
        ("d.a [--x=<tag>]...", "--x <tag>  A tag\n", "show its value repeated instead"),
        ("d.a (--x <tag>)...", "--x <tag>  A tag\n", "show its value repeated instead"),
        ("d.a --x <tag> [--x <tag>]", "--x <tag>  A tag (required)\n", "show it once, `[--x <tag>]`; to take several"),
        ("d.a [--x <tag> [--x <tag> ...]]", "--x <tag>  A tag\n", "show it once, `[--x <tag>]`; to take several"),
        ("d.a [--x <tag>...] [--x <tag>...]", "--x <tag>  A tag\n", "show its value repeated instead"),
        ("d.a [--x]...", "--x  Say more (boolean flag)\n", "show it once, `[--x]`: a switch is on when given"),
        ("d.a [-x TAG]...", "-x, --x TAG  A tag\n", "show its value repeated instead, `[--x <TAG>...]`"),
        ("d.a [--[no-]x]...", "--[no-]x  Colour\n", "show it once, `[--x]`"),
        ("d.a [--y] [--x <tag>]...", "--x <tag>  A tag\n--y  Why (boolean flag)\n", "show its value repeated"),
    ] {
        let (_, d) = told(usage, flags);
        assert_eq!(d.len(), 1, "{usage}: {d:?}");
        assert_eq!(d[0].line, 10, "{usage}");
        assert!(d[0].message.contains("a second `--x` is an error"), "{usage}: {}", d[0].message);
        assert!(d[0].hint.as_deref().is_some_and(|h| h.starts_with(hint)), "{usage}: {:?}", d[0].hint);
    }
    for (prose, words) in [
        ("A tag; repeat for more", "repeat for more"),
        ("A tag. Repeat the flag to add several", "Repeat the flag"),
        ("A tag; repeat it for more", "repeat it"),
        ("A tag (repeatable)", "repeatable"),
        ("A tag, can be repeated", "can be repeated"),
        ("A tag. May be repeated to add more.", "May be repeated"),
        ("A tag; may be given multiple times", "given multiple times"),
        ("A tag. Use this flag more than once for several", "Use this flag more than once"),
        ("A tag, specified several times", "specified several times"),
    ] {
        let (_, d) = told("d.a [--x <v>]", &format!("--x  {prose}\n"));
        assert_eq!(d.len(), 1, "{prose}: {d:?}");
        assert_eq!(d[0].line, 14, "{prose}");
        assert!(d[0].message.contains(&format!("(`{words}`)")), "{prose}: {}", d[0].message);
    }
    // The value shown repeated is the list form; words about the value,
    // or a flag on two usage lines (two forms), are not a repeat.
    for (usage, flags) in [
        ("d.a [--x <tag>...]", "--x <tag>...  Tags\n"),
        ("d.a [--x <tag> [<tag>...]]", "--x <tag>...  Tags\n"),
        ("d.a [--x [<tag>]...]", "--x <tag>...  Tags\n"),
        ("d.a [--x <v>]", "--x  How the event repeats: daily or weekly\n"),
        ("d.a [--x <v>]", "--x  The event can be repeated daily\n"),
        ("d.a [--x <v>]", "--x  Retry the call multiple times before failing\n"),
        ("d.a [--x <v>]", "--x  Repeat every week\n"),
        ("d.a [--x <v>]", "--x  The reminder; repeat it every day\n"),
        ("d.a [--x <v>]", "--x  How many times to repeat the reminder\n"),
        ("d.a --x <v>\nd.a --x <v> --y", "--x  The x (required)\n--y  Why (boolean flag)\n"),
    ] {
        let (_, d) = told(usage, flags);
        assert!(d.is_empty(), "{usage} / {flags}: {d:?}");
    }
}

/// Prose that names a type for a flag no marker types would have the
/// model write that type, which the command would not check: the author is
/// told the marker. Words that only mention a number or a date, or a
/// date with a time, are left alone, and so is any typed flag.
#[test]
fn a_type_named_in_prose_only_is_warned_about() {
    for (prose, hint) in [
        ("How many, an integer from 1 to 100", "add `(type: integer)` so that commands are checked (`--x 20`)"),
        ("A whole number of days", "add `(type: integer)`"),
        ("A decimal number, such as 0.5", "add `(type: number)` so that commands are checked (`--x 0.5`)"),
        ("Scale as a floating-point value", "add `(type: number)`"),
        ("Opacity, a float between 0 and 1", "add `(type: number)`"),
        ("Start day, YYYY-MM-DD", "add `(type: date)` so that commands are checked (`--x 2026-01-31`)"),
        ("Start day in `YYYY-MM-DD` form", "add `(type: date)`"),
        ("Start day, an ISO 8601 date", "add `(type: date)`"),
    ] {
        let (_d, t) = one(&with_flags(&format!("--x  {prose}\n")));
        let d: Vec<_> = t.diagnostics.iter().filter(|d| d.code == Code::ProseType).collect();
        assert_eq!((t.skill("d.a").unwrap().flags[0].value_type, d.len()), (ValueType::String, 1), "{prose}");
        assert!(d[0].hint.as_deref().is_some_and(|h| h.starts_with(hint)), "{prose}: {:?}", d[0].hint);
    }
    // A list is told the list form.
    let (f, codes) = first_flag("d.a [--x <v>...]", "--x <v>...  Sizes, as integers\n");
    assert_eq!((f.list, codes), (true, vec![Code::ProseType]));
    let (_d, t) = with_usage_and_flags("d.a [--x <v>...]", "--x <v>...  Sizes, as integers\n");
    assert!(
        t.diagnostics[0].hint.as_deref().is_some_and(|h| h.starts_with("add `(type: integer list)`")),
        "{:?}",
        t.diagnostics
    );
    for prose in [
        "Phone number to call",
        "Number of the invoice",
        "Use a decimal separator",
        "Integer-valued ids are fine",
        "Floating window title",
        "Whether the panel floats",
        "Start, YYYY-MM-DDTHH:MM",
        "Start, YYYY-MM-DD HH:MM",
        "Start, an ISO 8601 date-time",
        "Start, an ISO 8601 date and time",
        "How many, an integer (type: string)",
        "How many, an integer (integer)",
        "Start day, YYYY-MM-DD (type: date)",
        "Start day (YYYY-MM-DD)",
        "An integer (type: email)",
    ] {
        let (_f, codes) = first_flag("d.a [--x <v>]", &format!("--x  {prose}\n"));
        assert!(!codes.contains(&Code::ProseType), "{prose}: {codes:?}");
    }
    // Typed by its placeholder or its default, it is checked already.
    for flags in ["--x <n>  How many, an integer\n", "--x  How many, an integer (default: 5)\n"] {
        let (f, codes) = first_flag("d.a [--x <v>]", flags);
        assert_eq!((f.value_type, codes), (ValueType::Integer, vec![]), "{flags}");
    }
}

/// A placeholder naming the unit of one amount (`SECONDS`, `<max_bytes>`)
/// is not a plural of values.
#[test]
fn a_unit_placeholder_is_one_value() {
    for flags in
        ["--x=SECONDS  Give up after this long\n", "--x <max_bytes>  Largest size\n", "--x <days>  How far back\n"]
    {
        let (f, codes) = first_flag("d.a [--x <v>]", flags);
        assert_eq!((f.list, codes), (false, vec![]), "{flags}");
    }
    let (_f, codes) = first_flag("d.a [--x <v>]", "--x <tags>  Labels\n");
    assert_eq!(codes, [Code::ProseList]);
}

/// A table's required column by other headers: `Req.` (punctuation after
/// the name), or `Optional`, where `no` makes the flag required.
#[test]
fn required_columns_by_other_headers() {
    for table in [
        "| Option | Req. | Description |\n|:--|:-:|:--|\n| `--x` | ✓ | The x |\n",
        "| Flag | Required? | Description |\n|---|---|---|\n| `--x` | yes | The x |\n",
        "| Flag | Optional | Description |\n|---|---|---|\n| `--x` | no | The x |\n",
    ] {
        let (f, codes) = first_flag("d.a --x <v>", table);
        assert_eq!((f.required, codes), (true, vec![]), "{table}");
    }
    let (f, _) =
        first_flag("d.a [--x <v>]", "| Flag | Optional | Description |\n|---|---|---|\n| `--x` | yes | The x |\n");
    assert!(!f.required);
}

/// `""` as a string flag's default is the empty string, in every place a
/// default is written, and reaches the parser as one value; without quotes,
/// or for a flag of another type, an empty default is still an error.
#[test]
fn a_quoted_empty_default_is_the_empty_string() {
    for flags in [
        "--x <text>  Separator. Default: \"\".\n",
        "--x <text>  Separator (default: \"\")\n",
        "--x <text>  Separator, default `''`\n",
        "| Flag | Default | Description |\n|---|---|---|\n| `--x` | `\"\"` | Separator |\n",
    ] {
        let (f, codes) = first_flag("d.a [--x <text>]", flags);
        assert_eq!((f.default.as_deref(), codes), (Some(&[String::new()][..]), vec![]), "{flags}");
        assert_eq!(f.type_summary(), "string, default: \"\"");
        let specs = [f.spec()];
        let args = skills_core::args::parse(&specs, &[]).unwrap();
        assert_eq!(args.slot(0).values.first(), Some(""), "{flags}");
    }
    // `"a"` in a code span is the value `a`.
    let (f, _) = first_flag("d.a [--x <text>]", "--x <text>  Order (default: `\"asc\"`)\n");
    assert_eq!(f.default.as_deref(), Some(&["asc".to_string()][..]));
    let (_d, t) = with_usage_and_flags("d.a [--x <n>]", "--x <n>  Count (default: \"\")\n");
    expect(&t, Code::InvalidDefault, ANY);
    assert!(hint_of(&t, Code::InvalidDefault).contains("remove the marker"));
    let (_d, t) = with_usage_and_flags("d.a [--x <text>]", "--x <text>  Text (default: )\n");
    expect(&t, Code::InvalidDefault, ANY);
    assert_eq!(
        hint_of(&t, Code::InvalidDefault),
        "write the empty string quoted, `(default: \"\")`, or remove the marker"
    );
    let (_d, t) = with_usage_and_flags("d.a [--x <t>...]", "--x <t>...  Tags (default: \"\")\n");
    assert!(hint_of(&t, Code::InvalidDefault).starts_with("a list's default lists its values"), "{:#?}", t.diagnostics);
}

/// A list flag repeated in an example is refused as the command would be,
/// and the hint writes the flag once with all its values.
#[test]
fn a_repeated_flag_in_an_example_is_told_the_flag_written_once() {
    let text = with_flags("--x <v>...  Tags\n").replace("d.a --x 1\n", "d.a --x home --x \"to do\" --x 3 '5$ off'\n");
    let (_d, t) = one(&text);
    expect(&t, Code::ExampleInvalid, 18);
    assert_eq!(
        hint_of(&t, Code::ExampleInvalid),
        "a flag is given once and models copy examples as written: write `--x home \"to do\" 3 \"5$ off\"`"
    );
}

/// A skill left out of the tree for its own errors is not also reported
/// missing from the domain's table: its errors say why.
#[test]
fn an_index_row_for_a_skill_with_errors_is_not_stale() {
    let index =
        "---\ndomain: d\ndescription: x\n---\n\n| Skill | Does |\n|---|---|\n| d.a | Does a |\n| d.gone | Old |\n";
    let broken = with_flags("--x  The x (default: )\n");
    let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", broken.as_bytes())]);
    assert!(t.skill("d.a").is_none(), "{:#?}", t.diagnostics);
    let stale: Vec<_> =
        t.diagnostics.iter().filter(|d| d.code == Code::IndexTableStale).map(|d| d.message.as_str()).collect();
    assert_eq!(stale, ["the table lists `d.gone`, which is not a skill of `d`"]);
}

/// Keys of the Agent Skills standard (`license`, `metadata`, ...) and
/// `version` are kept without a warning; another unknown key still warns.
#[test]
fn keys_of_other_skill_formats_are_kept_quietly() {
    let front = "name: d.a\ndescription: Does a\nlicense: MIT\nversion: 2\ncompatibility: any\nallowed-tools: Bash Read\nmetadata:\n  author: me\n";
    let (_d, t) = one(&skill(front, BODY));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    assert!(t.skill("d.a").is_some());
    let index = "---\ndomain: d\ndescription: x\nlicense: MIT\nmetadata:\n  v: 1\n---\n\n# d\n";
    let (_d, t) = build(&[("d/SKILL.md", index.as_bytes()), ("d/a.md", skill(FRONT, BODY).as_bytes())]);
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let (_d, t) = one(&skill("name: d.a\ndescription: Does a\nlicence: MIT\n", BODY));
    expect(&t, Code::UnknownKey, 4);
}

/// An asterisk after a flag's name marks it required, as forms and API
/// tables do: in a table cell, a list item or a flag line, in a code span
/// or after it, escaped or not.
#[test]
fn a_starred_flag_is_required() {
    for flags in [
        "| Name | Type | Description |\n|---|---|---|\n| `--x`* | string | The x |\n\n\\* required\n",
        "| Name | Description |\n|---|---|\n| `--x*` | The x |\n",
        "| Name | Description |\n|---|---|\n| --x\\* | The x |\n",
        "- `--x`* — The x\n",
        "- `--x <v>`* — The x\n",
        "--x*  The x\n",
    ] {
        let (f, codes) = first_flag("d.a --x <v>", flags);
        assert_eq!((f.name.as_str(), f.required, codes), ("x", true, vec![]), "{flags}");
    }
    // Emphasis around the name is not a mark.
    let (f, _) = first_flag("d.a [--x <v>]", "- **--x** — The x\n");
    assert!(!f.required);
    let (f, _) = first_flag("d.a [--x <v>]", "- `--x` *The x*\n");
    assert!(!f.required);
}

/// A table's `Type` column read in the words of JSON Schema and of the
/// languages handlers are written in: `flag` is a switch, `i64` an integer.
#[test]
fn type_words_of_other_languages_are_read() {
    for (word, ty) in [
        ("flag", ValueType::Boolean),
        ("switch", ValueType::Boolean),
        ("i64", ValueType::Integer),
        ("u32", ValueType::Integer),
        ("long", ValueType::Integer),
        ("f64", ValueType::Number),
        ("&str", ValueType::String),
    ] {
        let table = format!("| Name | Type | Description |\n|---|---|---|\n| `--x` | {word} | The x |\n");
        let (usage, example) =
            if ty == ValueType::Boolean { ("d.a [--x]", "d.a --x\n") } else { ("d.a [--x <v>]", "d.a --x 1\n") };
        let text = BODY.replace("d.a [--x <v>]", usage).replace("--x  The x\n", &table).replace("d.a --x 1\n", example);
        let (_d, t) = one(&skill(FRONT, &text));
        let f = t.skill("d.a").unwrap_or_else(|| panic!("{word}: {:#?}", t.diagnostics)).flags[0].clone();
        let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!((f.value_type, codes), (ty, vec![]), "{word}");
    }
}

/// In a section that never writes `--`, a heading may name a flag bare
/// (`### title`, as API references give each parameter a heading), with
/// its properties as items under it, their keys in bold or not. A heading
/// in words, or a group's title, stays a heading.
#[test]
fn a_bare_heading_names_a_flag_with_its_properties() {
    let flags = "### title\n\n- **Type:** string\n- **Required:** yes\n- **Description:** The title\n\n\
                 ### `max_count`\n\n- __Type__: integer\n- Default: 5\n\n\
                 ### tags (string list)\n\nLabels.\n\n### Notes\n\nKeep titles short.\n";
    let text = skill(
        FRONT,
        &BODY
            .replace("d.a [--x <v>]", "d.a --title <t> [--max-count <n>] [--tags <tag>...]")
            .replace("--x  The x\n", flags)
            .replace("d.a --x 1\n", "d.a --title T --max-count 2 --tags a b\n"),
    );
    let (_d, t) = one(&text);
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let s = t.skill("d.a").unwrap();
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.list, f.required)).collect();
    assert_eq!(
        got,
        [
            ("title", ValueType::String, false, true),
            ("max_count", ValueType::Integer, false, false),
            ("tags", ValueType::String, true, false),
        ]
    );
    assert_eq!(s.flags[1].default.as_deref(), Some(&["5".to_string()][..]));
    // A group's title over bare items is still a group.
    let (f, codes) = first_flag("d.a --x <v>", "### Required\n\n- `x` (string): The x\n");
    assert_eq!((f.name.as_str(), f.required, codes), ("x", true, vec![]));
}

/// What a JSON Schema property says about its values beyond its type
/// (bounds, lengths, a pattern, a format) is kept as sentences of the
/// flag's description, which the help page shows the model.
#[test]
fn json_schema_constraints_are_told_in_the_description() {
    let front = "name: d.a\ndescription: Does a\nparameters:\n  type: object\n  properties:\n    \
                 score: {type: integer, minimum: 0, maximum: 100, description: How good}\n    \
                 ratio: {type: number, exclusiveMinimum: 0}\n    \
                 code: {type: string, minLength: 3, maxLength: 3, pattern: '^[A-Z]+$'}\n    \
                 mail: {type: string, format: email}\n    \
                 tags: {type: array, items: {type: string}, maxItems: 5}\n    \
                 when: {type: string, format: date}\n";
    let (_d, t) = one(&skill(front, "\n# d.a\n\n## Examples\n\nd.a --score 5\n"));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let s = t.skill("d.a").unwrap();
    let said: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.description.as_str())).collect();
    assert_eq!(
        said,
        [
            ("score", "How good. From 0 to 100."),
            ("ratio", "Greater than 0."),
            ("code", "Exactly 3 characters. Matches `^[A-Z]+$`."),
            ("mail", "Format: email."),
            ("tags", "At most 5 values."),
            ("when", ""),
        ]
    );
    assert_eq!(s.flags[0].value_type, ValueType::Integer);
    assert_eq!(s.flags[5].value_type, ValueType::Date);
}

/// Flags in sections of their own by group (`## Required flags`, `##
/// Optional flags`), instead of `## Flags` or beside it, are read as the
/// groups of one section; a note in parentheses after the section's name
/// (`## Flags (all optional)`) leaves it the Flags section.
#[test]
fn flags_in_sections_by_group_and_a_noted_flags_heading() {
    let body = |flags: &str| {
        BODY.replace("d.a [--x <v>]", "d.a --x <v> [--y <n>]")
            .replace("## Flags\n\n--x  The x\n", flags)
            .replace("d.a --x 1\n", "d.a --x 1 --y 2\n")
    };
    for flags in [
        "## Required flags\n\n--x <v>  The x\n\n## Optional flags\n\n--y <n>  The y\n",
        "## Flags\n\n--x <v>  The x (required)\n\n## Optional arguments\n\n--y <n>  The y\n",
        "## Flags (required first)\n\n### Required\n\n--x <v>  The x\n\n### Optional\n\n--y <n>  The y\n",
    ] {
        let (_d, t) = one(&skill(FRONT, &body(flags)));
        assert!(t.diagnostics.is_empty(), "{flags}: {:#?}", t.diagnostics);
        let s = t.skill("d.a").unwrap();
        let got: Vec<_> =
            s.flags.iter().map(|f| (f.name.as_str(), f.description.as_str(), f.value_type, f.required)).collect();
        assert_eq!(
            got,
            [("x", got[0].1, ValueType::String, true), ("y", "The y", ValueType::Integer, false)],
            "{flags}"
        );
        assert!(got[0].1.starts_with("The x"), "{flags}");
    }
}

/// A skill file in a subdirectory of its domain is not read, and says so;
/// other markdown there (a resource without frontmatter) is left alone.
#[test]
fn a_skill_in_a_subdirectory_is_reported() {
    let (_d, t) = build(&[
        ("d/SKILL.md", INDEX.as_bytes()),
        ("d/a.md", skill(FRONT, BODY).as_bytes()),
        ("d/drafts/b.md", skill("name: d.b\ndescription: B\n", BODY).as_bytes()),
        ("d/x/y/Z c.md", b"\xEF\xBB\xBF---\nname: d.z\n---\n"),
        ("d/references/guide.md", b"# Guide\n\nHow to use d.a.\n"),
        ("d/.git/c.md", b"---\n---\n"),
    ]);
    let got: Vec<_> =
        t.diagnostics.iter().map(|d| (d.code, d.message.as_str(), d.hint.as_deref().unwrap_or(""))).collect();
    assert_eq!(
        got,
        [
            (
                Code::StrayFile,
                "`d/drafts/b.md` is in a subdirectory of the domain, so it is not read as a skill",
                "skills are <domain>/<action>.md: move it to `d/b.md`, or to a domain of its own"
            ),
            (
                Code::StrayFile,
                "`d/x/y/Z c.md` is in a subdirectory of the domain, so it is not read as a skill",
                "skills are <domain>/<action>.md, directly in their domain's directory"
            ),
        ]
    );
    assert!(t.skill("d.a").is_some() && t.skill("d.b").is_none());
}

/// A symlinked directory in a domain is not walked for stray skills: its
/// files are reported, once, where they lie, and a link back to the root
/// (`loop -> ..`) or to another domain reports no skill as a stray copy.
#[cfg(unix)]
#[test]
fn symlinked_directories_in_a_domain_report_no_strays_through_the_link() {
    let (d, _) = build(&[
        ("d/SKILL.md", INDEX.as_bytes()),
        ("d/a.md", skill(FRONT, BODY).as_bytes()),
        ("d/drafts/b.md", skill("name: d.b\ndescription: B\n", BODY).as_bytes()),
        ("e/SKILL.md", INDEX.replace("domain: d", "domain: e").replace("# d", "# e").as_bytes()),
    ]);
    std::os::unix::fs::symlink("..", d.path().join("d/loop")).unwrap();
    std::os::unix::fs::symlink("drafts", d.path().join("d/old_drafts")).unwrap();
    std::os::unix::fs::symlink("../d", d.path().join("e/d_copy")).unwrap();
    let t = load(d.path(), &LoadOptions::default());
    let strays: Vec<_> =
        t.diagnostics.iter().filter(|d| d.code == Code::StrayFile).map(|d| d.message.as_str()).collect();
    assert_eq!(strays, ["`d/drafts/b.md` is in a subdirectory of the domain, so it is not read as a skill"]);
    assert!(t.skill("d.a").is_some() && t.skill("d.b").is_none());
}

/// A domain directory that links to the root or to another domain is one
/// error, and is not read: under the link's name every skill's name would
/// mismatch, and the root's domains would be strays of it. A link to a
/// directory the root does not read as a domain is a domain.
#[cfg(unix)]
#[test]
fn a_domain_linked_to_the_root_or_another_domain_is_one_error() {
    let (d, _) = build(&[
        ("d/SKILL.md", INDEX.as_bytes()),
        ("d/a.md", skill(FRONT, BODY).as_bytes()),
        (".shared/e/SKILL.md", INDEX.replace("domain: d", "domain: e").replace("# d", "# e").as_bytes()),
    ]);
    std::os::unix::fs::symlink(".", d.path().join("loop")).unwrap();
    std::os::unix::fs::symlink("d", d.path().join("copy")).unwrap();
    std::os::unix::fs::symlink(".shared/e", d.path().join("e")).unwrap();
    let t = load(d.path(), &LoadOptions::default());
    let got: Vec<_> = t.diagnostics.iter().map(|d| (d.code, d.message.as_str())).collect();
    assert_eq!(
        got,
        [
            (Code::InvalidDomainDir, "`copy` is a link to the domain `d`, which is read in its own place"),
            (Code::InvalidDomainDir, "`loop` is a link to the root of the tree, which is read in its own place"),
        ]
    );
    assert!(t.skill("d.a").is_some());
    assert!(t.domains.iter().any(|x| x.name == "e"), "a link to a hidden directory is a domain");
}

/// In a part of a tree split across crates, an example may call a skill of
/// a domain another part compiles (`LoadOptions::other_domains`); any other
/// unknown name is still an error, and so is a bad example of its own.
#[test]
fn examples_may_call_the_domains_other_parts_compile() {
    let body = BODY.replace("d.a --x 1\n", "d.a --x 1\nnotes.add --text \"from d\"\nnote.add --text x\nd.a --y 1\n");
    let dir = tempfile::tempdir().unwrap();
    for (path, content) in [("d/SKILL.md", INDEX.to_string()), ("d/a.md", skill(FRONT, &body))] {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    let alone = load(dir.path(), &LoadOptions::default());
    let part = load(dir.path(), &LoadOptions { other_domains: vec!["notes".into()], ..LoadOptions::default() });
    let unknown = |t: &Tree| -> Vec<usize> {
        t.diagnostics.iter().filter(|d| d.code == Code::ExampleUnknownSkill).map(|d| d.line).collect()
    };
    // Lines 19 (`notes.add`) and 20 (`note.add`) of the file.
    assert_eq!(unknown(&alone), [19, 20]);
    assert_eq!(unknown(&part), [20]);
    assert!(has(&part, Code::ExampleInvalid, 21), "{:?}", part.diagnostics);
}

/// A `read_only:` that is no boolean is told the boolean it says: a quoted
/// `"false"` is not read as true, and its fix is the same word unquoted.
#[test]
fn read_only_that_is_no_boolean_is_told_the_one_it_means() {
    for (value, message, hint) in [
        ("\"false\"", "not the quoted text `\"false\"`", "write `read_only: false`, without quotes"),
        ("'yes'", "not the quoted text `\"yes\"`", "write `read_only: true`, without quotes"),
        ("0", "not `0`", "write `read_only: false`"),
        (
            "maybe",
            "not the text `maybe`",
            "write `read_only: true` (the skill changes nothing) or `read_only: false` (it does)",
        ),
        ("[a]", "not a list", "write `read_only: true` (the skill changes nothing) or `read_only: false` (it does)"),
    ] {
        let (_d, t) = one(&skill(&format!("name: d.a\ndescription: x\nread_only: {value}\n"), BODY));
        let d = t.diagnostics.iter().find(|d| d.code == Code::InvalidField).unwrap_or_else(|| panic!("{value}"));
        assert_eq!(
            (d.line, d.message.as_str(), d.hint.as_deref()),
            (4, format!("`read_only` must be true or false, {message}").as_str(), Some(hint)),
            "{value}"
        );
    }
}

/// An `os` no machine matches names the one meant: the same ignoring
/// case, another common name for it, or one a letter away.
#[test]
fn an_unknown_os_names_the_one_meant() {
    for (os, meant) in [
        ("linx", Some("linux")),
        ("Linux", Some("linux")),
        ("osx", Some("macos")),
        ("win", Some("windows")),
        ("plan9", None),
    ] {
        let (_d, t) = one(&skill(&format!("name: d.a\ndescription: x\neligibility:\n  os: [{os}]\n"), BODY));
        let d = t.diagnostics.iter().find(|d| d.code == Code::UnknownOs).unwrap_or_else(|| panic!("{os}"));
        let hint = d.hint.as_deref().unwrap_or("");
        match meant {
            Some(m) => {
                assert!(d.message.ends_with(&format!("(did you mean `{m}`?)")), "{os}: {}", d.message);
                assert!(hint.starts_with(&format!("write `{m}`;")), "{os}: {hint}");
            }
            None => assert!(hint.starts_with("use Rust target_os names: linux, macos"), "{os}: {hint}"),
        }
    }
}

/// An invalid flag name is told the name it was meant to be, in a flag
/// line, a table and frontmatter alike; one no rewriting makes is told the
/// rule alone.
#[test]
fn an_invalid_flag_name_is_told_the_name_meant() {
    let rule = "flag names start with a lowercase letter and use only a-z, 0-9, `-` and `_`";
    let hint_of = |t: &Tree| {
        let d = t.diagnostics.iter().find(|d| d.code == Code::InvalidFlagName).expect("invalid-flag-name");
        (d.message.clone(), d.hint.clone().unwrap_or_default())
    };
    for (line, written, meant) in [
        ("--Limit  How many\n", "--Limit", Some("--limit")),
        ("--dueDate <date>  When\n", "--dueDate", Some("--due-date")),
        ("--max.results  How many\n", "--max.results", Some("--max-results")),
        ("--9lives  Cats\n", "--9lives", Some("--lives")),
        ("--données  Data\n", "--données", None),
    ] {
        let (_d, t) = one(&with_flags(&format!("--x  The x\n{line}")));
        let (message, hint) = hint_of(&t);
        assert_eq!(message, format!("`{written}` is not a valid flag name"), "{line}");
        match meant {
            Some(m) => assert_eq!(hint, format!("write `{m}`: {rule}"), "{line}"),
            None => assert_eq!(hint, rule, "{line}"),
        }
    }
    let table = "| Flag | Description |\n|---|---|\n| `--x` | The x |\n| `--MaxItems` | How many |\n";
    let (_d, t) = one(&with_flags(table));
    assert_eq!(hint_of(&t).1, format!("write `--max-items`: {rule}"));
    let (_d, t) = one(&skill("name: d.a\ndescription: x\nparameters:\n  Limit:\n    type: integer\n", BODY));
    assert_eq!(hint_of(&t), ("`Limit` is not a valid flag name".to_string(), format!("write `limit`: {rule}")));
}

/// A switch documented with its negated form beside it, as Click prints
/// boolean options (`--shout / --no-shout`) and GNU tools write them
/// (`--pager, --no-pager`): the switch, whatever the separator, spans or
/// list marker, with its default named by either form; never a string
/// whose placeholder is the negated form.
#[test]
fn a_switch_written_with_its_negated_form() {
    let flags = "- `--notify` / `--no-notify`: Send an email\n\
                 - `--color / --no-color`: Coloured output\n\
                 - --wrap / --no-wrap     Wrap long lines\n\
                 - --pager, --no-pager    Use a pager [default: no-pager]\n\
                 - `--quiet | --no-quiet`  Say less\n\
                 - `--limit <n>`: At most n (default: 5)\n";
    // Usage may write the pair too, in one word.
    let (_d, t) =
        with_usage_and_flags("d.a [--notify] [--color/--no-color] [--wrap] [--pager] [--quiet] [--limit <n>]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.value_type, f.default.clone())).collect();
    assert_eq!(
        got,
        [
            ("notify", ValueType::Boolean, None),
            ("color", ValueType::Boolean, None),
            ("wrap", ValueType::Boolean, None),
            ("pager", ValueType::Boolean, None),
            ("quiet", ValueType::Boolean, None),
            ("limit", ValueType::Integer, Some(vec!["5".to_string()])),
        ]
    );
    // Each says that `--no-x` is not a command's to write, and nothing else
    // does (but the body's example, which gives `--x`, replaced here).
    let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).filter(|c| *c != Code::ExampleInvalid).collect();
    assert_eq!(codes, [Code::NegatedForm; 5], "{:#?}", t.diagnostics);
    assert!(t.diagnostics[0].message.contains("cannot write `--no-notify`"), "{}", t.diagnostics[0].message);

    // On by default (Click's `[default: notify]`): a switch that defaults
    // to true, which `--notify false` turns off.
    let (f, codes) = first_flag("d.a [--notify]", "--notify / --no-notify  Send an email [default: notify]\n");
    assert_eq!((f.value_type, f.default.clone()), (ValueType::Boolean, Some(vec!["true".to_string()])));
    assert_eq!(codes, [Code::NegatedForm, Code::ExampleInvalid]);
    let specs = [f.spec()];
    let on = skills_core::args::parse(&specs, &[]).unwrap();
    assert_eq!(on.slot(0).values.first(), Some("true"));
    let off = skills_core::args::parse(&specs, &["--notify", "false"]).unwrap();
    assert_eq!(off.slot(0).values.first(), Some("false"));

    // Not the negated form: another flag's, a longer name, a short spelling.
    let (_d, t) = with_usage_and_flags(
        "d.a [--color <c>] [--wrap <w>] [--pin]",
        "--color / --no-colors <c>  Colour\n--wrap <w>  Wrap, or `--no-wrap`\n--pin, -p  Pin it\n",
    );
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.short, f.value_type)).collect();
    assert_eq!(
        got,
        [("color", None, ValueType::String), ("wrap", None, ValueType::String), ("pin", Some('p'), ValueType::Boolean)]
    );
    assert!(!t.diagnostics.iter().any(|d| d.code == Code::NegatedForm), "{:#?}", t.diagnostics);
}

/// Click's `--help` pasted as the section: its type names as placeholders
/// (`INTEGER`, `TEXT`), bounded numbers (`FLOAT RANGE`), choices
/// (`[red|green|blue]`), date formats (`[%Y-%m-%d]`), `--x / --no-x`
/// switches and `[default: ...]`, `[required]` markers. Before, the last
/// four made booleans (so an example giving `--color red` failed the skill).
#[test]
fn clicks_help_output_as_the_flags_section() {
    let flags = "```\nOptions:\n\
                 \x20 --count INTEGER           Number of greetings.  [default: 1]\n\
                 \x20 --name TEXT               The person to greet.  [required]\n\
                 \x20 --shout / --no-shout      Shout it.  [default: no-shout]\n\
                 \x20 --color [red|green|blue]  Colour of the greeting.\n\
                 \x20 --ratio FLOAT RANGE       A ratio.  [0<=x<=1]\n\
                 \x20 --when [%Y-%m-%d]         Day to greet.\n\
                 \x20 --help                    Show this message and exit.\n```\n";
    let (_d, t) = with_usage_and_flags("d.a [OPTIONS]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.type_summary())).collect();
    assert_eq!(
        got,
        [
            ("count", "integer, default: 1".to_string()),
            ("name", "required string".to_string()),
            ("shout", "boolean".to_string()),
            ("color", "enum (red, green, blue)".to_string()),
            ("ratio", "number".to_string()),
            ("when", "date".to_string()),
        ]
    );
    // Click prints a choice only as its values in brackets: an enum, with
    // nothing to warn about.
    assert!(!t.diagnostics.iter().any(|d| d.code == Code::ProseEnum), "{:#?}", t.diagnostics);
    // `DateTime()`'s default formats, times too: a value, not a switch.
    let flags = "--when [%Y-%m-%d|%Y-%m-%dT%H:%M:%S|%Y-%m-%d %H:%M:%S]  Day to greet.\n";
    let (f, _) = first_flag("d.a [--when <w>]", flags);
    assert_eq!((f.name.as_str(), f.type_summary()), ("when", "string".to_string()));
    let (f, _) = first_flag("d.a [--when]", flags);
    assert_eq!((f.name.as_str(), f.type_summary()), ("when", "string".to_string()));
}

/// argparse's help pasted as the section: `-n N, --limit N`, choices in
/// braces, and `TAG [TAG ...]` for one or more values (`nargs='+'`), which
/// before was one string, so an example giving two tags failed the skill.
#[test]
fn argparse_help_output_as_the_flags_section() {
    let flags = "```\noptions:\n\
                 \x20 -h, --help            show this help message and exit\n\
                 \x20 -n N, --limit N       max results (default: 10)\n\
                 \x20 --format {json,text}  output format\n\
                 \x20 -v, --verbose         more output\n\
                 \x20 --tags TAG [TAG ...]  tags to match\n```\n";
    let (_d, t) = with_usage_and_flags("d.a [-h] [-n N] [--format {json,text}] [-v] [--tags TAG [TAG ...]]", flags);
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    let got: Vec<_> = s.flags.iter().map(|f| (f.name.as_str(), f.short, f.type_summary())).collect();
    assert_eq!(
        got,
        [
            ("limit", Some('n'), "integer, default: 10".to_string()),
            ("format", None, "enum (json, text)".to_string()),
            ("verbose", Some('v'), "boolean".to_string()),
            ("tags", None, "list of string".to_string()),
        ]
    );
    // argparse prints choices only as `{a,b}`: an enum, nothing to warn about.
    let codes: Vec<Code> = t.diagnostics.iter().map(|d| d.code).filter(|c| *c != Code::ExampleInvalid).collect();
    assert_eq!(codes, [], "{:#?}", t.diagnostics);
}

/// Readings that were silently wrong, or false errors, each as a user
/// writing real documents met it.
#[test]
fn documents_as_users_write_them_are_read_as_written() {
    let codes = |t: &Tree| t.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
    // A default holding a comma is one value, in a marker and in a schema.
    let (f, _) = first_flag("d.a [--x <text>]", "--x <text>  Greeting (default: \"Hello, world\")\n");
    assert_eq!(f.default, Some(vec!["Hello, world".to_string()]));
    let front = "name: d.a\ndescription: x\nparameters:\n  type: object\n  properties:\n    x: {type: string, default: \"Hello, world\"}\n";
    let (_d, t) = one(&skill(front, "\n# d.a\n\n## Examples\n\nd.a --x hi\n"));
    assert_eq!(t.skill("d.a").unwrap().flags[0].default, Some(vec!["Hello, world".to_string()]));
    // A prose line mentioning a flag changes nothing about the others.
    let (_d, t) = with_usage_and_flags(
        "d.a --title <t>",
        "Pass `--verbose` for more.\n\n- `title` (string, required): The title\n",
    );
    let title = &t.skill("d.a").unwrap().flags[0];
    assert_eq!((title.name.as_str(), title.required), ("title", true));
    // A bold name keeps its underscores.
    let (f, _) = first_flag("d.a [--winner_skill_path <p>]", "- **winner_skill_path**: The path\n");
    assert_eq!(f.name, "winner_skill_path");
    // A camelCase name is refused, with the name to write.
    let (_d, t) = one(&with_flags("--x  The x\n- `dryRun` (boolean): Pretend\n"));
    assert_eq!(hint_of(&t, Code::InvalidFlagName).split(':').next(), Some("write `dry-run`"));
    // A switch whose default is prose is a switch, and said so.
    let (_d, t) = with_usage_and_flags(
        "d.a [--x <v>] [-s]",
        "--x <v>  The x\n-s, --case-sensitive  Case-sensitive search (default: smart case)\n",
    );
    let f = &t.skill("d.a").unwrap().flags[1];
    assert_eq!((f.value_type, f.default.as_ref()), (ValueType::Boolean, None));
    assert!(codes(&t).contains(&Code::ProseDefault), "{:#?}", t.diagnostics);
    // A placeholder renamed in Usage: the type's source is Usage's line.
    let (f, _) = first_flag("d.a [--id <note_id>]", "--id  The note\n");
    assert_eq!((f.value_type, f.sources.value_type.line), (ValueType::String, 10));
    let (f, _) = first_flag("d.a [--id <n>]", "--id  The note\n");
    assert_eq!((f.value_type, f.sources.value_type.line), (ValueType::Integer, 10));
    // A thematic break and a diff line are no flags.
    let (_d, t) = one(&with_flags("--x  The x\n\n---\n\n--- a.py\n+++ b.py\n"));
    assert!(!codes(&t).contains(&Code::InvalidFlagName), "{:#?}", t.diagnostics);
    // An example under a flag continues its description.
    let (_d, t) = one(&with_flags("--x <file>  Attach a file. For example:\n    --x image.jpg\n"));
    assert!(!codes(&t).contains(&Code::DuplicateFlag), "{:#?}", t.diagnostics);
    // A switch defaulting to true; a default stated twice alike.
    let (f, codes_1) = first_flag("d.a [--quiet]", "--quiet  Say less (default: true)\n");
    assert_eq!((f.value_type, f.default), (ValueType::Boolean, Some(vec!["true".to_string()])));
    assert!(!codes_1.contains(&Code::InvalidDefault));
    let table = "| Flag | Default | Description |\n|---|---|---|\n| `--x <n>` | 0 | Count (default 0) |\n";
    let (f, codes_2) = first_flag("d.a [--x <n>]", table);
    assert_eq!(f.default, Some(vec!["0".to_string()]));
    assert!(!codes_2.contains(&Code::ConflictingMarkers), "{codes_2:?}");
    // A schema's description agreeing with its keys.
    let front = "name: d.a\ndescription: x\nparameters:\n  type: object\n  properties:\n    mode: {type: string, description: \"Speed. One of: fast, slow\"}\n    level: {type: integer, description: Level. Optional.}\n";
    let (_d, t) = one(&skill(front, "\n# d.a\n\n## Examples\n\nd.a --mode fast\n"));
    let s = t.skill("d.a").unwrap_or_else(|| panic!("{:#?}", t.diagnostics));
    assert_eq!(s.flags[0].type_summary(), "enum (fast, slow)");
    // Prose that starts with a file name in backticks is no command.
    let body = BODY.replace(
        "d.a --x 1\n",
        "d.a --x 1\n\n`pyproject.toml` file holds the settings.\n- `d.a --x 2` — with a value\n",
    );
    let (_d, t) = one(&skill(FRONT, &body));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
    let (_d, t) = one(&skill(FRONT, &BODY.replace("d.a [--x <v>]", "d.a [--x <v>]\n\n`setup.cfg` is read too.")));
    assert!(t.diagnostics.is_empty(), "{:#?}", t.diagnostics);
}

/// `binaries:` names programs looked up on PATH; a path is refused, since
/// whether the skill is available would tell whoever reads it whether that
/// file exists.
#[test]
fn binaries_name_programs_not_paths() {
    let front =
        "name: d.a\ndescription: x\neligibility:\n  binaries: [git, /home/me/.ssh/id_rsa, 'C:\\tools\\x.exe']\n";
    let (_d, tree) = one(&skill(front, BODY));
    let found: Vec<(&str, &str)> = (tree.diagnostics.iter())
        .filter(|d| d.code == Code::InvalidEligibility)
        .map(|d| (d.message.as_str(), d.hint.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        found,
        [
            (
                "`binaries` names programs found on PATH, not paths: `/home/me/.ssh/id_rsa`",
                "write the program's name, `id_rsa`"
            ),
            (
                "`binaries` names programs found on PATH, not paths: `C:\\tools\\x.exe`",
                "write the program's name, `x.exe`"
            ),
        ]
    );
    assert!(tree.skill("d.a").is_none(), "a definition error leaves the skill out");
}

/// Nested aliases that would expand a few hundred bytes of frontmatter into
/// millions of nodes are refused at once, in every file of a tree (work in
/// proportion to each file's size); aliases as YAML means them still read.
#[test]
fn alias_bombs_are_refused_early_and_aliases_still_read() {
    let mut bomb = String::from("name: d.a\ndescription: x\nx0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..9 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        bomb.push_str(&format!("x{i}: &a{i} [{refs}]\n"));
    }
    let text = skill(&bomb, BODY);
    let files: Vec<(String, String)> =
        (0..40).map(|k| (format!("d/a{k}.md"), text.replace("d.a", &format!("d.a{k}")))).collect();
    let mut all: Vec<(&str, &[u8])> = vec![("d/SKILL.md", INDEX.as_bytes())];
    all.extend(files.iter().map(|(p, t)| (p.as_str(), t.as_bytes())));
    let (_d, tree) = build(&all);
    let refused = tree.diagnostics.iter().filter(|d| d.message.contains("expands further (through aliases)")).count();
    assert_eq!(refused, 40, "{:?}", tree.diagnostics);

    let reused = "name: d.a\ndescription: x\ntags: &t [alpha, beta]\nx-copy: *t\n";
    let (_d, tree) = one(&skill(reused, BODY));
    assert_eq!(tree.skill("d.a").map(|s| s.tags.clone()), Some(vec!["alpha".to_string(), "beta".to_string()]));
}

/// An enum of 30,000 values reads in time in proportion to its length; a
/// value listed twice, in any case, is still told.
#[test]
fn a_long_enum_reads_whole_and_repeats_are_told() {
    let values: Vec<String> = (0..30_000).map(|i| format!("v{i}")).collect();
    let flags = format!("--mode  The mode. One of: {}\n", values.join(", "));
    let body = BODY
        .replace("d.a [--x <v>]", "d.a [--mode <mode>]")
        .replace("--x  The x\n", &flags)
        .replace("d.a --x 1", "d.a --mode v7");
    let (_d, tree) = one(&skill(FRONT, &body));
    assert!(!tree.has_errors(), "{:?}", tree.diagnostics);
    assert_eq!(tree.skill("d.a").unwrap().flags[0].values.len(), 30_000);
    let repeated = body.replace("v29999", "V7");
    let (_d, tree) = one(&skill(FRONT, &repeated));
    assert!(tree.diagnostics.iter().any(|d| d.message == "`V7` is listed twice in `--mode`"), "{:?}", tree.diagnostics);
}
