//! The window, driven without a display (egui_kittest): clicks on segments, the extra
//! turn, undo across computer moves, the hint, the end announcement, and live rules
//! reloads, good and broken. What happened is checked against what the rules say.

use egui::{Event, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::{Harness, kittest::Queryable};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::engine::term::Term;
use tabula::game::board::{Region, Shape};
use tabula::game::{Outcome, find_game};
use tabula::players::spec::PlayerSpec;
use tabula::ui::window::{GuiOptions, TabulaApp};

fn options(rows: i64, cols: i64) -> Vec<Term> {
    vec![
        Term::compound("rows", [Term::integer(rows)]),
        Term::compound("cols", [Term::integer(cols)]),
    ]
}

fn app(seats: &[&str], board: Vec<Term>, rules_file: Option<PathBuf>) -> TabulaApp {
    app_with_time(seats, board, rules_file, 300)
}

fn app_with_time(
    seats: &[&str],
    board: Vec<Term>,
    rules_file: Option<PathBuf>,
    budget_ms: u64,
) -> TabulaApp {
    TabulaApp::new(GuiOptions {
        game: find_game("dots").unwrap(),
        rules_file,
        options: board,
        seats: seats
            .iter()
            .map(|s| Some(s.parse::<PlayerSpec>().unwrap()))
            .collect(),
        budget_ms,
        moves: Vec::new(),
        watch: false,
        computer_moves: true,
    })
    .unwrap()
}

pub(crate) fn harness(app: TabulaApp) -> Harness<'static, TabulaApp> {
    let mut h = Harness::builder()
        .with_size(vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut TabulaApp| app.show(ui), app);
    h.run_steps(2);
    h
}

fn seg(kind: &str, i: i64, j: i64) -> Term {
    Term::compound(kind, [Term::integer(i), Term::integer(j)])
}

pub(crate) fn click_at(h: &mut Harness<'static, TabulaApp>, pos: Pos2) {
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

/// The line of the board view a segment `h(I,J)` / `v(I,J)` is drawn on.
fn segment_line(mv: &Term) -> Region {
    let text = tabula::engine::term::to_text(mv);
    let nums: Vec<u32> = text[2..text.len() - 1]
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    let (i, j) = (nums[0] + 1, nums[1] + 1);
    if text.starts_with('h') {
        Region::Line {
            r1: i,
            c1: j,
            r2: i,
            c2: j + 1,
        }
    } else {
        Region::Line {
            r1: i,
            c1: j,
            r2: i + 1,
            c2: j,
        }
    }
}

fn click_segment(h: &mut Harness<'static, TabulaApp>, mv: &Term) {
    let layout = h.state().layout().expect("the board was drawn");
    let pos = layout.center(segment_line(mv));
    click_at(h, pos);
}

/// Steps the window until `done` holds (the computer thinks on its own thread).
pub(crate) fn wait_for(
    h: &mut Harness<'static, TabulaApp>,
    what: &str,
    done: impl Fn(&TabulaApp) -> bool,
) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "waited too long for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.run_steps(1);
    }
}

#[test]
fn a_click_draws_a_segment_and_the_turn_passes() {
    let mut h = harness(app(&["human", "human"], options(3, 3), None));
    assert_eq!(h.state().session().facts.to_move, Some(1));
    click_segment(&mut h, &seg("h", 0, 0));
    let s = h.state().session();
    assert_eq!(s.history.len(), 2);
    assert_eq!(s.last().unwrap().notation, "a3-b3");
    assert_eq!(s.facts.to_move, Some(2));
    // A click near a segment, not on it, still counts (generous hit-testing) ...
    let layout = h.state().layout().unwrap();
    let near =
        layout.center(segment_line(&seg("v", 1, 2))) + vec2(layout.cell * 0.2, layout.cell * 0.1);
    click_at(&mut h, near);
    assert_eq!(h.state().session().last().unwrap().notation, "c1-c2");
    // ... and a click on a drawn segment does nothing.
    click_segment(&mut h, &seg("h", 0, 0));
    assert_eq!(h.state().session().history.len(), 3);
}

#[test]
fn closing_a_box_gives_another_turn_and_ten_points() {
    let mut h = harness(app(&["human", "human"], options(3, 3), None));
    for (kind, i, j) in [("h", 0, 0), ("v", 0, 0), ("v", 0, 1)] {
        click_segment(&mut h, &seg(kind, i, j));
    }
    assert_eq!(h.state().session().facts.to_move, Some(2));
    click_segment(&mut h, &seg("h", 1, 0));
    let s = h.state().session();
    assert_eq!(s.facts.to_move, Some(2), "who closes a box moves again");
    assert_eq!(s.scores(), vec![0, 10]);
    assert!(h.query_by_label_contains("Computer").is_none());
}

