//! JSON tool calling: the exported schemas are valid JSON Schema (checked by
//! the `jsonschema` crate), tool names map back to their skills, and a JSON
//! call gives the same typed values, the same result or the same error as
//! the command line.

use assistant::{demo_app, router, skills};
use serde_json::{Value, json};
use skills_runtime::json::{ToolCall, ToolFormat, args_to_json};
use skills_runtime::{Kind, Outcome};

/// The first report of a turn on `reply`, against the demo state.
fn reply_report(router: &skills_runtime::Router<assistant::App>, reply: &str) -> skills_runtime::turn::TurnReport {
    skills_runtime::turn::Turn::new(reply, skills_runtime::turn::TurnConfig::default())
        .run(router, &mut demo_app(today(), None))
}

fn today() -> skills_runtime::Date {
    "2026-02-17".parse().unwrap()
}

fn call(name: &str, arguments: Value) -> Outcome {
    router().call_tool(&mut demo_app(today(), None), &ToolCall { name: name.into(), arguments })
}

fn kind(o: &Outcome) -> &'static str {
    o.error.as_ref().map_or("none", |e| e.kind)
}

fn parameters(tool: &Value, format: ToolFormat) -> &Value {
    match format {
        ToolFormat::OpenAi => &tool["function"]["parameters"],
        ToolFormat::Anthropic => &tool["input_schema"],
    }
}

#[test]
fn every_exported_schema_is_valid_json_schema() {
    let router = router();
    for format in [ToolFormat::OpenAi, ToolFormat::Anthropic] {
        let tools = router.tool_schemas(format);
        let tools = tools.as_array().unwrap();
        assert_eq!(tools.len(), skills::SKILLS.len());
        for tool in tools {
            let schema = parameters(tool, format);
            if let Err(e) = jsonschema::meta::validate(schema) {
                panic!("{format:?} schema of {tool} is not valid JSON Schema: {e}");
            }
            jsonschema::options().should_validate_formats(true).build(schema).unwrap();
        }
    }
}

/// The compiled table's schemas (built from the compiled catalog) are the
/// ones dev mode builds from the markdown on disk, in both formats.
#[cfg(feature = "dev")]
#[test]
fn compiled_schemas_are_the_ones_built_from_the_markdown() {
    let registry = assistant::dev_registry(|_| {});
    let dev = skills_runtime::Router::<assistant::App>::with_registry(&skills::TABLE, registry);
    for format in [ToolFormat::OpenAi, ToolFormat::Anthropic] {
        let compiled = router().tool_schemas(format);
        assert_eq!(compiled.as_array().unwrap().len(), skills::SKILLS.len());
        let text = |v: &Value| serde_json::to_string_pretty(v).unwrap();
        assert_eq!(text(&compiled), text(&dev.tool_schemas(format)), "{format:?}");
    }
}

#[test]
fn openai_schemas_follow_strict_mode() {
    for tool in router().tool_schemas(ToolFormat::OpenAi).as_array().unwrap() {
        let f = &tool["function"];
        assert_eq!(tool["type"], "function");
        assert_eq!(f["strict"], true);
        let params = &f["parameters"];
        assert_eq!(params["additionalProperties"], false, "{}", f["name"]);
        let props: Vec<&String> = params["properties"].as_object().unwrap().keys().collect();
        let required: Vec<&str> = params["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(props, required, "{}: strict mode lists every property as required", f["name"]);
        // Optional flags accept null; required ones do not.
        let i = skills::SKILLS.iter().position(|s| skills_core_tool_name(s.name) == f["name"]).unwrap();
        let validator = jsonschema::validator_for(params).unwrap();
        for spec in skills::SKILLS[i].flags {
            let schema = &params["properties"][spec.name];
            let accepts_null = jsonschema::is_valid(schema, &Value::Null);
            assert_eq!(accepts_null, !spec.required, "{} --{}", f["name"], spec.name);
        }
        assert!(!validator.is_valid(&json!({"no_such_flag": 1})), "additional properties are rejected");
    }
}

fn skills_core_tool_name(skill: &str) -> String {
    skill.replace('.', "_")
}

#[test]
fn tool_names_are_legal_and_map_back_to_their_skill() {
    for format in [ToolFormat::OpenAi, ToolFormat::Anthropic] {
        for tool in router().tool_schemas(format).as_array().unwrap() {
            let name = match format {
                ToolFormat::OpenAi => tool["function"]["name"].as_str().unwrap(),
                ToolFormat::Anthropic => tool["name"].as_str().unwrap(),
            };
            assert!(
                name.len() <= 64 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{name}"
            );
            let o = call(name, json!({}));
            let skill = o.skill.as_deref().unwrap_or_else(|| panic!("{name} resolves to no skill: {o}"));
            assert_eq!(skills_core_tool_name(skill), name);
        }
    }
    // The dotted name and aliases work too.
    assert_eq!(call("tasks.search", json!({})).skill.as_deref(), Some("tasks.search"));
    assert_eq!(call("recall", json!({"query": "x"})).skill.as_deref(), Some("memory.search"));
    // Ignoring case, as on the command line.
    assert_eq!(call("Tasks.Search", json!({})).skill.as_deref(), Some("tasks.search"));
    assert_eq!(call("TASKS_SEARCH", json!({})).skill.as_deref(), Some("tasks.search"));
    let o = call("taks_search", json!({}));
    assert_eq!(kind(&o), "unknown_skill");
    assert_eq!(o.text, "unknown tool `taks_search`; did you mean `tasks_search`?");
    // A runaway name is quoted by its start, and its splits at `_` are not
    // tried one by one (each a copy of the name).
    let runaway = "a_".repeat(500_000);
    let o = call(&runaway, json!({}));
    assert_eq!(kind(&o), "unknown_skill");
    assert_eq!(o.text, format!("unknown tool `{}… (999800 more bytes)`", &runaway[..200]));
    assert!(o.to_model_text().len() < 1000);
}

/// Every example of every bundled skill, run as a command line and as a
/// tool call built from the command's own typed values: the same typed
/// values, then the same result.
#[test]
fn the_json_path_gives_the_same_values_and_results_as_the_command_line() {
    let tree = skills_parser::load(std::path::Path::new("skills"), &Default::default());
    let router = router();
    let mut compared = 0;
    for skill in tree.skills.iter().filter(|s| s.name != "workflow.build") {
        let entry = skills::SKILLS.iter().find(|e| e.name == skill.name).unwrap();
        let view = entry.view();
        for ex in &skill.examples {
            let tokens = skills_runtime::tokenize::split(&ex.text).unwrap();
            let tokens: Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
            let cli_args = skills_runtime::args::parse(entry.flags, &tokens[1..]).unwrap();
            let typed = args_to_json(&view.flags, &cli_args);
            // Strict schemas accept exactly this object.
            let strict = router.tool_schemas(ToolFormat::OpenAi);
            let tool = strict
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["function"]["name"] == skills_core_tool_name(&skill.name))
                .unwrap();
            assert!(jsonschema::is_valid(&tool["function"]["parameters"], &typed), "{}: {typed}", ex.text);

            let by_cli = router.execute(&mut demo_app(today(), None), &ex.text);
            let by_json = router.call_tool(
                &mut demo_app(today(), None),
                &ToolCall { name: skills_core_tool_name(&skill.name), arguments: typed.clone() },
            );
            assert_eq!(
                (by_cli.kind, &by_cli.skill, &by_cli.text),
                (by_json.kind, &by_json.skill, &by_json.text),
                "{}",
                ex.text
            );
            assert_ne!(by_cli.kind, Kind::Error, "{}: {by_cli}", ex.text);
            compared += 1;
        }
    }
    assert!(compared >= 25, "{compared}");
}

