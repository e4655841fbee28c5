//! Trees large enough to load on several threads: every file is read once,
//! every problem is reported once, and the result does not depend on which
//! thread loaded what.

use skills_parser::{Code, LoadOptions, Tree, load};
use std::path::Path;

const BIG: usize = 420;

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn skill(name: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: Does {name}\n---\n\n# {name}\n\n## Usage\n\n{name} --title <text> [--limit <n>]\n\n## Flags\n\n--title  The title (required)\n--limit  At most this many (default: 20)\n\n## Examples\n\n{name} --title x --limit 5\n"
    )
}

/// One large domain (more files than the sequential threshold, so it is
/// split between threads), a small one, a few broken files in between.
fn tree() -> (tempfile::TempDir, usize) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "big/SKILL.md", "---\ndomain: big\ndescription: Big\n---\n\n# big\n");
    write(root, "small/SKILL.md", "---\ndomain: small\ndescription: Small\n---\n\n# small\n");
    let mut broken = 0;
    for i in 0..BIG {
        let name = format!("big.act{i:03}");
        if i % 50 == 7 {
            // A frontmatter that does not parse.
            write(root, &format!("big/act{i:03}.md"), &format!("---\nname: {name}\ndescription: [oops\n---\n"));
            broken += 1;
        } else {
            write(root, &format!("big/act{i:03}.md"), &skill(&name));
        }
    }
    for i in 0..3 {
        write(root, &format!("small/s{i}.md"), &skill(&format!("small.s{i}")));
    }
    write(root, "small/Bad-Name.md", &skill("small.bad"));
    (dir, broken)
}

fn summary(tree: &Tree) -> (Vec<String>, Vec<String>, Vec<String>) {
    (
        tree.skills
            .iter()
            .map(|s| format!("{} {:?}", s.name, s.flags.iter().map(|f| f.spec()).collect::<Vec<_>>()))
            .collect(),
        tree.files.iter().map(|f| f.display().to_string()).collect(),
        tree.diagnostics.iter().map(ToString::to_string).collect(),
    )
}

#[test]
fn a_large_tree_loads_every_file_once_and_the_same_way_each_time() {
    let (dir, broken) = tree();
    let first = load(dir.path(), &LoadOptions::default());

    let names: Vec<&str> = first.skills.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), BIG - broken + 3, "every good skill loads");
    assert!(names.windows(2).all(|w| w[0] < w[1]), "skills are sorted and unique");
    assert!(names.contains(&"big.act000") && names.contains(&"big.act419") && names.contains(&"small.s2"));
    assert!(first.skills.iter().all(|s| s.flags.len() == 2), "every skill has its two flags");

    // Files: the two indexes, every skill file, the misnamed one; once each,
    // in directory order.
    assert_eq!(first.files.len(), 2 + BIG + 3 + 1);
    let mut sorted = first.files.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), first.files.len(), "no file is read twice");

    // Each broken file reported once, at its own path.
    let yaml: Vec<_> = first.diagnostics.iter().filter(|d| d.code == Code::InvalidYaml).collect();
    assert_eq!(yaml.len(), broken, "{:#?}", first.diagnostics);
    for i in (0..BIG).filter(|i| i % 50 == 7) {
        let file = format!("act{i:03}.md");
        assert_eq!(yaml.iter().filter(|d| d.file.ends_with(&file)).count(), 1, "{file}");
    }
    assert_eq!(first.diagnostics.iter().filter(|d| d.code == Code::InvalidFileName).count(), 1);

    for _ in 0..3 {
        assert_eq!(summary(&load(dir.path(), &LoadOptions::default())), summary(&first));
    }
}

fn same_as_a_fresh_load(root: &Path, tree: &Tree) {
    assert_eq!(summary(tree), summary(&load(root, &LoadOptions::default())));
}

#[test]
fn a_cached_load_parses_only_what_changed_and_gives_what_a_fresh_load_gives() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "d/SKILL.md", "---\ndomain: d\ndescription: D\n---\n\n# d\n");
    for a in ["a", "b", "c"] {
        write(root, &format!("d/{a}.md"), &skill(&format!("d.{a}")));
    }
    // `d.c`'s example calls `d.b`: a check across files.
    let c = skill("d.c").replace("d.c --title x --limit 5\n", "d.c --title x --limit 5\nd.b --title y\n");
    write(root, "d/c.md", &c);
    let opts = LoadOptions::default();
    let mut cache = skills_parser::LoadCache::new();
    let first = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(first.diagnostics.is_empty(), "{:#?}", first.diagnostics);
    let by_name = |t: &Tree, n: &str| t.skills.iter().find(|s| s.name == n).cloned();

    // Nothing changed: every skill is the one parsed before.
    let again = skills_parser::load_cached(root, &opts, &mut cache);
    for (x, y) in first.skills.iter().zip(&again.skills) {
        assert!(std::sync::Arc::ptr_eq(x, y), "{} was parsed again", x.name);
    }

    // One file edited: it alone is new, and it shows the edit.
    write(root, "d/a.md", &skill("d.a").replace("The title (required)", "The new title (required)"));
    let edited = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(!std::sync::Arc::ptr_eq(&by_name(&first, "d.a").unwrap(), &by_name(&edited, "d.a").unwrap()));
    assert!(by_name(&edited, "d.a").unwrap().flags[0].description.starts_with("The new title"));
    assert!(std::sync::Arc::ptr_eq(&by_name(&first, "d.b").unwrap(), &by_name(&edited, "d.b").unwrap()));
    same_as_a_fresh_load(root, &edited);

    // A file deleted: the unchanged `d.c` now calls a skill that is gone,
    // which the checks across files still report.
    std::fs::remove_file(root.join("d/b.md")).unwrap();
    let deleted = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(by_name(&deleted, "d.b").is_none());
    assert!(deleted.diagnostics.iter().any(|d| d.code == Code::ExampleUnknownSkill && d.file.ends_with("c.md")));
    same_as_a_fresh_load(root, &deleted);

    // Broken, then restored byte for byte: the error comes and goes.
    write(root, "d/a.md", "---\nname: d.a\ndescription: [oops\n---\n");
    let broken = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(broken.diagnostics.iter().any(|d| d.code == Code::InvalidYaml));
    assert!(by_name(&broken, "d.a").is_none());
    write(root, "d/a.md", &skill("d.a"));
    write(root, "d/b.md", &skill("d.b"));
    let restored = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(restored.diagnostics.is_empty(), "{:#?}", restored.diagnostics);
    assert_eq!(summary(&restored), summary(&first));
}

