//! A new game is one Prolog file. Tic-tac-toe, the tutorial of docs/new-game.md
//! (`examples/games/tictactoe.pl`), is written into an empty rules folder with only
//! the contract (`game.pl`) and the players of any game (`players.pl`) beside it, and
//! is found, checked, played in the terminal, served over the protocol, played in a
//! match and a championship, and drawn in the window and on the web page, with no
//! Rust naming it.

use crate::common::{root, scratch, tabula_with, text};
use egui::{Event, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use tabula::game::board::{Region, Shape};
use tabula::game::read_game;
use tabula::players::spec::PlayerSpec;
#[cfg(feature = "gui")]
use tabula::ui::window::{GuiOptions, TabulaApp};

const TICTACTOE: &str = include_str!("../../examples/games/tictactoe.pl");

/// A rules folder holding the contract and its tools, the players of any game and
/// tic-tac-toe.
fn rules_folder(name: &str) -> PathBuf {
    let dir = scratch("newgame", name);
    std::fs::create_dir_all(dir.join("core")).unwrap();
    std::fs::create_dir_all(dir.join("games")).unwrap();
    for f in [
        "game.pl",
        "players.pl",
        "conformance.pl",
        "playouts.pl",
        "accelerators.pl",
    ] {
        std::fs::copy(root().join("prolog/core").join(f), dir.join("core").join(f))
            .expect("copied");
    }
    // What the contract loads for GDL games (game.pl uses gdl/gdl_text.pl).
    std::fs::create_dir_all(dir.join("core/gdl")).unwrap();
    for f in ["gdl_text.pl", "kif.pl"] {
        std::fs::copy(
            root().join("prolog/core/gdl").join(f),
            dir.join("core/gdl").join(f),
        )
        .expect("copied");
    }
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::copy(
        root().join("prolog/lib/notation.pl"),
        dir.join("lib/notation.pl"),
    )
    .expect("copied");
    std::fs::write(dir.join("games/tictactoe.pl"), TICTACTOE).unwrap();
    dir
}

/// A game dropped into the games folder as a folder of its own is found, by its rules
/// file; the folder's other files (its tests, a bench) are not taken for games.
#[test]
fn a_game_in_a_folder_of_its_own_is_found() {
    let dir = rules_folder("folder");
    let game_dir = dir.join("games/noughts");
    std::fs::create_dir_all(game_dir.join("tests")).unwrap();
    std::fs::rename(
        dir.join("games/tictactoe.pl"),
        game_dir.join("tictactoe.pl"),
    )
    .unwrap();
    // A copy of the rules under tests/ would be a second tictactoe if it were read.
    std::fs::write(game_dir.join("tests/tictactoe_copy.pl"), TICTACTOE).unwrap();
    let env = [("TABULA_PROLOG", dir.to_str().unwrap())];
    let o = tabula_with(&["games"], &env);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        out.contains("tictactoe") && out.contains("Tic-tac-toe"),
        "{out}"
    );
    assert!(!out.contains("not a game"), "{out}");
    let o = tabula_with(
        &["play", "tictactoe", "--p1", "random", "--p2", "random"],
        &env,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
}

#[test]
fn a_game_in_one_file_is_found_checked_played_served_and_championed() {
    let dir = rules_folder("faces");
    let folder = dir.to_str().unwrap();
    let env = [("TABULA_PROLOG", folder)];

    // Found: listed with its title and the players of any game.
    let o = tabula_with(&["games"], &env);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        out.contains("tictactoe") && out.contains("Tic-tac-toe"),
        "{out}"
    );
    assert!(out.contains("mcts") && out.contains("alphabeta"), "{out}");
    assert!(
        !out.contains("Breakthrough"),
        "only the folder's games: {out}"
    );
    // ... by name and by alias, and it is the only game, so --help names it.
    let o = tabula_with(&["--help"], &env);
    let help = text(&o.stdout);
    assert!(
        help.lines()
            .any(|l| l.trim_start().starts_with("tictactoe") && l.ends_with("Tic-tac-toe")),
        "{help}"
    );

    // Checked.
    let o = tabula_with(&["check", "noughts_and_crosses"], &env);
    assert!(
        o.status.success() && text(&o.stdout).contains("keeps the game contract"),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );

    // Played to the end in the terminal by two people: X takes the bottom row.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "tictactoe", "--p1", "human", "--p2", "human"])
        .env("TABULA_PROLOG", folder)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"a1\nb2\nb2\nz9\nb1\na3\nc1\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = text(&o.stdout);
    assert!(out.contains("that square is already marked"), "{out}");
    assert!(
        out.contains("type a square, e.g. b2"),
        "the game's hint: {out}"
    );
    assert!(
        out.contains(" 1 [X] X  X") || out.contains(" 1  X  X [X]"),
        "{out}"
    );
    assert!(out.contains("wins with X"), "{out}");

    // Served over the protocol.
    let (out, err) = served(
        folder,
        b"name\ngame tictactoe\nplay b2\ngenmove 300\nquit\n",
    );
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 5, "{out}{err}");
    let reply = answers[3].trim_start_matches("= ");
    assert!(
        reply.len() == 2 && reply != "b2" && "abc".contains(&reply[..1]),
        "a square of the grid, not the centre: {out}"
    );

    // Asked for a move once the game is over, the player says so in words.
    let (out, _) = served(
        folder,
        b"game tictactoe\nplay a1\nplay b1\nplay a2\nplay b2\nplay a3\ngenmove 300\nquit\n",
    );
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(
        answers.get(6).copied(),
        Some("? the game is over: there is no move to make"),
        "{out}"
    );

    // A match against the generic players.
    let o = tabula_with(
        &[
            "match",
            "tictactoe",
            "--p1",
            "random",
            "--p2",
            "alphabeta",
            "--games",
            "2",
        ],
        &env,
    );
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));

    // A small championship, and its page drawn by a browser with the marks on it.
    let out_dir = dir.join("championship");
    let o = tabula_with(
        &[
            "tournament",
            "tictactoe",
            "--player",
            "random",
            "--player",
            "mcts",
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &env,
    );
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    let page = out_dir.join("index.html");
    let chromium = crate::common::chromium().expect("chromium is needed for the page check");
    let dom = crate::common::page_dom(chromium, &format!("file://{}#game-1/3", page.display()));
    assert!(
        dom.contains(r#"data-ready="yes""#),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    let board = crate::common::board_svg(&dom);
    // Three moves in: two X and one O drawn as pieces, labels along the edges.
    assert_eq!(board.matches(">X</text>").count(), 2, "{board}");
    assert_eq!(board.matches(">O</text>").count(), 1, "{board}");
    assert!(
        board.contains(">a</text>") && board.contains(">3</text>"),
        "{board}"
    );
}

#[test]
fn a_game_given_as_a_file_needs_no_folder() {
    // --rules FILE alone names the game: no copy in prolog/, no TABULA_PROLOG.
    let dir = rules_folder("rules");
    let file = dir.join("games/tictactoe.pl");
    let o = tabula_with(
        &[
            "play",
            "--rules",
            file.to_str().unwrap(),
            "--p1",
            "random",
            "--p2",
            "mcts",
        ],
        &[],
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(out.contains("Game over"), "{out}");
    // A name that is not the file's game is refused in words.
    let o = tabula_with(&["play", "dots", "--rules", file.to_str().unwrap()], &[]);
    assert!(
        text(&o.stderr).contains("is the rules of tictactoe, not of \"dots\""),
        "{}",
        text(&o.stderr)
    );
}

fn click_at(h: &mut Harness<'static, TabulaApp>, pos: Pos2) {
    h.hover_at(pos);
    h.run_steps(1);
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run_steps(2);
}

#[cfg(feature = "gui")]
#[test]
fn the_window_draws_it_and_a_click_or_the_move_box_plays() {
    let dir = rules_folder("window");
    let game = read_game(&dir.join("games/tictactoe.pl")).expect("the file declares a game");
    assert_eq!(game.title, "Tic-tac-toe");
    let app = TabulaApp::new(GuiOptions {
        game,
        rules_file: None,
        options: Vec::new(),
        seats: vec![Some(PlayerSpec::Human), Some(PlayerSpec::Human)],
        budget_ms: 300,
        moves: Vec::new(),
        watch: false,
        computer_moves: true,
    })
    .expect("the window opens on the new game");
    let mut h = Harness::builder()
        .with_size(vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TabulaApp| app.show(ui), app);
    h.run_steps(2);
    let layout = h.state().layout().expect("the board is drawn");
    assert_eq!(layout.shape, Shape::Squares { rows: 3, cols: 3 });
    // The centre square: the move b2.
    click_at(&mut h, layout.center(Region::Sq { r: 2, c: 2 }));
    assert_eq!(h.state().session().last().unwrap().notation, "b2");
    // The move box reads the game's notation, and says why a move is refused.
    h.state_mut().type_move("b2");
    assert_eq!(h.state().status(), Some("that square is already marked"));
    h.state_mut().type_move("a3");
    assert_eq!(h.state().session().last().unwrap().notation, "a3");
    h.state_mut().type_move("zz");
    assert!(h.state().status().unwrap().contains("type a square"));
}

/// `tabula serve tictactoe mcts` with the rules folder `folder`, given `input`: its
/// stdout and stderr.
fn served(folder: &str, input: &[u8]) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "tictactoe", "mcts"])
        .env("TABULA_PROLOG", folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    (text(&o.stdout), text(&o.stderr))
}

/// What `tabula games` says `ai` plays as is what it plays: a game that only calls an
/// `evaluation/3` it does not define (Scryer's `current_predicate/1` answers for it all
/// the same) judges no position, so its `ai` is `mcts`, said and played.
#[test]
fn games_says_what_ai_plays_as_even_for_an_evaluation_only_called() {
    let dir = rules_folder("called-evaluation");
    let mut rules = TICTACTOE.to_string();
    rules.push_str(
        "\n% Calls an evaluation that the file does not define.\n\
         looks_good(State) :- tictactoe:evaluation(State, 1, V), V > 0.\n",
    );
    std::fs::write(dir.join("games/tictactoe.pl"), rules).unwrap();
    let cache = dir.join("cache");
    let env = [
        ("TABULA_PROLOG", dir.to_str().unwrap()),
        ("XDG_CACHE_HOME", cache.to_str().unwrap()),
    ];
    let o = tabula_with(&["games"], &env);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(out.contains("ai plays as mcts:"), "{out}");
    let o = tabula_with(
        &[
            "play",
            "tictactoe",
            "--p1",
            "ai",
            "--p2",
            "random",
            "--move-time",
            "0.1",
        ],
        &env,
    );
    let played = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(played.contains("[mcts: "), "{played}");
}