#[test]
fn the_end_is_announced() {
    let mut h = harness(app(&["human", "human"], options(2, 2), None));
    for (kind, i, j) in [("h", 0, 0), ("v", 0, 0), ("v", 0, 1), ("h", 1, 0)] {
        click_segment(&mut h, &seg(kind, i, j));
    }
    let s = h.state().session();
    assert!(matches!(s.facts.outcome, Outcome::Over { .. }));
    assert_eq!(s.scores(), vec![0, 10]);
    h.get_by_label_contains("Player 2 wins");
    h.get_by_label("Play again").click();
    h.run_steps(2);
    assert_eq!(h.state().session().history.len(), 1);
}

#[test]
fn undo_goes_back_to_the_person_across_the_computer_moves() {
    let mut h = harness(app(&["human", "random"], options(3, 3), None));
    click_segment(&mut h, &seg("h", 0, 0));
    wait_for(&mut h, "the computer's move", |a| {
        a.session().human_to_move().is_some() && !a.thinking()
    });
    assert!(h.state().session().history.len() >= 3);
    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert_eq!(h.state().session().history.len(), 1);
    assert_eq!(h.state().session().facts.to_move, Some(1));
    // Ctrl+Z with nothing left to undo says so.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().status(), Some("Nothing to undo."));
}

#[test]
fn the_hint_comes_from_the_computer_with_its_reason() {
    let mut h = harness(app(&["human", "greedy"], options(3, 3), None));
    h.key_press(egui::Key::H);
    h.run_steps(1);
    wait_for(&mut h, "the hint", |a| a.hint().is_some());
    let (notation, reason) = h.state().hint().unwrap();
    // Two dots of the 3 x 3 board, as its edges name them: "a3-b3".
    let dots: Vec<&str> = notation.split('-').collect();
    assert!(
        dots.len() == 2
            && dots.iter().all(|d| {
                let mut cs = d.chars();
                cs.next().is_some_and(|c| ('a'..='c').contains(&c))
                    && cs
                        .as_str()
                        .parse::<u32>()
                        .is_ok_and(|r| (1..=3).contains(&r))
            }),
        "{notation}"
    );
    assert!(!reason.is_empty());
    h.get_by_label_contains("Hint: ");
}

fn copy_rules(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tabula-gui-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog/games/dots/dots.pl");
    let text = std::fs::read_to_string(original).unwrap();
    let file = dir.join("dots.pl");
    std::fs::write(&file, &text).unwrap();
    (file, text)
}

#[test]
fn rules_edited_live_broken_then_fixed() {
    let (file, text) = copy_rules("reload");
    let mut h = harness(app(&["human", "human"], options(3, 3), Some(file.clone())));
    click_segment(&mut h, &seg("h", 0, 0));
    let drawn = h.state().layout().expect("a board");

    // A syntax error: reported with file and line, and play goes on with the old rules.
    let broken = text.replacen("box_points(10).", "box_points(10", 1);
    let line = broken
        .lines()
        .position(|l| l.starts_with("box_points(10"))
        .unwrap()
        + 1;
    std::fs::write(&file, &broken).unwrap();
    h.state_mut().reload_now();
    h.run_steps(2);
    let error = h
        .state()
        .load_error()
        .expect("the error is shown")
        .to_string();
    assert!(error.contains("dots.pl:"), "{error}");
    assert!(
        error.contains(&format!("dots.pl:{line}:")),
        "line {line}: {error}"
    );
    h.get_by_label_contains("syntax error");
    // Shown over the board's foot: the board keeps its place and its size.
    assert_eq!(h.state().layout(), Some(drawn), "the board did not move");
    assert_eq!(h.state().session().history.len(), 2, "before the click");
    click_segment(&mut h, &seg("v", 0, 0));
    assert_eq!(h.state().session().history.len(), 3);

    // Fixed, with boxes worth 5: the game is replayed under the new rules.
    std::fs::write(&file, text.replacen("box_points(10).", "box_points(5).", 1)).unwrap();
    h.state_mut().reload_now();
    h.run_steps(2);
    assert_eq!(h.state().load_error(), None);
    assert_eq!(
        h.state().session().history.len(),
        3,
        "the moves so far survive the reload"
    );
    for (kind, i, j) in [("v", 0, 1), ("h", 1, 0)] {
        click_segment(&mut h, &seg(kind, i, j));
    }
    assert_eq!(h.state().session().scores(), vec![0, 5]);
}

