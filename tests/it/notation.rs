//! One notation a game, in every face: the coordinates drawn on the board's edges are
//! the ones typed, shown in the move list and the records, and read out by screen
//! readers. Here the terminal's side (`tabula play`, the REPL's `:show`) and the rules'
//! own texts; the window's is in `gui_board.rs`, the browser's in `web_board.rs`.

use crate::common::{tabula_piped, text};
use tabula::game::board::Board;
use tabula::game::{Rules, find_game};

/// Othello on 4 x 4 squares, both seats people: after these moves Black can place no
/// disc (its only move is a pass).
const TO_A_PASS: &str = "b1\na1\na2\nc1\nd1\na3\na4\nd3\n";

#[test]
fn timbiriche_moves_are_the_dots_the_board_names() {
    // Typed as the board names the dots, or in the assignment's terms; written back,
    // the reply and the list of moves included, as the board names them.
    let o = tabula_piped(
        &["play", "dots", "--p2", "human"],
        "a1-b1\nh(0,0)\nb1-a1\nmoves\nquit\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    // h(0,0) is the top-left segment of 5 rows of dots: a5-b5.
    assert!(out.contains("a1-b1 is already drawn"), "{out}");
    let listed = out
        .lines()
        .find(|l| l.contains("legal moves:"))
        .expect("the legal moves");
    assert!(
        listed.contains(" a1-a2 ") && !listed.contains("a5-b5"),
        "{out}"
    );
    // What tabula writes (not the typed lines it echoes) has no assignment's terms.
    assert!(
        out.lines()
            .filter(|l| !l.contains(" > "))
            .all(|l| !l.contains("h(") && !l.contains("v(")),
        "{out}"
    );
    // The board: dots' rows on the left, 5 at the top, columns' letters under it, and
    // no other coordinates.
    let board: Vec<&str> = out.lines().take_while(|l| !l.contains("points")).collect();
    assert!(
        board.iter().any(|l| l.trim_start().starts_with("5  ●")),
        "{out}"
    );
    assert!(
        board.iter().any(|l| l.trim() == "a   b   c   d   e   f"),
        "{out}"
    );
    assert!(
        !board.iter().any(|l| l.trim_start().starts_with("0 ")),
        "{out}"
    );
}

#[test]
fn every_timbiriche_segment_reads_back_from_its_text_and_names_the_drawn_labels() {
    let rules = Rules::load(find_game("dots").expect("dots"), None).expect("the rules");
    let start = rules.initial_state(&[]).expect("a start");
    let board = Board::from_view(&rules.view(&start).expect("a view")).expect("a board");
    assert_eq!(board.labels.bottom, ["a", "b", "c", "d", "e", "f"]);
    assert_eq!(board.labels.left, ["5", "4", "3", "2", "1"]);
    assert!(board.labels.top.is_empty() && board.labels.right.is_empty());
    for mv in rules.legal_moves(&start).expect("moves") {
        let written = rules.move_text(&start, &mv).expect("a text");
        assert_eq!(
            rules.parse_move(&start, &written).expect("read").as_ref(),
            Some(&mv),
            "{written}"
        );
        // The two dots it names are at the ends of its line, as the labels name them.
        let regions = rules.move_regions(&start, &mv).expect("its place");
        let [tabula::game::board::Region::Line { r1, c1, r2, c2 }] = regions[..] else {
            panic!("{written}: {regions:?}");
        };
        let name = |r: u32, c: u32| {
            format!(
                "{}{}",
                board.labels.bottom[c as usize - 1],
                board.labels.left[r as usize - 1]
            )
        };
        // The left dot first, else the lower one.
        let (first, second) = if c1 < c2 || (c1 == c2 && r1 > r2) {
            (name(r1, c1), name(r2, c2))
        } else {
            (name(r2, c2), name(r1, c1))
        };
        assert_eq!(written, format!("{first}-{second}"));
    }
}

#[test]
fn the_terminal_plays_a_forced_pass_for_the_person() {
    let o = tabula_piped(
        &[
            "play", "othello", "--option", "size=4", "--p1", "human", "--p2", "human",
        ],
        TO_A_PASS,
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    let said = "Black has no move on the board: its only move, pass, is played for it.";
    let at = out.find(said).unwrap_or_else(|| panic!("{out}"));
    // Played, not asked: White is asked next, and Black never for the pass.
    let after = &out[at..];
    assert!(after.contains("B (human) > "), "{out}");
    assert!(!after.contains("A (human) > "), "{out}");
    // And undo goes back past it, to White's last choice.
    let o = tabula_piped(
        &[
            "play", "othello", "--option", "size=4", "--p1", "human", "--p2", "human",
        ],
        &format!("{TO_A_PASS}undo\nquit\n"),
    );
    let out = text(&o.stdout);
    assert!(out.contains("Took back 2 move(s)."), "{out}");
}

#[test]
fn breakthrough_pieces_have_the_same_letters_in_play_and_in_the_repl() {
    let o = tabula_piped(
        &["repl", "breakthrough"],
        "breakthrough:initial_state([rows(5), cols(4)], S).\n:show\n",
    );
    let out = text(&o.stdout);
    assert!(out.contains("B  B  B  B"), "{out}");
    assert!(out.contains("W  W  W  W"), "{out}");
    assert!(!out.contains("A  A  A  A"), "{out}");
    let o = tabula_piped(
        &["play", "breakthrough", "--rows", "5", "--cols", "4"],
        "quit\n",
    );
    let out = text(&o.stdout);
    assert!(out.contains("W  W  W  W"), "{out}");
}

#[test]
fn the_chase_names_its_squares_as_its_notation_writes_them() {
    let rules = Rules::load(find_game("kingpawn").expect("kingpawn"), None).expect("the rules");
    let start = rules.initial_state(&[]).expect("a start");
    let board = Board::from_view(&rules.view(&start).expect("a view")).expect("a board");
    let parts: Vec<String> = board
        .labels
        .name
        .iter()
        .map(|p| serde_json::to_string(p).unwrap_or_default())
        .collect();
    assert_eq!(
        parts.join(""),
        r#"{"text":"("}"row"{"text":" "}"column"{"text":")"}"#
    );
    // (7 1): row 7 (the left edge's 7, second from the top), column 1.
    let mv = rules
        .parse_move(&start, "(7 1)")
        .expect("read")
        .expect("a move");
    assert_eq!(rules.move_text(&start, &mv).expect("a text"), "(7 1)");
    let regions = rules.move_regions(&start, &mv).expect("its square");
    assert_eq!(regions, [tabula::game::board::Region::Sq { r: 2, c: 1 }]);
    assert_eq!(board.labels.left[1], "7");
    assert_eq!(board.labels.bottom[0], "1");
}
