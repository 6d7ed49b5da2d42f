//! The documents say what the code does: every `tabula …` command line in the code
//! blocks of README.md, CHANGELOG.md and docs/*.md is one the command line accepts (and
//! the cheap ones run), every `course.toml` and `tabula.toml` example loads with the
//! real loaders, and every file or folder of the repository the documents name exists;
//! the by-hand test recipe of docs/prolog.md runs as printed, and the REPL transcript of
//! docs/guide.md is what the REPL prints. A renamed flag, a moved file, a changed
//! setting or a recipe that no longer works fails here.

use crate::common::{root, scratch, tabula, tabula_piped, text};
use clap::Parser;
use std::path::{Path, PathBuf};
use tabula::cli::Cli;

/// The documents checked: the README, the changelog and every page of docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

fn read(doc: &Path) -> String {
    std::fs::read_to_string(doc).unwrap_or_else(|e| panic!("{}: {e}", doc.display()))
}

fn name(doc: &Path) -> String {
    doc.strip_prefix(root())
        .unwrap_or(doc)
        .display()
        .to_string()
}

/// The fenced code blocks of a Markdown text: (language, body, line of the fence).
fn code_blocks(text: &str) -> Vec<(String, String, usize)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String, usize)> = None;
    for (n, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                let lang = line.trim_start().trim_start_matches('`').trim().to_string();
                open = Some((lang, String::new(), n + 1));
            }
            (Some(_), true) => blocks.extend(open.take()),
            (Some((_, body, _)), false) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, false) => {}
        }
    }
    blocks
}

/// `line` without a shell comment (` # …` outside quotes).
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line
}

/// The command lines of a code block that run tabula, continuation lines joined, as
/// the words after `tabula` (`cargo run --release -- ARGS` is `tabula ARGS`). Lines
/// that start `tabula:` are tabula's answers, not commands.
fn command_lines(body: &str) -> Vec<String> {
    let mut joined: Vec<String> = Vec::new();
    let mut pending = String::new();
    for line in body.lines() {
        let line = line.trim();
        let line = line.strip_prefix("$ ").unwrap_or(line);
        if let Some(start) = line.strip_suffix('\\') {
            pending.push_str(start);
            pending.push(' ');
            continue;
        }
        pending.push_str(line);
        joined.push(std::mem::take(&mut pending));
    }
    joined
        .into_iter()
        .filter_map(|l| {
            let l = without_comment(&l).trim().to_string();
            if let Some(rest) = l.strip_prefix("cargo run --release") {
                let rest = rest.trim_start();
                return Some(rest.strip_prefix("--").unwrap_or(rest).trim().to_string());
            }
            l.strip_prefix("tabula ").map(|r| r.trim().to_string())
        })
        .collect()
}

/// The shell variables a document sets in its code blocks (`MIX="--player a ..."`).
fn variables(text: &str) -> Vec<(String, String)> {
    let mut vars = Vec::new();
    for (_, body, _) in code_blocks(text) {
        for line in body.lines() {
            let Some((name, value)) = line.trim().split_once('=') else {
                continue;
            };
            let is_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            if let (true, Ok(value)) = (is_name, shell_words::split(value)) {
                vars.push((name.to_string(), value.join(" ")));
            }
        }
    }
    // The longest names first, so that `$P` does not eat the start of `$PLAYERS`.
    vars.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    vars
}

/// `line` with the document's variables put in as the shell would: `"$V"` as one word,
/// `$V` as its words; a variable the document does not set is left out.
fn expanded(line: &str, vars: &[(String, String)]) -> String {
    let mut line = line.to_string();
    for (name, value) in vars {
        line = line.replace(&format!("\"${name}\""), &shell_words::quote(value));
        line = line.replace(&format!("${name}"), value);
    }
    line
}

/// The words of a command line as the shell would pass them; a `$VAR` still there
/// (not set in the document) is left out.
fn words(line: &str) -> Vec<String> {
    shell_words::split(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .into_iter()
        .filter(|w| !(w.starts_with('$') && w[1..].chars().all(|c| c.is_ascii_alphanumeric())))
        .collect()
}

/// Every command line of every document, with where it is written.
fn all_command_lines() -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        let vars = variables(&text);
        for (lang, body, at) in code_blocks(&text) {
            if !matches!(
                lang.as_str(),
                "" | "sh" | "bash" | "console" | "shell" | "text"
            ) {
                continue;
            }
            for line in command_lines(&body) {
                let line = expanded(&line, &vars);
                lines.push((format!("{} (block at line {at})", name(&doc)), line));
            }
        }
    }
    lines
}