#[test]
fn the_new_game_panel_sets_up_a_board() {
    let mut h = harness(app(&["human", "human"], options(3, 3), None));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run_steps(2);
    h.get_by_label("Start").click();
    h.run_steps(2);
    let s = h.state().session();
    assert_eq!(s.history.len(), 1);
    assert_eq!(s.seats.len(), 2);
}

#[test]
fn saving_a_rules_file_triggers_a_reload() {
    use tabula::game::Rules;
    use tabula::ui::watch::{Reload, Watcher};
    let (file, text) = copy_rules("watch");
    let game = find_game("dots").unwrap();
    let rules = Rules::load(game, Some(&file)).unwrap();
    let watcher = Watcher::start(rules.files().to_vec(), game, Some(file.clone()), || {})
        .expect("watching works here");
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&file, text.replacen("box_points(10).", "box_points(10", 1)).unwrap();
    let start = Instant::now();
    let reload = loop {
        if let Some(reload) = watcher.poll() {
            break reload;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no reload after saving"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    match reload {
        Reload::Failed(message) => assert!(
            message.contains("dots.pl:") && message.contains("syntax error"),
            "{message}"
        ),
        Reload::Loaded(_) => panic!("a broken file loaded"),
    }
}

#[test]
fn king_and_pawn_moves_by_clicking_a_square() {
    let app = TabulaApp::new(GuiOptions {
        game: find_game("kingpawn").unwrap(),
        rules_file: None,
        options: Vec::new(),
        seats: vec![Some(PlayerSpec::Human), Some(PlayerSpec::Human)],
        budget_ms: 300,
        moves: Vec::new(),
        watch: false,
        computer_moves: true,
    })
    .unwrap();
    let mut h = harness(app);
    let layout = h.state().layout().expect("a board of squares");
    // The chase's square (L C) is drawn on row 9 - L from the top.
    let square = |l: u32, c: u32| Region::Sq { r: 9 - l, c };
    // (8 1) to (7 2): a legal king step for White.
    click_at(&mut h, layout.center(square(7, 2)));
    let s = h.state().session();
    assert_eq!(s.last().unwrap().notation, "(7 2)");
    assert_eq!(s.facts.to_move, Some(2));
    // A square the black king may not take (next to the white king): nothing happens.
    let layout = h.state().layout().unwrap();
    click_at(&mut h, layout.center(square(6, 3)));
    assert_eq!(h.state().session().history.len(), 2);
}

#[test]
fn breakthrough_moves_by_clicking_a_piece_then_its_target() {
    let app = TabulaApp::new(GuiOptions {
        game: find_game("breakthrough").unwrap(),
        rules_file: None,
        options: options(5, 6),
        seats: vec![Some(PlayerSpec::Human), Some(PlayerSpec::Human)],
        budget_ms: 300,
        moves: Vec::new(),
        watch: false,
        computer_moves: true,
    })
    .unwrap();
    let mut h = harness(app);
    let layout = h.state().layout().expect("a board of squares");
    assert_eq!(layout.shape, Shape::Squares { rows: 5, cols: 6 });
    // Row r (from White's side) is drawn 6 - r from the top.
    let sq = |r: u32, c: u32| Region::Sq { r: 6 - r, c };
    // A target before any piece is picked does nothing.
    click_at(&mut h, layout.center(sq(3, 3)));
    assert_eq!(h.state().session().history.len(), 1, "the start only");
    assert_eq!(h.state().selected(), None);
    // The piece on c2, then d3: the move c2-d3.
    click_at(&mut h, layout.center(sq(2, 3)));
    assert_eq!(h.state().selected(), Some(sq(2, 3)));
    click_at(&mut h, layout.center(sq(3, 4)));
    let s = h.state().session();
    assert_eq!(s.last().unwrap().notation, "c2-d3");
    assert_eq!(s.facts.to_move, Some(2));
    assert_eq!(h.state().selected(), None);
    // Black: a piece of White's cannot be picked; a black piece two rows down cannot go.
    let layout = h.state().layout().unwrap();
    click_at(&mut h, layout.center(sq(3, 4)));
    assert_eq!(h.state().selected(), None);
    click_at(&mut h, layout.center(sq(4, 1)));
    assert_eq!(h.state().selected(), Some(sq(4, 1)));
    click_at(&mut h, layout.center(sq(2, 1)));
    assert_eq!(h.state().session().history.len(), 2, "not a legal move");
    assert_eq!(h.state().selected(), None);
}

