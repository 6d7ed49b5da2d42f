//! docs/site.md says what the code does: its `course.toml` is the one `tabula site
//! init` writes, and loads; every setting of its table, at its documented default,
//! loads with the real loader; every scoring name it gives is one the loader
//! takes.

use crate::common::{root, scratch, tabula, text};

fn guide() -> String {
    std::fs::read_to_string(root().join("docs/site.md")).unwrap()
}

/// Loads `text` as a course's settings with the site's own loader.
fn load(name: &str, text: &str) -> Result<tabula::site::config::Config, String> {
    let dir = scratch("site-docs", name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("course.toml"), text).unwrap();
    tabula::site::config::load(&dir).map_err(|e| e.to_string())
}

/// The guide's `course.toml`: the first TOML block of its settings section.
fn guide_course_toml(guide: &str) -> String {
    let section = &guide[guide.find("## 3. The settings").expect("§3")..];
    let start = section.find("```toml\n").expect("a TOML block") + "```toml\n".len();
    let end = section[start..].find("```").unwrap();
    section[start..start + end].to_string()
}

fn without_first_day(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("first_day = "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_guides_course_toml_is_the_one_init_writes_and_it_loads() {
    let guide = guide();
    let shown = guide_course_toml(&guide);
    let dir = scratch("site-docs", "init").join("course");
    let o = tabula(&["site", "init", dir.to_str().unwrap(), "--game", "kingpawn"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let written = std::fs::read_to_string(dir.join("course.toml")).unwrap();
    assert_eq!(
        without_first_day(&shown),
        without_first_day(&written),
        "docs/site.md §3 differs from what `tabula site init --game kingpawn` writes"
    );
    load("shown", &shown).expect("the guide's course.toml loads");
}

#[test]
fn every_setting_of_the_guides_table_loads_at_its_default() {
    let guide = guide();
    let mut checked = 0;
    for line in guide.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let key = cells[0].trim_start_matches("| `");
        let Some(key) = key.split('`').next() else {
            continue;
        };
        // Rows of other tables (file kinds) hold no dotted or lower-case setting.
        if !key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.')
        {
            continue;
        }
        let Some(default) = cells
            .get(1)
            .and_then(|d| d.strip_prefix('`'))
            .and_then(|d| d.strip_suffix('`'))
        else {
            continue;
        };
        let (section, name) = match key.split_once('.') {
            Some((s, n)) => (Some(s), n),
            None => (None, key),
        };
        let mut toml = String::from("title = \"t\"\ngame = \"kingpawn\"\n");
        if key == "game" || key == "title" {
            continue;
        }
        match section {
            Some(s) => toml.push_str(&format!("[{s}]\n{name} = {default}\n")),
            None => toml = format!("{name} = {default}\n{toml}"),
        }
        if let Err(e) = load(&format!("default-{checked}"), &toml) {
            panic!("docs/site.md: `{key}` = {default} does not load: {e}\n{toml}");
        }
        checked += 1;
    }
    assert!(
        checked >= 15,
        "only {checked} settings found in the guide's table"
    );
}

#[test]
fn the_scoring_names_the_guide_gives_are_the_ones_the_loader_takes() {
    let guide = guide();
    let row = guide
        .lines()
        .find(|l| l.starts_with("| `scoring` |"))
        .expect("the scoring row");
    let names: Vec<&str> = row
        .split('`')
        .skip(3)
        .step_by(2)
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert!(
        ["valid_games", "faults", "points"]
            .iter()
            .all(|n| names.contains(n)),
        "{names:?}"
    );
    for name in &names {
        let toml = format!("title = \"t\"\ngame = \"kingpawn\"\nscoring = \"{name}\"\n");
        load(&format!("scoring-{name}"), &toml)
            .unwrap_or_else(|e| panic!("scoring = {name:?}: {e}"));
    }
    let wrong = load(
        "scoring-wrong",
        "title = \"t\"\ngame = \"kingpawn\"\nscoring = \"kingpawn\"\n",
    );
    assert!(wrong.is_err(), "a game's name is not a scoring");
}
