//! What a move caused and why a computer chose it, in words in every face: each shipped
//! game is played to its end by its computer players, every pair of levels, in the
//! browser (through the JSON API the page reads) and in the window (through the
//! window itself, driven without a display); no event or reason shown is a Prolog term
//! (an opening bracket, or a `snake_case` word).

use std::time::{Duration, Instant};

/// Each shipped game, on a board small enough to end quickly (the chase a few moves
/// before its limit).
const GAMES: &[(&str, &[(&str, &str)])] = &[
    ("dots", &[("rows", "3"), ("cols", "3")]),
    ("breakthrough", &[("rows", "5"), ("cols", "4")]),
    ("kingpawn", &[("position", "K81 k17 p18 w 24/30")]),
    ("connect4", &[("cols", "5"), ("rows", "4")]),
    ("othello", &[("size", "4")]),
    ("kalah", &[("pits", "3"), ("seeds", "2")]),
];

/// Why `text` reads as a Prolog term rather than words, if it does.
fn term_in(text: &str) -> Option<String> {
    if text.contains('(') {
        return Some("a bracket".into());
    }
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| w.contains('_'))
        .map(|w| format!("the word {w}"))
}

/// Every text in `said` is words: else what reads as a term, and where.
fn all_words(said: &[(String, String)]) -> Vec<String> {
    said.iter()
        .filter_map(|(where_, text)| term_in(text).map(|why| format!("{where_}: {text:?} ({why})")))
        .collect()
}

/// Pairs of levels that between them seat each of `levels`.
fn pairs(levels: &[String]) -> Vec<[String; 2]> {
    (0..levels.len())
        .step_by(2)
        .map(|k| [levels[k].clone(), levels[(k + 1) % levels.len()].clone()])
        .collect()
}

#[test]
fn the_words_test_tells_terms_from_words() {
    assert!(term_in("flipped(5), game_over").is_some());
    assert!(term_in("board_full").is_some());
    assert!(term_in("alphabeta: searched 5 moves ahead: better for me").is_none());
    assert!(term_in("turns over 5 discs: the game is over").is_none());
}