#[test]
fn every_command_line_in_the_documents_parses() {
    let lines = all_command_lines();
    assert!(lines.len() > 50, "only {} command lines found", lines.len());
    let mut wrong = Vec::new();
    for (at, line) in &lines {
        // An ellipsis stands for arguments the text leaves out.
        if line.contains('…') || line.contains("...") {
            continue;
        }
        let mut argv = vec!["tabula".to_string()];
        argv.extend(words(line));
        if let Err(e) = Cli::try_parse_from(&argv) {
            let first = e.to_string().lines().next().unwrap_or_default().to_string();
            wrong.push(format!("{at}: tabula {line}\n    {first}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "command lines the CLI refuses:\n{}",
        wrong.join("\n")
    );
}

/// The cheap commands the documents show, run for real from the repository's root:
/// listing the games, completions, the contract check of the example game, and
/// queries that answer at once.
#[test]
fn the_cheap_command_lines_run() {
    let mut ran = 0;
    let mut wrong = Vec::new();
    for (at, line) in all_command_lines() {
        let argv = words(&line);
        let cheap = match argv.first().map(String::as_str) {
            Some("games" | "completions") => true,
            Some("check") => argv.iter().any(|a| a.starts_with("examples/")),
            Some("query") => {
                line.contains("initial_state") && line.contains("legal_moves")
                    || line.contains("member(")
            }
            _ => false,
        };
        if !cheap {
            continue;
        }
        let mut args: Vec<&str> = argv.iter().map(String::as_str).collect();
        if args[0] == "check" {
            args.extend(["--games", "3"]);
        }
        let o = tabula(&args);
        ran += 1;
        if !o.status.success() {
            wrong.push(format!(
                "{at}: tabula {line}\n    {}",
                text(&o.stderr).lines().next().unwrap_or_default()
            ));
        }
    }
    assert!(ran >= 5, "only {ran} cheap command lines found");
    assert!(
        wrong.is_empty(),
        "command lines that fail:\n{}",
        wrong.join("\n")
    );
}

/// Words that name a place in the repository: `src/…`, `prolog/…`, `docs/…` and the
/// other top folders, and the top-level files, outside URLs.
fn repository_paths(text: &str) -> Vec<String> {
    const TOPS: [&str; 9] = [
        "src/",
        "prolog/",
        "docs/",
        "tests/",
        "examples/",
        "vendor/",
        "lisp/",
        "bench/",
        ".ci/",
    ];
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for top in TOPS {
        let mut from = 0;
        while let Some(k) = text[from..].find(top) {
            let start = from + k;
            from = start + top.len();
            let before = if start == 0 { b' ' } else { bytes[start - 1] };
            // Part of a longer path, a URL, a word or a placeholder: not ours.
            if before.is_ascii_alphanumeric() || b"/._-~<$".contains(&before) {
                continue;
            }
            let end = text[start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c)))
                .map_or(text.len(), |e| start + e);
            let mut path = text[start..end].trim_end_matches(['.', ',']).to_string();
            let after = text[end..].chars().next().unwrap_or(' ');
            // `prolog/games/<game>/`, `docs/*.md`, `DIR/x`: a pattern, not a path.
            if matches!(after, '<' | '*' | '{' | '$') || path.contains("..") {
                continue;
            }
            if path.ends_with('/') && path.len() > top.len() {
                path.pop();
            }
            // A top folder alone is a kind of folder (`tests/` of a game); a segment in
            // capitals is a placeholder (`prolog/games/GAME/`).
            let placeholder = path
                .split('/')
                .any(|s| s.len() > 1 && s.chars().all(|c| c.is_ascii_uppercase() || c == '_'));
            if path.len() > top.len() && !placeholder {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn every_repository_path_the_documents_name_exists() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let mut in_toml = false;
        for (n, line) in read(&doc).lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_toml = line.trim_start() == "```toml";
            }
            // A player's `tabula.toml` and what is said of it name files of the
            // student's archive, not of the repository.
            if in_toml || line.contains("tabula.toml") || line.contains("archive") {
                continue;
            }
            for path in repository_paths(line) {
                checked += 1;
                if !root().join(&path).exists() {
                    wrong.push(format!("{}:{}: {path}", name(&doc), n + 1));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} paths found");
    assert!(
        wrong.is_empty(),
        "paths the documents name that do not exist:\n{}",
        wrong.join("\n")
    );
}

/// The `course.toml` `tabula site init` writes, as a TOML table.
fn course_toml_base() -> toml::Table {
    let dir = scratch("docs", "init").join("course");
    let o = tabula(&["site", "init", dir.to_str().unwrap(), "--game", "kingpawn"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::read_to_string(dir.join("course.toml"))
        .unwrap()
        .parse()
        .unwrap()
}

fn merge(base: &mut toml::Table, part: toml::Table) {
    for (k, v) in part {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(p)) => merge(b, p),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Every TOML example loads: a player's `tabula.toml` (a `command` or a `player`) with
/// the site's manifest reader, anything else as (part of) a course's `course.toml`
/// with the site's loader, over the settings `site init` writes.
#[test]
fn every_toml_example_loads_with_the_real_loader() {
    let mut checked = 0;
    for doc in documents() {
        for (lang, body, at) in code_blocks(&read(&doc)) {
            if lang != "toml" {
                continue;
            }
            checked += 1;
            let place = format!("{} (block at line {at})", name(&doc));
            let table: toml::Table = body
                .parse()
                .unwrap_or_else(|e| panic!("{place}: not TOML: {e}"));
            let dir = scratch("docs", &format!("toml-{checked}"));
            std::fs::create_dir_all(&dir).unwrap();
            if table.contains_key("command") || table.contains_key("player") {
                // The files the manifest names, so that it can be checked whole.
                for file in ["bot.py", "src/main.pl"] {
                    let path = dir.join(file);
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(path, "x").unwrap();
                }
                std::fs::write(dir.join("tabula.toml"), &body).unwrap();
                if let Err(e) = tabula::site::archive::read_manifest(&dir) {
                    panic!("{place}: the tabula.toml example does not load: {e}");
                }
            } else {
                let mut course = course_toml_base();
                merge(&mut course, table);
                std::fs::write(dir.join("course.toml"), course.to_string()).unwrap();
                if let Err(e) = tabula::site::config::load(&dir) {
                    panic!("{place}: the course.toml example does not load: {e}");
                }
            }
        }
    }
    assert!(checked >= 4, "only {checked} TOML examples found");
}

/// The parser of this test finds what it must, so that a quiet pass means something.
#[test]
fn the_document_readers_find_commands_and_paths() {
    let block = "```sh\n$ tabula play dots \\\n    --rows 3   # small\ntabula: an answer\ncargo run --release -- games\n```\n";
    let blocks = code_blocks(block);
    assert_eq!(blocks.len(), 1);
    assert_eq!(
        command_lines(&blocks[0].1),
        vec!["play dots  --rows 3".to_string(), "games".to_string()]
    );
    assert_eq!(
        repository_paths("see `src/game/mod.rs`, prolog/games/<game>/ and https://x.org/src/a"),
        vec!["src/game/mod.rs".to_string()]
    );
    let vars = variables("```sh\nMIX=\"--player a --player b\"\nBT8=\"bb w\"\n```\n");
    assert_eq!(
        words(&expanded("tournament x $MIX --start \"$BT8\" $NONE", &vars)),
        [
            "tournament",
            "x",
            "--player",
            "a",
            "--player",
            "b",
            "--start",
            "bb w"
        ]
    );
}

/// The games that have a test file of their own, `prolog/games/GAME/tests/GAME_tests.pl`.
fn games_with_tests() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(root().join("prolog/games"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|g| {
            root()
                .join(format!("prolog/games/{g}/tests/{g}_tests.pl"))
                .is_file()
        })
        .collect();
    games.sort();
    games
}

/// The `N` of the `N passed, M failed` line the harness prints, if M is 0.
fn all_passed(output: &str) -> Option<usize> {
    output.lines().find_map(|l| {
        let (passed, failed) = l.trim().split_once(" passed, ")?;
        (failed == "0 failed").then(|| passed.parse().ok())?
    })
}

/// The by-hand recipe of docs/prolog.md (the code block that calls the harness), typed
/// as printed into `tabula repl dots`, runs every test of `dots_tests.pl`, all passing;
/// and, as the document says, into `tabula repl GAME` with the game's name in place of
/// `dots`, every test of each game's own test file, and with `dots_ai_tests` in place
/// of `dots_tests`, every test of the dots players. The count is the file's: the
/// `test(` clauses it declares, as tests/it/prolog.rs counts them.
#[test]
fn the_by_hand_test_recipe_runs_as_printed() {
    let doc = read(&root().join("docs/prolog.md"));
    let recipes: Vec<String> = code_blocks(&doc)
        .into_iter()
        .filter(|(_, body, _)| body.contains("harness:run_tests("))
        .map(|(_, body, _)| body)
        .collect();
    assert_eq!(
        recipes.len(),
        1,
        "one recipe in docs/prolog.md: {recipes:?}"
    );
    let recipe = &recipes[0];
    // One goal a line, each a goal of its own (the REPL reads a line at a time).
    assert!(recipe.lines().all(|l| l.trim().ends_with('.')), "{recipe}");
    let games = games_with_tests();
    assert!(games.contains(&"dots".to_string()), "{games:?}");
    // (game, test module, the recipe's lines for them)
    let mut runs: Vec<(String, String, String)> = games
        .iter()
        .map(|game| {
            let lines = if game == "dots" {
                recipe.clone()
            } else {
                recipe.replace("dots", game)
            };
            (game.clone(), format!("{game}_tests"), lines)
        })
        .collect();
    runs.push((
        "dots".into(),
        "dots_ai_tests".into(),
        recipe.replace("dots_tests", "dots_ai_tests"),
    ));
    let mut wrong = Vec::new();
    for (game, module, lines) in &runs {
        let file = root().join(format!("prolog/games/{game}/tests/{module}.pl"));
        let declared = read(&file)
            .lines()
            .filter(|l| l.starts_with("test("))
            .count();
        let o = tabula_piped(&["repl", game], lines);
        let out = text(&o.stdout);
        if all_passed(&out) != Some(declared) {
            wrong.push(format!(
                "tabula repl {game}, {module}: {declared} tests declared:\n{lines}\n{out}\n{}",
                text(&o.stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// The REPL transcript of docs/guide.md (the block that starts `$ tabula repl dots`)
/// is what `tabula repl dots` prints for its goals, typed from a pipe: each `?- ` line
/// is a goal, a `;` after an answer asks for the next one, and a line `...` stands for
/// the lines the transcript leaves out.
#[test]
fn the_repl_transcript_of_the_guide_is_what_the_repl_prints() {
    let doc = read(&root().join("docs/guide.md"));
    let Some((_, body, at)) = code_blocks(&doc)
        .into_iter()
        .find(|(_, body, _)| body.starts_with("$ tabula repl dots\n"))
    else {
        panic!("docs/guide.md has no transcript starting `$ tabula repl dots`");
    };
    let expected: Vec<&str> = body.lines().skip(1).collect();
    let mut input = String::new();
    for line in &expected {
        if let Some(goal) = line.strip_prefix("?- ") {
            input.push_str(goal);
            input.push('\n');
        } else if line.ends_with(" ;") {
            input.push_str(";\n");
        }
    }
    assert!(input.lines().count() >= 3, "{input}");
    let o = tabula_piped(&["repl", "dots"], &input);
    let out = text(&o.stdout);
    // The banner first, and the prompt left waiting when the input ends.
    let actual: Vec<&str> = out
        .lines()
        .skip(1)
        .filter(|l| l.trim_end() != "?-")
        .collect();
    if let Err(why) = transcript_matches(&expected, &actual) {
        panic!(
            "docs/guide.md (block at line {at}): {why}\nthe REPL printed:\n{out}{}",
            text(&o.stderr)
        );
    }
}

/// Whether `actual` reads as `expected`, line for line (trailing blanks aside), a line
/// `...` of `expected` standing for any lines up to the one after it.
fn transcript_matches(expected: &[&str], actual: &[&str]) -> Result<(), String> {
    let mut a = 0;
    let mut skipping = false;
    for line in expected {
        if line.trim() == "..." {
            skipping = true;
            continue;
        }
        loop {
            match actual.get(a) {
                Some(got) if got.trim_end() == line.trim_end() => break,
                Some(_) if skipping => a += 1,
                Some(got) => return Err(format!("expected {line:?}, got {got:?}")),
                None => return Err(format!("expected {line:?}, got nothing more")),
            }
        }
        a += 1;
        skipping = false;
    }
    match actual.get(a) {
        Some(got) if !skipping => Err(format!("the transcript ends, the REPL printed {got:?}")),
        _ => Ok(()),
    }
}

#[test]
fn a_transcript_is_matched_line_for_line_with_its_ellipses() {
    assert!(transcript_matches(&["?- a.", "   true."], &["?- a.", "   true.  "]).is_ok());
    assert!(transcript_matches(&["?- a.", "   true."], &["?- a.", "   false."]).is_err());
    assert!(transcript_matches(&["?- a.", "..."], &["?- a.", "x", "y"]).is_ok());
    assert!(transcript_matches(&["?- a.", "...", "z"], &["?- a.", "x", "z"]).is_ok());
    assert!(transcript_matches(&["?- a.", "...", "z"], &["?- a.", "x", "y"]).is_err());
    assert!(transcript_matches(&["?- a."], &["?- a.", "more"]).is_err());
    assert_eq!(all_passed("x\n55 passed, 0 failed\n   true."), Some(55));
    assert_eq!(all_passed("43 passed, 1 failed"), None);
}
