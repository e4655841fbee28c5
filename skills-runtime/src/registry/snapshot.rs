//! A snapshot built from the roots' trees: each skill from the highest root
//! that has it, over the compiled table, with what changed since the last
//! snapshot reported as events.

use super::*;
use crate::catalog::Catalog;
use crate::dynamic::{DynDomain, DynSkill, DynamicCatalog, merge_domain};
use crate::entry::SkillEntry;
use foldhash::{HashMap, HashSet};
use skills_parser::diagnostic::display_path;
use skills_parser::{Diagnostic, Skill, Tree};
use std::collections::{BTreeMap, BTreeSet, btree_map};
use std::ffi::OsStr;
use std::path::Path;
use std::sync::Arc;

pub(super) fn build_snapshot(
    inner: &Inner,
    trees: Vec<Tree>,
    state: &mut ReloadState,
    events: &mut Vec<Event>,
) -> Snapshot {
    let mut skills: BTreeMap<String, DynSkill> = BTreeMap::new();
    let mut origin: BTreeMap<String, usize> = BTreeMap::new();
    let mut domains: BTreeMap<String, DynDomain> = BTreeMap::new();
    let mut shadowed = Vec::new();
    let mut diagnostics = Vec::new();
    state.last_good.resize_with(inner.roots.len(), Vec::new);
    // Entries of skills that did not change are taken from here.
    let previous = inner.current.load();

    for (r, (root, mut tree)) in inner.roots.iter().zip(trees).enumerate() {
        // One copy of each skill, shared by the snapshot, the last good
        // versions and the load cache (a 10,000-skill tree held several
        // copies before).
        let mut root_skills: Vec<Arc<Skill>> = std::mem::take(&mut tree.skills);
        // Files that exist but did not load keep their last good version.
        // Only a file with an error can be one, so nothing here reads every
        // path (which a load's calling thread would read afresh, from the
        // loading threads' caches) unless some file has one. Paths are then
        // compared as bytes: they all come from the same walk of the same
        // root, and `Path`'s component-wise `Ord`/`Eq` made these sets a
        // tenth of a 1,000-skill reload.
        let mut kept = Vec::new();
        let mut failed: Vec<&Path> =
            tree.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.file.as_path()).collect();
        failed.sort_unstable();
        failed.dedup();
        if !failed.is_empty() {
            let loaded: HashSet<&OsStr> = root_skills.iter().map(|s| s.path.as_os_str()).collect();
            let files: HashSet<&OsStr> = tree.files.iter().map(|f| f.as_os_str()).collect();
            let last_good: HashMap<&OsStr, &Arc<Skill>> =
                state.last_good[r].iter().map(|s| (s.path.as_os_str(), s)).collect();
            for file in failed.into_iter().filter(|f| files.contains(f.as_os_str()) && !loaded.contains(f.as_os_str()))
            {
                if let Some(&good) = last_good.get(file.as_os_str())
                    && !root_skills.iter().any(|s| s.name == good.name)
                {
                    events.push(Event::KeptLastGood { skill: good.name.clone(), file: display_path(file) });
                    kept.push(good.clone());
                }
            }
        }
        root_skills.append(&mut kept);
        // What is served now is the last good version from now on; a
        // deleted file's goes with it.
        state.last_good[r].clone_from(&root_skills);
        // Names are unique within a root, so only a later root can shadow
        // (one search per skill, and no origins to record for one root).
        let several_roots = inner.roots.len() > 1;
        for s in root_skills {
            match skills.entry(s.name.clone()) {
                btree_map::Entry::Occupied(_) => shadowed.push(Shadowed {
                    skill: s.name.clone(),
                    winner: origin.get(&s.name).map(|w| inner.roots[*w].label.clone()).unwrap_or_default(),
                    hidden: root.label.clone(),
                }),
                btree_map::Entry::Vacant(slot) => {
                    if several_roots {
                        origin.insert(s.name.clone(), r);
                    }
                    let before = previous.catalog.lookup(&s.name).and_then(|i| previous.catalog.entry(i));
                    slot.insert(DynSkill::shared_or_reused(s, &root.label, before));
                }
            }
        }
        for d in &tree.domains {
            merge_domain(&mut domains, DynDomain::from_parsed(d));
        }
        diagnostics.append(&mut tree.diagnostics);
    }

    overlay_compiled(inner, &mut skills, &mut domains, state, events);

    let catalog = DynamicCatalog::from_parts(skills, domains);
    // From the entries, not views: a view derives what a load need not.
    let unavailable = (0..catalog.skill_count())
        .filter_map(|i| catalog.entry(i))
        .map(|s| crate::eligibility::check_conditions(&s.eligibility()))
        .collect();

    let now: BTreeSet<String> = diagnostics.iter().map(|d: &Diagnostic| d.to_string()).collect();
    for d in &diagnostics {
        if !state.reported.contains(&d.to_string()) {
            events.push(Event::Diagnostic(d.clone()));
        }
    }
    state.reported = now;
    state.generation += 1;
    Snapshot { catalog, unavailable, generation: state.generation, diagnostics, shadowed }
}