/// A student lets Breakthrough's pieces move sideways in a copy of the rules: the
/// window takes the sideways move, and the computer, whose own search model no
/// longer applies, answers through its stand-in with a move of the edited rules.
#[test]
fn the_window_follows_an_edited_rule_and_so_does_its_computer() {
    let dir = std::env::temp_dir().join(format!("tabula-gui-{}-sideways", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog/games/breakthrough/breakthrough.pl");
    let rule = "forward(2, R1, R2) :- R2 is R1 - 1.";
    let text = std::fs::read_to_string(original).unwrap();
    assert!(text.contains(rule), "the rule to edit is there");
    let file = dir.join("breakthrough.pl");
    std::fs::write(
        &file,
        text.replacen(rule, &format!("{rule}\nforward(_, R, R)."), 1),
    )
    .unwrap();
    let app = TabulaApp::new(GuiOptions {
        game: find_game("breakthrough").unwrap(),
        rules_file: Some(file),
        options: options(5, 6),
        seats: vec![Some(PlayerSpec::Human), Some("ai".parse().unwrap())],
        budget_ms: 200,
        moves: Vec::new(),
        watch: false,
        computer_moves: true,
    })
    .unwrap();
    let mut h = harness(app);
    let sq = |r: u32, c: u32| Region::Sq { r: 6 - r, c };
    let play = |h: &mut Harness<'static, TabulaApp>, from: Region, to: Region, text: &str| {
        let layout = h.state().layout().expect("a board of squares");
        let before = h.state().session().history.len();
        click_at(h, layout.center(from));
        click_at(h, layout.center(to));
        let s = h.state().session();
        assert_eq!(s.history.len(), before + 1, "{text} was taken");
        assert_eq!(s.last().unwrap().notation, text);
        wait_for(h, "the computer's answer", |a| {
            a.session().history.len() >= before + 2
        });
        let answer = h.state().session().last().unwrap().clone();
        assert_eq!(answer.player, 2);
        assert!(
            answer
                .reason
                .as_deref()
                .is_some_and(|r| r.contains("the rules were edited, so alphabeta stands in")),
            "the stand-in says why it plays: {:?}",
            answer.reason
        );
    };
    // c2-c3, then b2-c2: sideways into the square c2 left, a move only the edited
    // rules allow.
    play(&mut h, sq(2, 3), sq(3, 3), "c2-c3");
    play(&mut h, sq(2, 2), sq(2, 3), "b2-c2");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn programs_play_in_the_window_and_a_cheat_is_stopped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bot = format!(
        "cmd:python3 {} --seed 4",
        root.join("examples").join("random_bot.py").display()
    );
    // Two programs play a whole game on 3 x 3 dots: 12 segments.
    // Programs are timed on the wall clock: a generous limit, for a busy machine.
    let mut h = harness(app_with_time(&[&bot, &bot], options(3, 3), None, 5000));
    wait_for(&mut h, "the programs' game", |app| {
        app.session().is_over() || app.status().is_some()
    });
    assert_eq!(h.state().status(), None);
    assert_eq!(h.state().session().history.len(), 13);
    // A program that answers an illegal move is stopped, and the game goes no further.
    let cheat = format!(
        "cmd:python3 {} illegal --after 1 --bot {}",
        root.join("tests")
            .join("players")
            .join("hostile.py")
            .display(),
        root.join("examples").join("random_bot.py").display()
    );
    let mut h = harness(app_with_time(
        &[&cheat, "greedy"],
        options(3, 3),
        None,
        5000,
    ));
    wait_for(&mut h, "the cheat", |app| app.status().is_some());
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(status.contains("illegal"), "{status}");
    assert!(!h.state().session().is_over());
}

#[test]
fn the_new_game_form_offers_exactly_the_options_each_game_declares() {
    use tabula::game::catalog;
    for game in &catalog().games {
        let app = TabulaApp::new(GuiOptions {
            game,
            rules_file: None,
            options: Vec::new(),
            seats: vec![Some(PlayerSpec::Human), Some(PlayerSpec::Human)],
            budget_ms: 300,
            moves: Vec::new(),
            watch: false,
            computer_moves: false,
        })
        .unwrap();
        let mut h = harness(app);
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
        h.run_steps(2);
        for option in &game.options {
            assert!(
                h.query_by_label(&option.text).is_some(),
                "{}: the form has no {:?}",
                game.name,
                option.text
            );
        }
        // ... and none of another game's.
        for other in &catalog().games {
            for option in &other.options {
                if !game.options.iter().any(|o| o.text == option.text) {
                    assert!(
                        h.query_by_label(&option.text).is_none(),
                        "{}: the form offers {}'s {:?}",
                        game.name,
                        other.name,
                        option.text
                    );
                }
            }
        }
    }
}