#[test]
fn the_json_path_reports_the_same_errors_in_its_own_words() {
    let cases: &[(&str, &str, Value, &str, &str)] = &[
        (
            "tasks.search --limt 5",
            "tasks_search",
            json!({"limt": 5}),
            "unknown_flag",
            "unknown argument `limt`; did you mean `limit`?",
        ),
        (
            "tasks.search --no-overdue",
            "tasks_search",
            json!({"no_overdue": true}),
            "unknown_flag",
            "unknown argument `no_overdue`; there is no negated form: leave `overdue` out",
        ),
        (
            "tasks.search --limit five",
            "tasks_search",
            json!({"limit": "five"}),
            "invalid_integer",
            "argument `limit` expects an integer, not `five`",
        ),
        (
            "tasks.search --limit 2.5",
            "tasks_search",
            json!({"limit": 2.5}),
            "invalid_integer",
            "argument `limit` expects an integer, not `2.5`",
        ),
        (
            "tasks.search --due-before 2026-02-30",
            "tasks_search",
            json!({"due-before": "2026-02-30"}),
            "invalid_date",
            "argument `due-before` expects a date written YYYY-MM-DD, not `2026-02-30` (that day does not exist in that month)",
        ),
        (
            "tasks.search --status overdue",
            "tasks_search",
            json!({"status": ["overdue"]}),
            "invalid_enum",
            "`overdue` is not a value of argument `status`; allowed: todo, in_progress, blocked, done, cancelled",
        ),
        (
            "tasks.search --query marketing report",
            "tasks_search",
            json!({"query": ["marketing", "report"]}),
            "too_many_values",
            "argument `query` takes one value but got 2",
        ),
        (
            "email.send --to a@b.com",
            "email_send",
            json!({"to": ["a@b.com"]}),
            "missing_required",
            "missing required arguments: `subject`, `body`",
        ),
        (
            "tasks.search --overdue maybe",
            "tasks_search",
            json!({"overdue": "maybe"}),
            "invalid_boolean",
            "argument `overdue` is a boolean: send true or false, not `maybe`",
        ),
    ];
    for (line, tool, args, want_kind, json_message) in cases {
        let by_cli = router().execute(&mut demo_app(today(), None), line);
        let by_json = call(tool, args.clone());
        assert_eq!(kind(&by_cli), *want_kind, "{line}: {by_cli}");
        assert_eq!(kind(&by_json), *want_kind, "{args}: {by_json}");
        assert_eq!(by_json.text, *json_message, "{args}");
    }
    // Comma-separated values for a list: each form's own fix.
    let by_cli = router().execute(&mut demo_app(today(), None), "tasks.search --status blocked,done");
    let by_json = call("tasks_search", json!({"status": "blocked, done"}));
    assert_eq!(by_cli.error.unwrap().hint, "separate values with spaces, not commas: --status blocked done");
    assert_eq!(by_json.error.unwrap().hint, r#"send several values as an array: "status": ["blocked", "done"]"#);
    // An array whose items keep the commas of a written list.
    let by_json = call("email_send", json!({"to": ["a@b.co,", "c@d.co"], "subject": "Q1", "body": "Hi"}));
    let e = by_json.error.unwrap();
    assert_eq!(e.kind, "list_punctuation");
    assert_eq!(
        e.message,
        "argument `to` has a value with a comma or bracket, `a@b.co,`: send each value as an item of the array"
    );
    assert_eq!(e.hint, r#"send several values as an array: "to": ["a@b.co", "c@d.co"]"#);
    // Text values joined by commas in one: a string where an array belongs,
    // or one token of a command, each told its own form (they used to reach
    // the handler as one value, so a search for the tag `urgent,q1` found
    // nothing).
    for (by_json, hint) in [
        (
            call("email_send", json!({"to": "a@b.co, c@d.co", "subject": "Q1", "body": "Hi"})),
            r#"send several values as an array: "to": ["a@b.co", "c@d.co"]"#,
        ),
        (
            call("tasks_search", json!({"tags": "urgent,q1"})),
            r#"send several values as an array: "tags": ["urgent", "q1"]"#,
        ),
    ] {
        let e = by_json.error.unwrap();
        assert_eq!((e.kind, e.hint.as_str()), ("list_punctuation", hint));
    }
    for (line, hint) in [
        ("tasks.search --tags urgent,q1", "separate values with spaces, without commas or brackets: --tags urgent q1"),
        ("tasks.search --tags=urgent,q1", "separate values with spaces, without commas or brackets: --tags urgent q1"),
    ] {
        let e = router().execute(&mut demo_app(today(), None), line).error.unwrap();
        assert_eq!((e.kind, e.hint.as_str()), ("list_punctuation", hint), "{line}");
    }
    // An enum value written with spaces between its words: the value to
    // write, on each path.
    let e = router().execute(&mut demo_app(today(), None), r#"tasks.search --status "in progress""#).error.unwrap();
    assert_eq!((e.kind, e.hint.as_str()), ("invalid_enum", "write it as --status in_progress"));
    let e = call("tasks_search", json!({"status": "In Progress"})).error.unwrap();
    assert_eq!((e.kind, e.hint.as_str()), ("invalid_enum", r#"send it as "status": "in_progress""#));
    // Keys in camelCase, as JavaScript APIs name them, are the flags whose
    // words they join.
    let camel = call("tasks_search", json!({"dueBefore": "2026-03-01", "Limit": 2}));
    let snake = call("tasks_search", json!({"due_before": "2026-03-01", "limit": 2}));
    assert_eq!((kind(&camel), camel.text.as_str()), ("none", snake.text.as_str()));
    // A value sent as an array's item, or quoted with a space, is one
    // value as written.
    assert_eq!(kind(&call("tasks_search", json!({"tags": ["urgent,q1"]}))), "none");
    assert_eq!(kind(&router().execute(&mut demo_app(today(), None), r#"tasks.search --tags "urgent, q1""#)), "none");
    // The arguments written as JSON after the skill's name: the command
    // they stand for, quoted so that it does the same.
    let o = router().execute(
        &mut demo_app(today(), None),
        r#"email.send {"to": ["a@b.co"], "subject": "Q1 report", "body": "It's here"}"#,
    );
    let hint = o.error.unwrap().hint;
    assert_eq!(
        hint,
        r#"a command takes flags, not JSON: write email.send --to a@b.co --subject "Q1 report" --body "It's here""#
    );
    let command = hint.split_once("write ").unwrap().1;
    let fixed = router().execute(&mut demo_app(today(), None), command);
    assert_eq!(fixed.kind, Kind::Reply, "{fixed}");
    // A yes or no in other words: the switch written as it should be.
    for (line, args, cli_hint, json_hint) in [
        (
            "tasks.search --overdue yes",
            json!({"overdue": "yes"}),
            "write --overdue alone",
            r#"send it as "overdue": true"#,
        ),
        ("tasks.search --overdue=Off", json!({"overdue": 0}), "leave --overdue out", r#"send it as "overdue": false"#),
    ] {
        let by_cli = router().execute(&mut demo_app(today(), None), line);
        let by_json = call("tasks_search", args.clone());
        assert_eq!(by_cli.error.unwrap().hint, cli_hint, "{line}");
        assert_eq!(by_json.error.unwrap().hint, json_hint, "{args}");
    }
}

#[test]
fn values_sent_as_strings_are_read_as_the_flags_type() {
    let loose = call("tasks_search", json!({"limit": "1", "overdue": "false", "status": "todo"}));
    let exact = call("tasks_search", json!({"limit": 1, "overdue": false, "status": ["todo"]}));
    assert_eq!(loose.kind, Kind::Reply, "{loose}");
    assert_eq!(loose.text, exact.text);
    let whole = call("tasks_search", json!({"limit": 1.0}));
    assert_eq!(whole.kind, Kind::Reply, "1.0 is the integer 1");
    // Null means absent (strict schemas send it for optional flags).
    assert_eq!(call("tasks_search", json!({"query": null, "limit": null})).kind, Kind::Reply);
    let o = call("tasks_search", json!({"query": {"text": "x"}}));
    assert_eq!(kind(&o), "invalid_type");
    assert_eq!(o.text, "argument `query` expects a string, not an object");
    let o = call("tasks_search", json!({"status": [["todo"]]}));
    assert_eq!(
        o.text,
        "argument `status` expects an array of values, each a string from its allowed values, not an array holding arrays, objects or nulls"
    );
    let o = call("tasks_search", json!(["not", "an", "object"]));
    assert_eq!(kind(&o), "invalid_arguments");
}

#[test]
fn every_call_shape_models_send_is_read() {
    let shapes = [
        json!({"skill": "tasks.get", "arguments": {"id": "task_1"}}),
        json!({"name": "tasks_get", "arguments": "{\"id\": \"task_1\"}"}),
        json!({"type": "function", "function": {"name": "tasks_get", "arguments": "{\"id\": \"task_1\"}"}}),
        json!({"type": "tool_use", "id": "toolu_1", "name": "tasks_get", "input": {"id": "task_1"}}),
        json!({"functionCall": {"name": "tasks_get", "args": {"id": "task_1"}}}),
        json!({"function_call": {"name": "tasks_get", "arguments": "{\"id\": \"task_1\"}"}}),
        json!({"tool": "tasks_get", "tool_input": {"id": "task_1"}}),
        json!({"tool_name": "tasks.get", "params": {"id": "task_1"}}),
        json!({"type": "function_call", "call_id": "c1", "name": "tasks_get", "arguments": "{\"id\": \"task_1\"}"}),
    ];
    let mut texts = Vec::new();
    for shape in &shapes {
        let call = ToolCall::from_json(shape).unwrap();
        let o = router().call_tool(&mut demo_app(today(), None), &call);
        assert_eq!(o.kind, Kind::Reply, "{shape}: {o}");
        texts.push(o.text);
    }
    assert!(texts.windows(2).all(|w| w[0] == w[1]));
    assert!(ToolCall::from_json(&json!({"arguments": {}})).unwrap_err().contains("names no skill"));
    assert!(
        ToolCall::from_json(&json!({"name": "x", "arguments": "{oops"}))
            .unwrap_err()
            .starts_with("the arguments are not valid JSON")
    );
    let e = ToolCall::from_json(&json!({"name": "x", "arguments": "--to b@c.co"})).unwrap_err();
    assert!(e.contains("they are a command line; send a JSON object of flag names to values"), "{e}");
}

#[test]
fn a_key_given_twice_in_a_tool_call_is_refused_not_overwritten() {
    // The generic shape with the arguments as an object, and OpenAI's with
    // them as a JSON string: neither lets the last `limit` win silently.
    let e = ToolCall::parse(r#"{"skill": "tasks.search", "arguments": {"limit": 1, "limit": 3}}"#).unwrap_err();
    assert_eq!(e, "in the tool call, `limit` is given twice: give each argument once (several values go in one array)");
    let e = ToolCall::parse(r#"{"name": "tasks_search", "arguments": "{\"status\": \"todo\", \"status\": \"done\"}"}"#)
        .unwrap_err();
    assert!(e.starts_with("in the arguments, `status` is given twice"), "{e}");
    // Nested objects are checked too; the same key in two objects is fine.
    let e = ToolCall::parse(r#"{"type": "function", "function": {"name": "a", "name": "b"}}"#).unwrap_err();
    assert!(e.contains("`name` is given twice"), "{e}");
    let call =
        ToolCall::parse(r#"{"type": "tool_use", "name": "tasks_search", "input": {"limit": 2, "name": "x"}}"#).unwrap();
    assert_eq!((call.name.as_str(), &call.arguments["limit"]), ("tasks_search", &json!(2)));
    // What parses is what `from_json` reads, and it runs the same.
    let text = r#"{"name": "tasks_get", "arguments": "{\"id\": \"task_1\"}"}"#;
    let call = ToolCall::parse(text).unwrap();
    assert_eq!(call, ToolCall::from_json(&serde_json::from_str(text).unwrap()).unwrap());
    assert_eq!(router().call_tool(&mut demo_app(today(), None), &call).kind, Kind::Reply);
    // Syntax errors keep serde_json's words and position.
    assert_eq!(
        ToolCall::parse("{\"name\": ").unwrap_err(),
        "the tool call is not valid JSON: EOF while parsing a value at line 1 column 9"
    );
}

#[test]
fn the_prompt_section_stays_under_400_tokens() {
    let tokens = skills_runtime::prompt::estimate_tokens(skills::SUMMARY);
    assert!(tokens < 400, "{tokens}");
    assert!(skills::SUMMARY.contains("Use: get_skill: <domain>.all to load all skills in a domain"));
    assert!(skills::SUMMARY.contains("email.send --to <addresses> --subject <text> --body <text> [...]"));
    let full = skills_runtime::prompt::system_prompt(skills::SUMMARY);
    assert!(full.starts_with("You are an AI assistant."));
    assert!(full.trim_end().ends_with(skills::SUMMARY.trim_end()));
}

/// An argument named as the command line's flag (`--limit`, as models
/// used to commands write it) is that flag, called or written as text.
#[test]
fn an_argument_named_with_dashes_is_the_flag() {
    use skills_runtime::turn::{Turn, TurnConfig};
    let dashed = call("tasks_search", json!({"--limit": 1, "--due_before": "2026-03-01"}));
    let plain = call("tasks_search", json!({"limit": 1, "due_before": "2026-03-01"}));
    assert_eq!((kind(&dashed), &dashed.text), (kind(&plain), &plain.text));
    let reply = r#"{"name": "tasks_search", "arguments": {"--limit": 1}}"#;
    let report = Turn::new(reply, TurnConfig::default()).run(&router(), &mut demo_app(today(), None));
    let hint = &report.results[0].error.as_ref().unwrap().hint;
    assert!(hint.ends_with("```cmd\ntasks.search --limit 1\n```"), "{hint}");
}

/// A call written as JSON text in a reply is not run; the hint is a
/// command line, and that command does what the call would have done,
/// whatever its values hold (spaces, quotes, `$(`, a leading dash).
#[test]
fn a_call_written_as_text_is_told_the_command_that_does_the_same() {
    use skills_runtime::turn::{Turn, TurnConfig};
    let calls = [
        json!({"skill": "tasks.search", "arguments": {"query": "Q1 report", "status": ["todo", "blocked"], "overdue": true, "limit": 2}}),
        json!({"name": "email_send", "arguments": {"to": ["a@b.co", "c@d.co"], "subject": "It's \"done\" $(now)", "body": "a\\b\nc"}}),
        json!({"type": "function", "function": {"name": "tasks_search", "arguments": "{\"limit\": -1, \"overdue\": false}"}}),
        json!({"type": "tool_use", "name": "tasks_create", "input": {"title": "-draft-", "due": "2026-03-01", "tags": ["a b", "c"]}}),
    ];
    for value in calls {
        // The same call in the tags of other tool-call formats: Llama 3.1's
        // `<function=name>{...}</function>`, and Anthropic's `<invoke>` with
        // a `<parameter>` per argument (strings as written, the rest as JSON).
        let call = ToolCall::from_json(&value).unwrap();
        // Each argument written by `tag` (strings as written, the rest as JSON).
        let each = |tag: &dyn Fn(&str, String) -> String| -> String {
            let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
            call.arguments.as_object().unwrap().iter().map(|(k, v)| tag(k, text(v))).collect()
        };
        let parameters = each(&|k, v| format!("<parameter name=\"{k}\">{v}</parameter>\n"));
        // Qwen3-Coder's `<parameter=key>` tags inside `<function=name>`.
        let qwen_parameters = each(&|k, v| format!("<parameter={k}>\n{v}\n</parameter>\n"));
        // GLM's `<arg_key>` and `<arg_value>` pairs.
        let glm_pairs = each(&|k, v| format!("<arg_key>{k}</arg_key>\n<arg_value>{v}</arg_value>\n"));
        let tagged = [
            format!("<tool_call>{}\n{glm_pairs}</tool_call>", call.name),
            format!("<function={}>{}</function>", call.name, call.arguments),
            format!("<tool_call>\n<function={}>\n{qwen_parameters}</function>\n</tool_call>", call.name),
            format!(
                "Let me do that.\n<function_calls>\n<invoke name=\"{}\">\n{parameters}</invoke>\n</function_calls>\n",
                call.name
            ),
        ];
        // Mistral's marker and Llama's special token before the JSON.
        let plain = json!({"name": call.name, "arguments": call.arguments});
        let marked = [
            format!("[TOOL_CALLS] [{plain}]"),
            format!("<|python_tag|>{plain}"),
            // A message printed whole.
            format!("{{\"role\": \"assistant\", \"tool_calls\": [{value}]}}"),
        ];
        // As Python calls: Gemini's `tool_code` (or `default_api.` in a
        // Python block), Llama 3.2's list, a line of text that is a call.
        let keywords: Vec<String> =
            call.arguments.as_object().unwrap().iter().map(|(k, v)| format!("{k}={}", python(v))).collect();
        let python_call = format!("{}({})", call.name, keywords.join(", "));
        let pythonic = [
            format!("```tool_code\nprint(default_api.{python_call})\n```"),
            format!("```python\ndefault_api.{}(\n    {}\n)\n```", call.name, keywords.join(",\n    ")),
            format!("[{python_call}]"),
            format!("Calling it now.\n\n{python_call}\n"),
        ];
        // gpt-oss's harmony message, with its special tokens and without;
        // ReAct's `Action:` and `Action Input:` lines.
        let arguments = &call.arguments;
        let other = [
            format!(
                "<|start|>assistant<|channel|>commentary to=functions.{} <|constrain|>json<|message|>{arguments}<|call|>",
                call.name
            ),
            format!("commentary to=functions.{} json\n{arguments}", call.name),
            // The recipient in the role header, before the channel.
            format!(
                "<|start|>assistant to=functions.{}<|channel|>commentary json<|message|>{arguments}<|call|>",
                call.name
            ),
            // Kimi K2's special tokens.
            format!(
                "<|tool_calls_section_begin|><|tool_call_begin|>functions.{}:0<|tool_call_argument_begin|>{arguments}<|tool_call_end|><|tool_calls_section_end|>",
                call.name
            ),
            // Mistral's `[ARGS]` form, with and without a call id.
            format!("[TOOL_CALLS]{}[ARGS]{arguments}", call.name),
            format!("[TOOL_CALLS]{}[CALL_ID]a1B2c3D4e[ARGS]{arguments}", call.name),
            // DeepSeek's special tokens: V3.1, then V3 and R1.
            format!(
                "<\u{ff5c}tool\u{2581}calls\u{2581}begin\u{ff5c}><\u{ff5c}tool\u{2581}call\u{2581}begin\u{ff5c}>{}<\u{ff5c}tool\u{2581}sep\u{ff5c}>{arguments}<\u{ff5c}tool\u{2581}call\u{2581}end\u{ff5c}><\u{ff5c}tool\u{2581}calls\u{2581}end\u{ff5c}>",
                call.name
            ),
            format!(
                "<\u{ff5c}tool\u{2581}call\u{2581}begin\u{ff5c}>function<\u{ff5c}tool\u{2581}sep\u{ff5c}>{}\n```json\n{arguments:#}\n```<\u{ff5c}tool\u{2581}call\u{2581}end\u{ff5c}>",
                call.name
            ),
            format!("Thought: I should do it.\nAction: {}\nAction Input: {arguments}\n", call.name),
        ];
        let replies =
            [format!("Doing it:\n\n```json\n{value:#}\n```\n"), format!("<tool_call>\n{value}\n</tool_call>")]
                .into_iter()
                .chain(marked)
                .map(|r| (r, "as JSON text"))
                .chain(tagged.into_iter().map(|r| (r, "as tags in the text")))
                .chain(pythonic.into_iter().map(|r| (r, "as a Python call")))
                .chain(other.into_iter().map(|r| (r, "in another tool-call format")));
        for (reply, written) in replies {
            let router = router();
            let mut turn = Turn::new(&reply, TurnConfig::default());
            let report = turn.run(&router, &mut demo_app(today(), None));
            assert_eq!(report.results.len(), 1, "{reply}");
            let error = report.results[0].error.as_ref().unwrap();
            assert_eq!(error.kind, "command_not_in_cmd_block", "{reply}");
            assert!(
                error.message.contains(&format!("is written {written}, so it was shown, not run")),
                "{}",
                error.message
            );
            let command = error.hint.split("```cmd\n").nth(1).unwrap().trim_end_matches("\n```");
            let direct = router.call_tool(&mut demo_app(today(), None), &ToolCall::from_json(&value).unwrap());
            let ran = router.execute(&mut demo_app(today(), None), command);
            assert_eq!((ran.kind, ran.text.as_str()), (direct.kind, direct.text.as_str()), "{command}");
        }
    }
}

/// `value` as a Python literal.
fn python(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Array(items) => format!("[{}]", items.iter().map(python).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            format!("{{{}}}", map.iter().map(|(k, v)| format!("{k:?}: {}", python(v))).collect::<Vec<_>>().join(", "))
        }
        // JSON's numbers, and its strings' quoting and escapes, are Python's.
        other => other.to_string(),
    }
}

/// A Python call is read as Python reads it, across lines: a
/// triple-quoted string keeps its blank and `#` lines, adjacent strings are
/// joined, comments are skipped, escapes are decoded; the hint's command
/// does what the call would have done.
#[test]
fn a_python_call_across_lines_keeps_its_strings_whole() {
    let reply = concat!(
        "Sending it.\n\n```tool_code\n",
        "print(default_api.email_send(\n",
        "    to=['bob@co.com'],  # the boss\n",
        "    subject=(\"Q1 \" 'report'),\n",
        "    body=\"\"\"Hi Bob,\n",
        "\n",
        "# Totals\n",
        "Up 4\\x25 \\u2014 see \\\"Q1\\\".\"\"\",\n",
        "))\n",
        "```\n",
    );
    let router = router();
    let report = reply_report(&router, reply);
    assert_eq!(report.results.len(), 1, "{reply}");
    let error = report.results[0].error.as_ref().unwrap();
    let command = error.hint.split("```cmd\n").nth(1).unwrap().trim_end_matches("\n```");
    let direct = call(
        "email_send",
        json!({"to": ["bob@co.com"], "subject": "Q1 report", "body": "Hi Bob,\n\n# Totals\nUp 4% \u{2014} see \"Q1\"."}),
    );
    let ran = router.execute(&mut demo_app(today(), None), command);
    assert_eq!((ran.kind, ran.text.as_str()), (direct.kind, direct.text.as_str()), "{command}");
}

/// A Python call of a skill that cannot be read (a variable, a line break
/// in a one-quote string, an unclosed call) is not passed over in silence:
/// the model hears where reading stopped, and the skill's usage.
#[test]
fn a_python_call_that_cannot_be_read_is_told_why() {
    let cases = [
        (
            "```tool_code\nprint(default_api.email_send(\n    to=recipients,\n    subject='Q1'))\n```\n",
            "a variable or an expression on line 3, at `recipients,`",
        ),
        (
            "```tool_code\nemail_send(to=['a@b.co'], body=\"Hi\nBob\")\n```\n",
            "one-quote string (write `\\n`) on line 2",
        ),
        (
            "```\ndefault_api.email_send(to=['a@b.co']\n\n```\n",
            "no `)` after the arguments on line 2, at the end of the block",
        ),
    ];
    let router = router();
    for (reply, why) in cases {
        let report = reply_report(&router, reply);
        assert_eq!(report.results.len(), 1, "{reply}");
        let error = report.results[0].error.as_ref().unwrap();
        assert_eq!((error.kind, report.results[0].command.as_str()), ("command_not_in_cmd_block", "email.send"));
        assert!(
            error.message.contains("cannot be read as Python literals") && error.message.contains(why),
            "{}",
            error.message
        );
        assert!(error.hint.ends_with("each value written out: email.send --to <addresses> --subject <text> --body <text> [--cc <addresses>] [--bcc <addresses>] [--attachments <file_ids>]"), "{}", error.hint);
    }
    // Code that is not a call of a skill stays code: a loop in a Python
    // block, a call of something else.
    for reply in
        ["```python\nfor r in rs:\n    default_api.email_send(to=[r], body=x)\n```\n", "```tool_code\nlog(x=y)\n```\n"]
    {
        let report = reply_report(&router, reply);
        assert!(report.results.is_empty(), "{reply}: {:?}", report.results);
    }
}

/// A tool call written as JSON that is not valid JSON (a trailing comma,
/// Python's `True`, a line break inside a string, a reply cut short), in
/// any format that carries JSON, is not passed over in silence: the model
/// hears what is wrong and where, and the skill's usage. JSON naming no
/// skill stays text.
#[test]
fn a_tool_call_in_broken_json_is_told_why() {
    let cases = [
        (
            "Sending.\n\n```json\n{\"name\": \"email_send\", \"arguments\": {\"to\": [\"a@b.co\"],}}\n```\n",
            "as JSON text",
            "it is not valid JSON: trailing comma on line 4, at `}}`",
        ),
        (
            "<tool_call>\n{\"name\": \"email_send\", \"arguments\": {\"to\": [\"a@b.co\"], \"urgent\": True}}\n</tool_call>\n",
            "as JSON text",
            "it is not valid JSON: expected value on line 2, at `True}}`",
        ),
        (
            "<tool_call>\n{\"name\": \"email_send\", \"arguments\": {\"body\": \"one\ntwo\"}}\n</tool_call>\n",
            "as JSON text",
            "it is not valid JSON: control character (\\u0000-\\u001F) found while parsing a string on line 3",
        ),
        (
            "Sending:\n{\"name\": \"email_send\", \"arguments\": {\"to\": [\"a@b.co\"]",
            "as JSON text",
            "it is not valid JSON: EOF while parsing an object on line 2, at the end of the reply",
        ),
        (
            "{\"type\": \"function\", \"function\": {\"name\": \"email_send\", \"arguments\": \"{\\\"to\\\": [],}\"}}\n",
            "as JSON text",
            "its arguments cannot be read: on line 1, the arguments are not valid JSON (trailing comma",
        ),
        (
            "x\n<function=email_send>\n{\"to\": [\"a@b.co\"],\n}\n</function>\n",
            "as tags in the text",
            "its arguments are not valid JSON: trailing comma on line 4, at `}`",
        ),
        (
            "Thought: mail it.\nAction: email_send\nAction Input: {\"to\": [\"a@b.co\"],}\n",
            "in another tool-call format",
            "its arguments are not valid JSON: trailing comma on line 3, at `}`",
        ),
        (
            "[TOOL_CALLS]email_send[ARGS]{\"to\": [\"a@b.co\"],}",
            "in another tool-call format",
            "its arguments are not valid JSON: trailing comma on line 1, at `}`",
        ),
        (
            "<|channel|>commentary to=functions.email_send <|constrain|>json<|message|>{\"to\": ['a@b.co']}<|call|>",
            "in another tool-call format",
            "its arguments are not valid JSON: expected value on line 1, at `'a@b.co']}<|call|>`",
        ),
    ];
    let router = router();
    for (reply, written, why) in cases {
        let report = reply_report(&router, reply);
        assert_eq!(report.results.len(), 1, "{reply}");
        let (result, error) = (&report.results[0], report.results[0].error.as_ref().unwrap());
        assert_eq!((error.kind, result.command.as_str()), ("command_not_in_cmd_block", "email.send"), "{reply}");
        assert!(
            error.message.contains(&format!("is written {written}, so it was shown, not run")),
            "{}",
            error.message
        );
        assert!(error.message.contains(why), "{reply}\n{}", error.message);
        assert!(error.hint.ends_with("each value written out: email.send --to <addresses> --subject <text> --body <text> [--cc <addresses>] [--bcc <addresses>] [--attachments <file_ids>]"), "{}", error.hint);
    }
    let report = reply_report(&router, "An example:\n{\"name\": \"Bob\", \"age\": 3,}\n");
    assert!(report.results.is_empty(), "{:?}", report.results);
    // A line of text that starts like JSON and never closes hides no call
    // after it.
    let reply = "[Step 1: searching.\n{\"name\": \"tasks_search\", \"arguments\": {\"limit\": 1}}\n";
    let report = reply_report(&router, reply);
    assert_eq!(report.results.len(), 1, "{:?}", report.results);
    assert!(report.results[0].error.as_ref().unwrap().hint.ends_with("```cmd\ntasks.search --limit 1\n```"));
    // Nor do thousands of lines that open brackets and never close, which
    // are read in linear time (a bracket scan from each of them to the end
    // took 1.1 s for 20,000 lines in a release build, and grew with their
    // square; 0.09 s for 10,000 lines and 0.36 s for 40,000 since: measured,
    // not asserted).
    let reply =
        format!("{}{{\"name\": \"tasks_search\", \"arguments\": {{\"limit\": 1}}}}\n", "{\"a\": [\n".repeat(5_000));
    let report = reply_report(&router, &reply);
    assert_eq!(report.results.len(), 1, "{:?}", report.results);
    assert!(report.results[0].error.as_ref().unwrap().hint.ends_with("```cmd\ntasks.search --limit 1\n```"));
}

/// A reply with commands that also writes a tool call outside code blocks
/// (in tags, after a special token, as a JSON object starting a line) is
/// told that call did not run, with the command; a call in a code block
/// beside commands is an example, a call of a skill a command of the reply
/// runs may be that command written twice, and commands written as text or
/// in another block stay unreported, as before.
#[test]
fn a_tool_call_beside_commands_is_told_it_did_not_run() {
    let router = router();
    let kinds = |report: &skills_runtime::turn::TurnReport| -> Vec<String> {
        report
            .results
            .iter()
            .map(|o| {
                format!("{} {}", o.command.split(' ').next().unwrap_or(""), o.error.as_ref().map_or("ok", |e| e.kind))
            })
            .collect()
    };
    let cmd = "```cmd\ntasks.get --id task_1\n```\n";
    for call in [
        "<tool_call>{\"name\": \"email_search\", \"arguments\": {\"limit\": 1}}</tool_call>",
        "<tool_call>\n{\"name\": \"email_search\", \"arguments\": {\"limit\": 1}}\n</tool_call>",
        "[TOOL_CALLS]email_search[ARGS]{\"limit\": 1}",
        "<function=email_search>{\"limit\": 1}</function>",
        "{\"name\": \"email_search\", \"arguments\": {\"limit\": 1}}",
    ] {
        for reply in [format!("Checking.\n\n{call}\n\n{cmd}"), format!("{cmd}\nAnd:\n\n{call}\n")] {
            let report = reply_report(&router, &reply);
            assert_eq!(kinds(&report), ["email.search command_not_in_cmd_block", "tasks.get ok"], "{reply}");
            let error = report.results[0].error.as_ref().unwrap();
            assert!(error.message.contains("so it was shown, not run"), "{}", error.message);
            assert!(error.hint.ends_with("```cmd\nemail.search --limit 1\n```"), "{}", error.hint);
        }
    }
    for reply in [
        // An example in a code block.
        format!(
            "{cmd}\nThe JSON form:\n\n```json\n{{\"name\": \"email_search\", \"arguments\": {{\"limit\": 1}}}}\n```\n"
        ),
        format!("{cmd}\n```xml\n<tool_call>{{\"name\": \"email_search\", \"arguments\": {{}}}}</tool_call>\n```\n"),
        // The same skill as a command: perhaps the same call, written twice.
        format!("<tool_call>{{\"name\": \"tasks_get\", \"arguments\": {{\"id\": \"task_2\"}}}}</tool_call>\n\n{cmd}"),
        // Python calls, other blocks and commands written as text.
        format!(
            "{cmd}\nI could also call email_search(limit=1).\n\n```bash\nemail.search --limit 1\n```\n\nemail.search --limit 1\n"
        ),
    ] {
        let report = reply_report(&router, &reply);
        assert_eq!(kinds(&report), ["tasks.get ok"], "{reply}");
    }
}

/// A tool call written as text of a name no skill has, close to one's
/// (`email_sned`), is reported with the skill meant and its usage, read or
/// not; a call of a name close to none is for something else, and stays
/// text.
#[test]
fn a_misspelt_tool_call_as_text_is_told_the_skill_meant() {
    let router = router();
    for (reply, message) in [
        (
            "```json\n{\"name\": \"email_sned\", \"arguments\": {\"to\": [\"a@b.co\"]}}\n```\n",
            "a tool call of `email_sned` is written as JSON text, so it was shown, not run: only ```cmd blocks run commands; and no skill is named so: did you mean `email.send`?",
        ),
        (
            "<function=tasks_serach>{\"limit\": 1}</function>",
            "a tool call of `tasks_serach` is written as tags in the text, so it was shown, not run: only ```cmd blocks run commands; and no skill is named so: did you mean `tasks.search`?",
        ),
        (
            "```tool_code\nprint(default_api.email_sned(to=recipients))\n```\n",
            "a tool call of `email_sned` (no skill is named so: did you mean `email.send`?) is written as a Python call, so it was shown, not run",
        ),
    ] {
        let report = reply_report(&router, reply);
        assert_eq!(report.results.len(), 1, "{reply}");
        let error = report.results[0].error.as_ref().unwrap();
        assert!(error.message.starts_with(message), "{}", error.message);
        assert!(error.hint.contains("each value written out: "), "{}", error.hint);
    }
    // The help command, misspelt too, is told as the command it is.
    let reply = "```json\n{\"name\": \"get_skills\", \"arguments\": {\"name\": \"email\"}}\n```\n";
    let report = reply_report(&router, reply);
    let error = report.results[0].error.as_ref().unwrap();
    assert!(error.message.starts_with("a tool call of `get_skill` is written as JSON text"), "{}", error.message);
    assert!(error.hint.ends_with("```cmd\nget_skill: email\n```"), "{}", error.hint);
    for reply in
        ["```json\n{\"name\": \"weather_now\", \"arguments\": {}}\n```\n", "```tool_code\nprint(len(x=3))\n```\n"]
    {
        let report = reply_report(&router, reply);
        assert!(report.results.is_empty(), "{reply}: {:?}", report.results);
    }
}

/// A Python call written as text across lines (Llama's list of calls
/// pretty-printed, a call after a special token, a string over several
/// lines) is read whole, its strings as written; a call on one line of a
/// paragraph of prose is read as before.
#[test]
fn a_python_call_across_lines_of_text_is_read_whole() {
    let router = router();
    for (reply, command) in [
        ("[tasks_search(\n    limit=5,\n    status=[\"todo\"]\n)]\n", "tasks.search --limit 5 --status todo"),
        ("I will search.\n\ntasks_search(\n    limit=5\n)\n", "tasks.search --limit 5"),
        ("<|python_tag|>tasks_search(limit=3)\n", "tasks.search --limit 3"),
        (
            "Mailing.\n\n<|python_tag|>email_send(to=[\"a@b.co\"], body=\"\"\"Hi,\n    indented\nend\"\"\")\n",
            "email.send --to a@b.co --body \"Hi,\n    indented\nend\"",
        ),
        ("Let me check.\ntasks_search(limit=2)\n", "tasks.search --limit 2"),
        // One object as the arguments, as OpenAI's TypeScript-like
        // signatures write a call.
        ("functions.tasks_search({\"limit\": 4, \"overdue\": true})\n", "tasks.search --limit 4 --overdue"),
    ] {
        let report = reply_report(&router, reply);
        assert_eq!(report.results.len(), 1, "{reply}: {:?}", report.results);
        let hint = &report.results[0].error.as_ref().unwrap().hint;
        assert!(hint.ends_with(&format!("```cmd\n{command}\n```")), "{reply}: {hint}");
    }
}

/// A Python call written as a command in a ```cmd block is told the
/// command it stands for.
#[test]
fn a_python_call_as_a_command_is_told_the_command() {
    let router = router();
    let ran = router.execute(&mut demo_app(today(), None), r#"tasks_search(status=["todo", "blocked"], limit=1)"#);
    let error = ran.error.unwrap();
    assert_eq!(
        (error.kind, error.hint.as_str()),
        ("unknown_skill", "a command is not a function call: write tasks.search --status todo blocked --limit 1")
    );
    let ran = router.execute(&mut demo_app(today(), None), "[tasks_search(limit=1), email_search(unread=True)]");
    assert_eq!(
        ran.error.unwrap().hint,
        "a command is not a function call: write each on a line of its own:\ntasks.search --limit 1\nemail.search --unread"
    );
    // A JSON tool call, alone or in an array, the same way.
    let ran = router.execute(
        &mut demo_app(today(), None),
        r#"[{"name": "tasks_search", "arguments": {"limit": 1}}, {"type": "function", "function": {"name": "email_search", "arguments": "{\"unread\": true}"}}]"#,
    );
    assert_eq!(
        ran.error.unwrap().hint,
        "a ```cmd block holds command lines, not JSON: write each on a line of its own:\ntasks.search --limit 1\nemail.search --unread"
    );
    // A call of something else keeps the general hint.
    let ran = router.execute(&mut demo_app(today(), None), "tasks.search(x)");
    assert!(ran.error.unwrap().hint.starts_with("a command is not a function call: write `tasks.search --flag value`"));
}

/// A name no spelling is close to, but whose action is another word for a
/// skill's (`tasks.find`) or is a skill's without its domain (`send`): the
/// suggestion is that skill, on every path.
#[test]
fn an_unknown_name_is_told_the_skill_with_the_same_action() {
    let run = |line: &str| router().execute(&mut demo_app(today(), None), line);
    for (line, said) in [
        ("tasks.find --query x", "unknown skill `tasks.find`; did you mean `tasks.search`?"),
        ("calendar.find --date 2026-02-18", "unknown skill `calendar.find`; did you mean `calendar.list`?"),
        ("send --to a@b.co", "unknown skill `send`; did you mean `email.send`?"),
        ("search --query x", "unknown skill `search`; did you mean `email.search`, `memory.search` or `tasks.search`?"),
        ("get_skill: tasks.remove", "unknown skill or domain `tasks.remove`; did you mean `tasks.delete`?"),
        // The action before the domain, as function-calling tools are
        // named, the domain with or without its plural `s`.
        ("send_email --to a@b.co", "unknown skill `send_email`; did you mean `email.send`?"),
        ("search-task --query x", "unknown skill `search-task`; did you mean `tasks.search`?"),
        ("CREATE_TASKS --title x", "unknown skill `CREATE_TASKS`; did you mean `tasks.create`?"),
        ("get_skill: delete_task", "unknown skill or domain `delete_task`; did you mean `tasks.delete`?"),
    ] {
        assert_eq!(run(line).text, said, "{line}");
    }
    // A line of prose stays prose, and a word that only starts as an
    // action does is no such name.
    assert_eq!(kind(&run("Send the summary to Bob")), "not_a_command");
    assert_eq!(run("send_emails_now --to a@b.co").text, "unknown skill `send_emails_now`");
    let o = call("tasks_find", json!({}));
    assert_eq!(o.text, "unknown tool `tasks_find`; did you mean `tasks_search`?");
}

/// A skill asked for by its file, as a model that has seen the tree (or a
/// format that reads skills as files) writes it, is told its name.
#[test]
fn a_skill_asked_for_by_its_file_is_told_its_name() {
    let run = |line: &str| router().execute(&mut demo_app(today(), None), line);
    for (line, said) in [
        ("get_skill: email/send.md", "unknown skill or domain `email/send.md`; did you mean `email.send`?"),
        (
            "get_skill: skills/email/send.md",
            "unknown skill or domain `skills/email/send.md`; did you mean `email.send`?",
        ),
        (
            "get_skill: ./skills/Tasks/Search.MD",
            "unknown skill or domain `./skills/Tasks/Search.MD`; did you mean `tasks.search`?",
        ),
        ("get_skill: email/SKILL.md", "unknown skill or domain `email/SKILL.md`; did you mean `email`?"),
        (
            r"get_skill: 'skills\email\draft'",
            r"unknown skill or domain `skills\email\draft`; did you mean `email.draft`?",
        ),
    ] {
        assert_eq!(run(line).text, said, "{line}");
    }
    // A path to nothing the tree has names nothing.
    assert_eq!(run("get_skill: ../../etc/passwd").text, "unknown skill or domain `../../etc/passwd`");
    assert_eq!(run("get_skill: email/unsend.md").text, "unknown skill or domain `email/unsend.md`");
}

/// `get_skill` called as a tool (as the two-tool design and models used
/// to it write it) answers as the help command does; written as text in a
/// reply, it is told that command.
#[test]
fn get_skill_called_as_a_tool_is_the_help_command() {
    let router = router();
    let help = |line: &str| router.execute(&mut demo_app(today(), None), line).text;
    for (call, line) in [
        (json!({"name": "get_skill", "arguments": {}}), "get_skill"),
        (json!({"name": "get_skill", "arguments": {"name": "email"}}), "get_skill: email"),
        (json!({"name": "getSkill", "arguments": {"skill": "email.send"}}), "get_skill: email.send"),
        (
            json!({"type": "function", "function": {"name": "get_skill", "arguments": "{\"domain\": \"tasks\"}"}}),
            "get_skill: tasks",
        ),
    ] {
        let call = ToolCall::from_json(&call).unwrap();
        let o = router.call_tool(&mut demo_app(today(), None), &call);
        assert_eq!(o.text, help(line), "{line}");
        // Written as JSON text in a reply: the command it stands for.
        let reply = format!("{{\"name\": \"{}\", \"arguments\": {}}}", call.name, call.arguments);
        let report = reply_report(&router, &reply);
        let hint = &report.results[0].error.as_ref().unwrap().hint;
        assert!(hint.ends_with(&format!("```cmd\n{line}\n```")), "{hint}");
    }
    // ReAct's input as plain text names the page.
    let report = reply_report(&router, "Action: get_skill\nAction Input: email\n");
    assert!(report.results[0].error.as_ref().unwrap().hint.ends_with("```cmd\nget_skill: email\n```"));
    // Arguments that are no one name are told the shape get_skill takes
    // (they were `unknown tool get_skill`, which it is not); words with a
    // space get the command line's answer.
    for arguments in [json!({"a": "x", "b": "y"}), json!({"name": ["email", "tasks"]}), json!({"name": "email $(x)"})] {
        let call = ToolCall { name: "get_skill".into(), arguments };
        let e = router.call_tool(&mut demo_app(today(), None), &call).error.unwrap();
        assert_eq!(
            (e.kind, e.message.as_str()),
            (
                "unexpected_value",
                "get_skill takes one name (a domain or a skill) as its one argument, or no arguments for the list of domains"
            ),
            "{:?}",
            call.arguments
        );
        assert_eq!(e.hint, r#"call it once per name: {"name": "email"}, then {"name": "email.send"}"#);
    }
    let call = ToolCall { name: "get_skill".into(), arguments: json!({"name": "email send"}) };
    let e = router.call_tool(&mut demo_app(today(), None), &call).error.unwrap();
    assert_eq!(e.hint, "write the skill's name with its dot: `get_skill: email.send`");
}

/// The reference handlers refuse wrong values as input errors: five
/// `--limit 0` or bad addresses in a row leave each skill callable.
#[test]
fn wrong_values_refused_by_a_handler_never_pause_the_skill() {
    let router = router();
    let mut app = demo_app(today(), None);
    for _ in 0..6 {
        let o = router.execute(&mut app, "tasks.search --limit 0");
        assert_eq!(kind(&o), "invalid_input", "{}", o.text);
        let o = router.execute(&mut app, "email.send --to nobody --subject s --body b");
        assert_eq!(kind(&o), "invalid_input", "{}", o.text);
    }
    assert!(router.execute(&mut app, "tasks.search --limit 1").error.is_none());
    assert!(router.breakers().is_empty(), "{:?}", router.breakers());
}
