//! The static path allocates nothing: tokenizing, looking up, parsing,
//! validating and calling handlers for every command of the bundled skills'
//! `## Examples`, every help level, and commands with every kind of
//! mistake, with replies written into a fixed buffer.

use skills_device::{Device, router};
use skills_runtime::Kind;
use skills_runtime::buffer::Buffer;

/// Every example of every bundled skill compiled for the device, plus help
/// requests and wrong commands.
fn commands() -> Vec<String> {
    let tree = skills_parser::load(
        std::path::Path::new("../../skills"),
        &skills_parser::LoadOptions { target_os: Some("none".into()), ..Default::default() },
    );
    assert!(!tree.has_errors());
    let mut lines: Vec<String> = tree.skills.iter().flat_map(|s| s.examples.iter().map(|e| e.text.clone())).collect();
    assert!(lines.len() >= 28, "{}", lines.len());
    for extra in [
        "get_skill",
        "get_skill: tasks",
        "get_skill: tasks.search",
        "get_skill: email.all",
        "email.send --help",
        "recall --query budget",
        "email.snd --to a@b.com",
        "tasks.search --status overdue --limt 5",
        "tasks.create",
        "tasks.create --title x --due 2026-02-30",
        "calendar.create --title 'unterminated",
        "email.send --to bob@co.com --subject two words --body x",
        "tasks.get --id task_999",
        "workflow.build --name x --description y",
        "",
    ] {
        lines.push(extra.to_string());
    }
    lines
}

#[test]
fn dispatching_allocates_nothing() {
    let router = router();
    let mut device = Device::new("2026-02-17".parse().unwrap());
    let commands = commands();
    let mut line = [0u8; 1024];
    let mut bytes = [0u8; 16 * 1024];
    let mut kinds = [0usize; 4];
    // Warm up once: the first call of anything lazily initialised in std
    // (none is expected) would be counted otherwise.
    {
        let mut out = Buffer::new(&mut bytes);
        let n = "get_skill".len();
        line[..n].copy_from_slice(b"get_skill");
        router.dispatch(&mut device, &mut line[..n], &mut out);
    }
    let info = allocation_counter::measure(|| {
        for cmd in &commands {
            let n = cmd.len();
            line[..n].copy_from_slice(cmd.as_bytes());
            let mut out = Buffer::new(&mut bytes);
            let d = router.dispatch(&mut device, &mut line[..n], &mut out);
            assert!(!out.is_truncated(), "{cmd}");
            kinds[match d.kind {
                Kind::Help => 0,
                Kind::Template => 1,
                Kind::Reply => 2,
                Kind::Error => 3,
            }] += 1;
        }
    });
    assert_eq!(info.count_total, 0, "heap allocations while dispatching {} commands", commands.len());
    let [help, template, reply, error] = kinds;
    assert!(help >= 5 && template >= 2 && reply >= 25 && error >= 9, "{kinds:?}");
}

#[test]
fn replies_and_errors_read_as_on_a_host() {
    let router = router();
    let mut device = Device::new("2026-02-17".parse().unwrap());
    let mut run = |cmd: &str| {
        let mut line = [0u8; 512];
        line[..cmd.len()].copy_from_slice(cmd.as_bytes());
        let mut bytes = [0u8; 4096];
        let mut out = Buffer::new(&mut bytes);
        let d = router.dispatch(&mut device, &mut line[..cmd.len()], &mut out);
        (d.kind, out.as_str().to_string())
    };
    assert_eq!(
        run("tasks.create --title 'Check pump' --due 2026-02-16"),
        (Kind::Reply, "Created task_1 [todo, medium] Check pump (me, due 2026-02-16)".into())
    );
    assert_eq!(
        run("tasks.search --overdue"),
        (Kind::Reply, "1 task:\n- task_1 [todo, medium] Check pump (me, due 2026-02-16)".into())
    );
    let (kind, text) = run("tasks.search --status overdue");
    assert_eq!(kind, Kind::Error);
    assert_eq!(
        text,
        "`overdue` is not a value of `--status`; allowed: todo, in_progress, blocked, done, cancelled\nhint: `overdue` is a flag of its own: write --overdue instead of --status overdue"
    );
    let (kind, text) = run("workflow.build --name x --description y");
    assert_eq!(
        (kind, text.as_str()),
        (
            Kind::Error,
            "unknown skill `workflow.build`\nhint: `get_skill` lists every domain; `get_skill: <domain>` lists its skills"
        ),
        "left out: it needs an OS"
    );
    let (kind, text) = run("tasks.get --id task_9");
    assert_eq!(
        (kind, text.as_str()),
        (Kind::Error, "there is no task with that ID\nhint: tasks.search lists task IDs")
    );
}

/// `dispatch_str` splits a `&str` where it lies: the same kinds and replies
/// as `dispatch` on a copy, and no allocation either. A command with
/// something to unescape needs the scratch buffer; one too small for it is
/// an error the model can act on.
#[test]
fn dispatching_a_str_answers_the_same_and_allocates_nothing() {
    let router = router();
    let (mut by_bytes, mut by_str) =
        (Device::new("2026-02-17".parse().unwrap()), Device::new("2026-02-17".parse().unwrap()));
    let mut line = [0u8; 1024];
    let mut scratch = [0u8; 1024];
    let (mut a, mut b) = ([0u8; 16 * 1024], [0u8; 16 * 1024]);
    let mut allocations = 0;
    let mut copied = 0;
    for cmd in commands() {
        let n = cmd.len();
        line[..n].copy_from_slice(cmd.as_bytes());
        let mut out = Buffer::new(&mut a);
        let want = router.dispatch(&mut by_bytes, &mut line[..n], &mut out);
        let want = (want.kind, out.as_str().to_string());
        scratch.fill(0);
        let mut out = Buffer::new(&mut b);
        let info = allocation_counter::measure(|| {
            router.dispatch_str(&mut by_str, &cmd, &mut scratch, &mut out);
        });
        allocations += info.count_total;
        let got = out.as_str().to_string();
        assert_eq!(got, want.1, "{cmd}");
        copied += usize::from(scratch.iter().any(|&b| b != 0));
    }
    assert_eq!(allocations, 0);
    // Most commands are borrowed; the few with quotes inside a word or a
    // single quote are copied.
    assert!((1..10).contains(&copied), "{copied} commands copied");

    let mut small = [0u8; 16];
    let mut out = Buffer::new(&mut a);
    let d = router.dispatch_str(&mut by_str, "calendar.create --title 'Stand-up' --start 09:00", &mut small, &mut out);
    assert_eq!(d.kind, Kind::Error);
    assert!(out.as_str().starts_with("the command is too long: at most 16 bytes fit"), "{}", out.as_str());
}

#[test]
fn a_reply_that_does_not_fit_is_marked() {
    let router = router();
    let mut device = Device::new("2026-02-17".parse().unwrap());
    let mut line = *b"get_skill: tasks.all";
    let mut bytes = [0u8; 64];
    let mut out = Buffer::new(&mut bytes);
    router.dispatch(&mut device, &mut line, &mut out);
    assert!(out.is_truncated());
    assert_eq!(out.len(), 64);
}