/// Many domains: threads start on the first ones while later ones are
/// still being listed. Files come in directory order, each once, and a
/// problem found while listing a late domain is reported once.
#[test]
fn files_listed_after_threads_start_load_in_directory_order() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let mut expected = Vec::new();
    for d in 0..40 {
        let domain = format!("dom{d:02}");
        write(
            root,
            &format!("{domain}/SKILL.md"),
            &format!("---\ndomain: {domain}\ndescription: D\n---\n\n# {domain}\n"),
        );
        expected.push(root.join(&domain).join("SKILL.md"));
        for a in 0..12 {
            let file = format!("act{a:02}.md");
            write(root, &format!("{domain}/{file}"), &skill(&format!("{domain}.act{a:02}")));
            expected.push(root.join(&domain).join(file));
        }
    }
    // A skill file one level too deep, in a domain listed late.
    write(root, "dom37/extra/deep.md", &skill("dom37.deep"));
    expected.sort();
    for _ in 0..3 {
        let tree = load(root, &LoadOptions::default());
        assert_eq!(tree.files, expected);
        assert_eq!(tree.skills.len(), 40 * 12);
        let deep: Vec<_> = tree.diagnostics.iter().filter(|d| d.file.ends_with("extra/deep.md")).collect();
        assert_eq!(deep.len(), 1, "{:#?}", tree.diagnostics);
        assert_eq!(deep[0].code, Code::StrayFile);
    }
}

/// Sets the modification time of `root/path` to `ago` before now.
fn modified_ago(root: &Path, path: &str, ago: std::time::Duration) {
    let file = std::fs::File::options().write(true).open(root.join(path)).unwrap();
    file.set_modified(std::time::SystemTime::now() - ago).unwrap();
}

/// With `settle`, a file that changed less than that long ago may still be
/// in the middle of a save: it gives what it gave before (a new one
/// nothing) and is listed as unsettled, until it has stayed as it is.
#[test]
fn a_file_changed_within_the_settle_time_gives_what_it_gave_before() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "d/SKILL.md", "---\ndomain: d\ndescription: D\n---\n\n# d\n");
    write(root, "d/a.md", &skill("d.a"));
    write(root, "d/b.md", &skill("d.b"));
    let long_ago = std::time::Duration::from_secs(60);
    for f in ["d/SKILL.md", "d/a.md", "d/b.md"] {
        modified_ago(root, f, long_ago);
    }
    let opts = LoadOptions { settle: Some(std::time::Duration::from_secs(5)), ..LoadOptions::default() };
    let mut cache = skills_parser::LoadCache::new();
    let first = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(first.unsettled.is_empty() && first.diagnostics.is_empty(), "{:#?}", first.diagnostics);

    // `a.md` cut short by a save in progress, `c.md` being created; `b.md`
    // edited, and settled.
    std::fs::write(root.join("d/a.md"), "---\nname: d.a\ndescr").unwrap();
    write(root, "d/c.md", &skill("d.c")[..40]);
    write(root, "d/b.md", &skill("d.b").replace("The title (required)", "The new title (required)"));
    modified_ago(root, "d/b.md", long_ago);
    let during = skills_parser::load_cached(root, &opts, &mut cache);
    let mut unsettled: Vec<_> = during.unsettled.iter().map(|p| p.strip_prefix(root).unwrap().to_owned()).collect();
    unsettled.sort();
    assert_eq!(unsettled, [Path::new("d/a.md"), Path::new("d/c.md")]);
    let names: Vec<&str> = during.skills.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["d.a", "d.b"]);
    assert!(during.diagnostics.is_empty(), "{:#?}", during.diagnostics);
    let by_name = |t: &Tree, n: &str| t.skills.iter().find(|s| s.name == n).cloned().unwrap();
    assert!(std::sync::Arc::ptr_eq(&by_name(&first, "d.a"), &by_name(&during, "d.a")));
    assert!(by_name(&during, "d.b").flags[0].description.starts_with("The new title"));

    // Once they have stayed as they are, they are read as they are.
    modified_ago(root, "d/a.md", long_ago);
    modified_ago(root, "d/c.md", long_ago);
    let after = skills_parser::load_cached(root, &opts, &mut cache);
    assert!(after.unsettled.is_empty());
    assert!(after.diagnostics.iter().any(|d| d.file.ends_with("a.md")), "{:#?}", after.diagnostics);
    assert!(after.diagnostics.iter().any(|d| d.file.ends_with("c.md")), "{:#?}", after.diagnostics);

    // Without `settle`, every file is read as it is.
    write(root, "d/a.md", &skill("d.a"));
    write(root, "d/c.md", &skill("d.c"));
    let plain = skills_parser::load_cached(root, &LoadOptions::default(), &mut cache);
    assert!(plain.unsettled.is_empty() && plain.diagnostics.is_empty(), "{:#?}", plain.diagnostics);
}
