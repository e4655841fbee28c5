//! A small hand-written table for this crate's documentation examples:
//! what `skills-codegen` would generate for a `demo` domain with one handler
//! skill (`demo.greet --name <text>`) and one template (`demo.plan`).

/// Defines `static $name: Table<()>` with the demo skills, or with the same
/// skills in another domain (`__doc_table!(OPS, "ops")`: `ops.greet`,
/// alias `ops-hi`, and `ops.plan`), in a scope of its own. Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __doc_table {
    ($name:ident) => {
        $crate::__doc_table!($name, "demo", "hi");
    };
    ($name:ident, $domain:literal) => {
        $crate::__doc_table!($name, $domain, concat!($domain, "-hi"));
    };
    ($name:ident, $domain:literal, $alias:expr) => {
        static $name: $crate::Table<()> = {
            use $crate::__private::{
                Args as __Args, CallError as __CallError, DomainEntry as __DomainEntry, Eligibility as __Eligibility,
                FlagSpec as __FlagSpec, Handler as __Handler, SkillEntry as __SkillEntry,
                StaticCatalog as __StaticCatalog, StrList as __StrList, Table as __Table, ValueType as __ValueType,
            };
            static __GREET_FLAGS: [__FlagSpec<'static>; 1] = [__FlagSpec {
                name: "name",
                value_type: __ValueType::String,
                list: false,
                required: true,
                values: __StrList::EMPTY,
                default: None,
                short: None,
            }];
            static __PLAN_FLAGS: [__FlagSpec<'static>; 1] = [__FlagSpec {
                name: "topic",
                value_type: __ValueType::String,
                list: false,
                required: true,
                values: __StrList::EMPTY,
                default: None,
                short: None,
            }];
            static __GREET: __SkillEntry = __SkillEntry {
                name: concat!($domain, ".greet"),
                domain: $domain,
                description: "Greet someone by name",
                usage: concat!($domain, ".greet --name <text>"),
                body: concat!(
                    "# ",
                    $domain,
                    ".greet\n\nGreet someone by name.\n\n## Usage\n\n",
                    $domain,
                    ".greet --name <text>\n\n## Flags\n\n--name   Who to greet (required)\n"
                ),
                flags: &__GREET_FLAGS,
                flag_docs: "14 4 23\ntextWho to greet (required)",
                aliases: &[$alias],
                tags: &[],
                schedule: None,
                read_only: true,
                eligibility: __Eligibility { os: &[], env: &[], binaries: &[] },
                source: concat!("skills/", $domain, "/greet.md"),
                shape: 0,
                has_handler: true,
                openai_tool: "",
                anthropic_tool: "",
            };
            static __PLAN: __SkillEntry = __SkillEntry {
                name: concat!($domain, ".plan"),
                domain: $domain,
                description: "Plan a task step by step",
                usage: concat!($domain, ".plan --topic <text>"),
                body: concat!("# ", $domain, ".plan\n\nWrite a three-step plan for {topic}, then run it.\n"),
                flags: &__PLAN_FLAGS,
                flag_docs: "14 4 23\ntextWhat to plan (required)",
                aliases: &[],
                tags: &[],
                schedule: None,
                read_only: true,
                eligibility: __Eligibility { os: &[], env: &[], binaries: &[] },
                source: concat!("skills/", $domain, "/plan.md"),
                shape: 0,
                has_handler: false,
                openai_tool: "",
                anthropic_tool: "",
            };
            static __SKILLS: [&__SkillEntry; 2] = [&__GREET, &__PLAN];
            static __DOMAINS: [__DomainEntry; 1] = [__DomainEntry {
                name: $domain,
                description: "Demonstration skills",
                body: concat!(
                    "# ",
                    $domain,
                    "\n\n| Skill | Description |\n|---|---|\n| ",
                    $domain,
                    ".greet | Greet someone by name |\n| ",
                    $domain,
                    ".plan | Plan a task step by step |\n"
                ),
                source: concat!("skills/", $domain, "/SKILL.md"),
            }];
            static __CATALOG: __StaticCatalog = __StaticCatalog { skills: &__SKILLS, domains: &__DOMAINS, index: None };
            fn __greet<'a>(
                _: &mut (),
                args: &__Args<'a>,
                out: &mut dyn ::core::fmt::Write,
            ) -> Result<(), __CallError<'a>> {
                let name: &str = $crate::__private::field(args, 0, "name")?;
                write!(out, "hello, {name}").map_err(|e| __CallError::Skill(e.into()))
            }
            static __HANDLERS: [Option<__Handler<()>>; 2] = [Some(__Handler::Sync(__greet)), None];
            __Table { catalog: &__CATALOG, handlers: &__HANDLERS, summary: "", root: "skills" }
        };
    };
}