#[cfg(feature = "web")]
#[test]
fn the_browser_says_events_and_reasons_in_words() {
    use crate::web::{Web, game_now, post};
    use serde_json::{Value, json};
    let web = Web::start(&["--no-keep"]);
    let base = web.base.clone();
    let client = reqwest::blocking::Client::new();
    let catalog: Value = client
        .get(format!("{base}/api/catalog"))
        .send()
        .and_then(|r| r.json())
        .expect("the catalog");
    // Every game at once: the computers play them side by side.
    let mut started = Vec::new();
    for (game, options) in GAMES {
        let levels: Vec<String> = catalog["games"]
            .as_array()
            .and_then(|gs| gs.iter().find(|g| g["name"] == *game))
            .and_then(|g| g["levels"].as_array())
            .map(|ls| {
                ls.iter()
                    .filter_map(|l| l["name"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        assert!(!levels.is_empty(), "{game} has computer players: {catalog}");
        let options: serde_json::Map<String, Value> = options
            .iter()
            .map(|(k, v)| ((*k).to_string(), json!(v)))
            .collect();
        for seats in pairs(&levels) {
            let id = post(
                &client,
                format!("{base}/api/games"),
                json!({"game": game, "options": options, "seats": seats}),
            )["id"]
                .as_u64()
                .expect("a game's number");
            started.push((game, seats, id));
        }
    }
    // Each game read as soon as it ends: the server keeps only the last ten finished.
    let start = Instant::now();
    let mut said = Vec::new();
    let mut playing = started;
    while !playing.is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "games did not end: {playing:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
        let mut still = Vec::new();
        for (game, seats, id) in playing {
            let s = game_now(&client, &base, id);
            assert!(
                s["failure"].is_null() && s["error"].is_null(),
                "{game} {seats:?}: {s}"
            );
            if s["over"].is_null() {
                still.push((game, seats, id));
                continue;
            }
            let moves = s["moves"].as_array().cloned().unwrap_or_default();
            assert!(!moves.is_empty(), "{game}: {s}");
            for m in &moves {
                let at = format!("{game} {seats:?}, {}", m["move"]);
                for key in ["events", "reason"] {
                    if let Some(text) = m[key].as_str() {
                        said.push((format!("{at} {key}"), text.to_string()));
                    }
                }
            }
            assert!(
                moves
                    .iter()
                    .any(|m| m["reason"].as_str().is_some_and(|r| !r.is_empty())),
                "{game} {seats:?}: no reason given: {s}"
            );
        }
        playing = still;
    }
    let terms = all_words(&said);
    assert!(
        terms.is_empty(),
        "terms shown in the browser:\n{}",
        terms.join("\n")
    );
}

#[cfg(feature = "gui")]
#[test]
fn the_window_says_events_and_reasons_in_words() {
    use egui::vec2;
    use egui_kittest::Harness;
    use tabula::game::{GameOptions, Rules, find_game};
    use tabula::players::spec::PlayerSpec;
    use tabula::ui::window::{GuiOptions, TabulaApp};
    let mut said = Vec::new();
    for (game, options) in GAMES {
        let info = find_game(game).expect("a shipped game");
        let levels = Rules::load(info, None)
            .and_then(|r| r.levels())
            .expect("its players");
        let options = GameOptions::from_pairs(
            &options
                .iter()
                .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
                .collect::<Vec<_>>(),
        )
        .terms();
        for seats in pairs(&levels) {
            let app = TabulaApp::new(GuiOptions {
                game: info,
                rules_file: None,
                options: options.clone(),
                seats: seats
                    .iter()
                    .map(|s| Some(s.parse::<PlayerSpec>().expect("a level")))
                    .collect(),
                budget_ms: 100,
                moves: Vec::new(),
                watch: false,
                computer_moves: true,
            })
            .expect("the window opens");
            let mut h = Harness::builder()
                .with_size(vec2(1100.0, 800.0))
                .build_ui_state(|ui, app: &mut TabulaApp| app.show(ui), app);
            let start = Instant::now();
            while !h.state().session().is_over() {
                assert!(
                    h.state()
                        .status()
                        .is_none_or(|s| !s.starts_with("The computer")),
                    "{game} {seats:?}: {:?}",
                    h.state().status()
                );
                assert!(
                    start.elapsed() < Duration::from_secs(120),
                    "{game} {seats:?} did not end"
                );
                std::thread::sleep(Duration::from_millis(20));
                h.run_steps(1);
            }
            let session = h.state().session();
            for a in session.history.iter().filter_map(|p| p.arrival.as_ref()) {
                let at = format!("{game} {seats:?}, {}", a.notation);
                said.push((format!("{at} events"), a.events_text.clone()));
                if let Some(reason) = &a.reason {
                    said.push((format!("{at} reason"), reason.clone()));
                }
            }
        }
    }
    let terms = all_words(&said);
    assert!(
        terms.is_empty(),
        "terms shown in the window:\n{}",
        terms.join("\n")
    );
}

/// The reasons and events `tabula play` writes for a game between computer players:
/// the text in brackets after a move, and each `→` line.
fn terminal_said(out: &str) -> Vec<String> {
    let mut said = Vec::new();
    for line in out.lines() {
        if let Some(events) = line.trim_start().strip_prefix("→ ") {
            said.push(events.to_string());
        } else if line.contains(" plays ")
            && let Some((_, reason)) = line.split_once("  [")
        {
            said.push(reason.trim_end_matches(']').to_string());
        }
    }
    said
}

#[test]
fn the_terminal_says_events_and_reasons_in_words() {
    use tabula::game::{Rules, find_game};
    let mut said = Vec::new();
    for (game, options) in GAMES {
        let info = find_game(game).expect("a shipped game");
        let levels = Rules::load(info, None)
            .and_then(|r| r.levels())
            .expect("its players");
        let options: Vec<String> = options
            .iter()
            .map(|(k, v)| match *k {
                "position" => format!("--start={v}"),
                _ => format!("--option={k}={v}"),
            })
            .collect();
        for [p1, p2] in pairs(&levels) {
            let mut args = vec!["play", game, "--p1", &p1, "--p2", &p2, "--seed", "3"];
            args.extend(["--move-time", "0.1"]);
            args.extend(options.iter().map(String::as_str));
            let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
                .args(&args)
                .current_dir(crate::common::root())
                .env("NO_COLOR", "1")
                // One line a message, however long: the reasons are not broken.
                .env("COLUMNS", "10000")
                .stdin(std::process::Stdio::null())
                .output()
                .expect("tabula runs");
            let out = crate::common::text(&o.stdout);
            assert!(
                o.status.success() && out.contains("Game over"),
                "{game} {p1} {p2}: {out}\n{}",
                crate::common::text(&o.stderr)
            );
            let shown = terminal_said(&out);
            assert!(!shown.is_empty(), "{game} {p1} {p2}: nothing said: {out}");
            said.extend(
                shown
                    .into_iter()
                    .map(|t| (format!("{game} {p1} vs {p2}"), t)),
            );
        }
    }
    let terms = all_words(&said);
    assert!(
        terms.is_empty(),
        "terms shown in the terminal:\n{}",
        terms.join("\n")
    );
}