/// Brings the compiled skills in: their handlers are fixed until the next
/// build, so a file whose flags no longer match is served as compiled.
pub(super) fn overlay_compiled(
    inner: &Inner,
    skills: &mut BTreeMap<String, DynSkill>,
    domains: &mut BTreeMap<String, DynDomain>,
    state: &mut ReloadState,
    events: &mut Vec<Event>,
) {
    for tree in &inner.compiled {
        overlay_tree(inner, tree, skills, domains, state, events);
    }
}

/// [`overlay_compiled`] for one compiled tree (one part of a joined table).
pub(super) fn overlay_tree(
    inner: &Inner,
    tree: &CompiledTree,
    skills: &mut BTreeMap<String, DynSkill>,
    domains: &mut BTreeMap<String, DynDomain>,
    state: &mut ReloadState,
    events: &mut Vec<Event>,
) {
    let compiled_root_read = inner.roots.iter().any(|r| same_dir(&r.path, &tree.root));
    for &entry in tree.skills {
        let on_disk = match skills.get(entry.name) {
            Some(DynSkill::Parsed(p)) => Some((p.skill.has_handler(), p.shape(), p.root.clone(), p.skill.clone())),
            Some(DynSkill::Compiled { .. }) => continue,
            None => None,
        };
        match on_disk {
            Some((has_handler, shape, root, skill)) if entry.has_handler => {
                let guard = guard_change(&skill, entry);
                if shape == entry.shape && has_handler && guard.is_none() {
                    state.reported_shapes.remove(entry.name);
                    continue;
                }
                if let Some((key, line)) = guard.filter(|_| shape == entry.shape) {
                    // What decides whether it may run: kept as compiled,
                    // said once per change.
                    let said = shape ^ (line as u64).rotate_left(32) ^ key.len() as u64;
                    if state.reported_shapes.get(entry.name) != Some(&said) {
                        state.reported_shapes.insert(entry.name.to_string(), said);
                        let location = format!("{}:{line}", display_path(&skill.path));
                        events.push(Event::GuardChanged { skill: entry.name.to_string(), key, location });
                    }
                } else if state.reported_shapes.get(entry.name) != Some(&shape) {
                    state.reported_shapes.insert(entry.name.to_string(), shape);
                    events.push(Event::ShapeChanged {
                        skill: entry.name.to_string(),
                        location: format!("{}:{}", display_path(&skill.path), changed_line(&skill, entry)),
                    });
                }
                skills.insert(entry.name.to_string(), DynSkill::Compiled { entry, root });
            }
            Some(_) => {}
            None => {
                // Not on disk: deleted (it disappears) when its root is read
                // and its file is gone; otherwise the compiled version serves.
                let file = tree.root.join(entry.domain).join(format!("{}.md", action_of(entry.name)));
                if compiled_root_read && !file.exists() {
                    continue;
                }
                let root = if compiled_root_read { root_label_of(inner, &tree.root) } else { "compiled".into() };
                skills.insert(entry.name.to_string(), DynSkill::Compiled { entry, root });
                domains
                    .entry(entry.domain.to_string())
                    .or_insert_with(|| DynDomain { name: entry.domain.to_string(), ..DynDomain::default() });
            }
        }
    }
    // When the compiled tree is not one of the roots (`SKILLS_ROOTS`
    // without it), the compiled table is the base for domain indexes too: a
    // domain whose `SKILL.md` no root read takes its compiled one, as a
    // lower root's would be taken.
    if !compiled_root_read {
        for d in tree.domains {
            if domains.contains_key(d.name) {
                merge_domain(domains, DynDomain::from_compiled(d));
            }
        }
    }
}

/// Which key that decides whether a compiled skill may run (`read_only`,
/// `eligibility`, `handler`) its file now sets otherwise, and its line.
fn guard_change(skill: &Skill, entry: &SkillEntry) -> Option<(&'static str, usize)> {
    let same = |a: &[String], b: &[&str]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y);
    let (e, c) = (&skill.eligibility, &entry.eligibility);
    let line = |l: usize| if l > 0 { l } else { skill.lines.name };
    if skill.read_only != entry.read_only {
        Some(("read_only", line(skill.lines.read_only)))
    } else if !(same(&e.os, c.os) && same(&e.env, c.env) && same(&e.binaries, c.binaries)) {
        Some(("eligibility", line(skill.lines.eligibility)))
    } else if !skill.has_handler() {
        Some(("handler", line(skill.lines.handler)))
    } else {
        None
    }
}

pub(super) fn action_of(name: &str) -> &str {
    name.split_once('.').map_or(name, |(_, a)| a)
}

pub(super) fn root_label_of(inner: &Inner, path: &Path) -> String {
    inner.roots.iter().find(|r| same_dir(&r.path, path)).map(|r| r.label.clone()).unwrap_or_else(|| "compiled".into())
}

pub(super) fn same_dir(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The line of the first flag whose shape differs from the compiled one.
pub(super) fn changed_line(skill: &Skill, entry: &SkillEntry) -> usize {
    for (i, f) in skill.flags.iter().enumerate() {
        let Some(c) = entry.flags.get(i) else { return f.line };
        let spec = f.spec();
        let same = c.name == spec.name
            && c.value_type == spec.value_type
            && c.list == spec.list
            && c.required == spec.required
            && c.values == spec.values
            && c.default == spec.default;
        if !same {
            return f.line;
        }
    }
    // A flag was removed (or only `handler:` changed): the Flags heading.
    if skill.lines.flags_section > 0 { skill.lines.flags_section } else { skill.lines.name }
}
