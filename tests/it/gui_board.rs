//! The window's board as the browser's: a Connect Four disc dropped by a click anywhere
//! in its column, a person's only move made nowhere on the board (Othello's pass)
//! said, then played for them after a pause, with no click, and Timbiriche's moves
//! typed, listed and said as the board's edges name the dots.

use crate::gui::{click_at, harness, wait_for};
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};
use tabula::engine::term::Term;
use tabula::game::board::Region;
use tabula::game::find_game;
use tabula::players::spec::PlayerSpec;
use tabula::ui::window::{GuiOptions, TabulaApp};

fn two_people(game: &str, options: Vec<Term>, moves: &[&str]) -> TabulaApp {
    TabulaApp::new(GuiOptions {
        game: find_game(game).unwrap(),
        rules_file: None,
        options,
        seats: vec![Some(PlayerSpec::Human), Some(PlayerSpec::Human)],
        budget_ms: 300,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        watch: false,
        computer_moves: true,
    })
    .unwrap()
}

#[test]
fn a_click_anywhere_in_a_column_drops_the_disc() {
    let mut h = harness(two_people("connect4", Vec::new(), &[]));
    let layout = h.state().layout().expect("a board of squares");
    // The top hole of column d: the disc falls to the foot of the frame.
    click_at(&mut h, layout.center(Region::Sq { r: 1, c: 4 }));
    let s = h.state().session();
    let last = s.last().expect("a disc was dropped");
    assert_eq!(last.notation, "d");
    assert_eq!(last.regions, vec![Region::Sq { r: 6, c: 4 }]);
}

#[test]
fn a_forced_pass_is_said_then_played_without_a_click() {
    // Othello on 4 x 4: after these moves Black can place no disc.
    let moves = ["b1", "a1", "a2", "c1", "d1", "a3", "a4", "d3"];
    let start = Instant::now();
    let mut h = harness(two_people(
        "othello",
        vec![Term::compound("size", [Term::integer(4)])],
        &moves,
    ));
    assert!(
        h.state().session().forced_move().is_some(),
        "Black's only move is a pass"
    );
    assert!(
        h.query_by_label_contains("no move on the board").is_some(),
        "the pass is said"
    );
    assert_eq!(h.state().session().history.len(), moves.len() + 1);
    wait_for(&mut h, "the pass played", |app| {
        app.session().history.len() == moves.len() + 2
    });
    // After a pause to read it.
    assert!(start.elapsed() >= Duration::from_millis(1000));
    assert_eq!(h.state().session().last().unwrap().notation, "pass");
    assert_eq!(h.state().session().facts.to_move, Some(2));
}

/// Types `text` in the move box and plays it.
fn type_move(h: &mut egui_kittest::Harness<'static, TabulaApp>, text: &str) {
    h.get_by_role(egui::accesskit::Role::TextInput).click();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text(text);
    h.run();
    h.get_by_label("Play").click();
    h.run();
}

#[test]
fn timbiriche_moves_are_typed_listed_and_said_as_the_board_names_the_dots() {
    let mut h = harness(two_people("dots", Vec::new(), &[]));
    // The board's edges carry the dots' names: its labels are the notation's.
    let board =
        tabula::game::board::Board::from_view(&h.state().session().facts.view).expect("a board");
    assert_eq!(board.labels.bottom, ["a", "b", "c", "d", "e", "f"]);
    assert_eq!(board.labels.left, ["5", "4", "3", "2", "1"]);
    type_move(&mut h, "a1-b1");
    assert_eq!(h.state().session().last().unwrap().notation, "a1-b1");
    // The assignment's terms are read too, and written as the board names them.
    type_move(&mut h, "h(0,0)");
    assert_eq!(h.state().session().last().unwrap().notation, "a5-b5");
    assert!(
        h.query_by_label("a5-b5").is_some(),
        "the move list says a5-b5"
    );
    assert!(h.query_by_label_contains("h(0,0)").is_none());
    // A move already drawn is refused in the same words.
    type_move(&mut h, "b5-a5");
    assert_eq!(h.state().session().history.len(), 3);
    assert!(
        h.query_by_label_contains("a5-b5 is already drawn")
            .is_some(),
        "refused, in the board's notation"
    );
}
