//! Everything the rules say is on the browser's board, in words: the rules' captions
//! under it (at a desktop's width and a phone's), the squares where a click plays a
//! move marked, a disc dropped by a click anywhere in its column, and a move a person
//! has no choice but to make (Othello's pass) said and played for them, never clicked.
//! Screenshots in `target/web-screenshots/board-*.png`.

use crate::common::browser::Driver;
use crate::common::{scratch, tools_present};
use crate::web::{Web, click, moves, region_key, shots, snap, start_game, turn_or_end};
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Othello on 4 x 4 squares, both seats people: after these moves Black can place no
/// disc (its only move is a pass), and the game goes on after it.
const TO_A_PASS: &[&str] = &["b1", "a1", "a2", "c1", "d1", "a3", "a4", "d3"];

async fn text_of(b: &Client, css: &str) -> String {
    b.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .text()
        .await
        .unwrap_or_default()
}

async fn count(b: &Client, css: &str) -> usize {
    b.find_all(Locator::Css(css)).await.map_or(0, |v| v.len())
}

/// The captions the page shows, a line each, and whether they fit the page's width.
async fn captions_shown(b: &Client) -> (Vec<String>, bool) {
    let shown = b
        .execute(
            "const c = document.getElementById('captions'); const r = c.getBoundingClientRect();
             return [[...c.querySelectorAll('p')].map(p => p.textContent),
                     r.height > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth];",
            vec![],
        )
        .await
        .unwrap();
    let lines = shown[0]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    (lines, shown[1] == true)
}

fn board_captions(s: &Value) -> Vec<String> {
    s["board"]["captions"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

async fn shot(b: &Client, name: &str) {
    std::fs::write(
        shots().join(format!("board-{name}.png")),
        b.screenshot().await.unwrap(),
    )
    .unwrap();
}

/// Clicks the place of `mv` among the moves the page offers.
pub(crate) async fn click_only(b: &Client, s: &Value, mv: &str) {
    let input = s["inputs"]
        .as_array()
        .and_then(|ins| ins.iter().find(|i| i["move"] == mv))
        .unwrap_or_else(|| panic!("{mv} is not offered: {s}"))
        .clone();
    for region in input["regions"].as_array().unwrap() {
        click(b, &format!("[data-region=\"{}\"]", region_key(region))).await;
    }
}

/// Clicks the place of `mv`, and waits for a person's next turn (or the end).
pub(crate) async fn click_move(b: &Client, s: &Value, mv: &str) -> Value {
    click_only(b, s, mv).await;
    turn_or_end(b, moves(s) + 1).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_says_what_the_rules_say() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "board-profile"), 1100, 900)
        .await;
    let base = web.base.clone();

    // The captions: the chase's clock, Breakthrough's counts, Kalah's turn, under the
    // board.
    for (game, options) in [
        ("kingpawn", &[][..]),
        ("breakthrough", &[("rows", "5"), ("cols", "5")][..]),
        ("kalah", &[][..]),
    ] {
        start_game(&b, &base, game, options, &["human", "random"]).await;
        let s = snap(&b).await;
        let (shown, fits) = captions_shown(&b).await;
        assert!(!board_captions(&s).is_empty(), "{game} has captions: {s}");
        assert_eq!(shown, board_captions(&s), "{game}: the captions shown");
        assert!(fits, "{game}: the captions fit the page");
        shot(&b, game).await;
    }

    // Connect Four: a click on the top hole of a column drops the disc to its foot.
    start_game(&b, &base, "connect4", &[], &["human", "random"]).await;
    let s = snap(&b).await;
    let (rows, cols) = (
        s["board"]["shape"]["rows"].as_u64().unwrap(),
        s["board"]["shape"]["cols"].as_u64().unwrap(),
    );
    assert_eq!(
        count(&b, "[data-place]").await as u64,
        cols,
        "a mark a column"
    );
    click(&b, "[data-region=\"sq-1-4\"]").await;
    let s = turn_or_end(&b, 1).await;
    assert_eq!(s["moves"][0]["move"], "d", "{s}");
    assert!(
        s["board"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["r"] == rows && p["c"] == 4 && p["player"] == 1),
        "the disc lands at the foot of column d: {s}"
    );
    // Over the top of an empty column, the hole its disc would land in lights up.
    let empty = (1..=cols)
        .find(|c| {
            !s["board"]["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["c"] == *c)
        })
        .expect("an empty column");
    let lit = b
        .execute(
            "const e = document.querySelector('[data-region=\"sq-1-' + arguments[0] + '\"]'), r = e.getBoundingClientRect();
             e.dispatchEvent(new PointerEvent('pointerover', { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true }));
             return [...document.querySelectorAll('#board .landing')].map(l => l.getAttribute('data-region'));",
            vec![serde_json::json!(empty)],
        )
        .await
        .unwrap();
    assert_eq!(
        lit,
        serde_json::json!([format!("sq-{rows}-{empty}")]),
        "{s}"
    );
    shot(&b, "connect4").await;

    // Othello: every square a disc may go on is marked, and only those.
    start_game(&b, &base, "othello", &[], &["human", "random"]).await;
    let s = snap(&b).await;
    let mut offered: Vec<String> = s["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| region_key(&i["regions"][0]))
        .collect();
    let mut marked: Vec<String> = b
        .execute(
            "return [...document.querySelectorAll('[data-place]')].map(e => e.getAttribute('data-place'))",
            vec![],
        )
        .await
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|k| k.as_str().map(String::from))
        .collect();
    offered.sort();
    marked.sort();
    assert_eq!(offered.len(), 4, "{s}");
    assert_eq!(marked, offered, "the legal squares marked");
    shot(&b, "othello").await;

    // A forced pass: said in words, played without a click, and the game goes on to
    // its end; never a pass button.
    start_game(&b, &base, "othello", &[("size", "4")], &["human", "human"]).await;
    let mut s = snap(&b).await;
    let (last, before_last) = TO_A_PASS.split_last().expect("moves to a pass");
    for mv in before_last {
        s = click_move(&b, &s, mv).await;
    }
    // The move after which the other side has no square: no waiting for a turn here.
    click_only(&b, &s, last).await;
    let start = Instant::now();
    let said = loop {
        let status = text_of(&b, "#status").await;
        if status.contains("pass") {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the forced pass is not said: {status:?}; {}",
            snap(&b).await
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    assert!(said.contains("no move on the board"), "{said}");
    assert_eq!(count(&b, "#unplaced button").await, 0, "no pass button");
    assert!(!said.contains("your move"), "{said}");
    shot(&b, "othello-pass").await;
    let before = TO_A_PASS.len();
    let mut s = turn_or_end(&b, before + 1).await;
    assert_eq!(s["moves"][before]["move"], "pass", "{s}");
    let mut turns = 0;
    while s["over"].is_null() {
        turns += 1;
        assert!(turns < 40, "the game did not end: {s}");
        assert_eq!(
            count(&b, "#unplaced button").await,
            0,
            "no pass button: {s}"
        );
        let mv = s["inputs"][0]["move"]
            .as_str()
            .unwrap_or_else(|| panic!("a person's turn with no square: {s}"))
            .to_string();
        s = click_move(&b, &s, &mv).await;
    }
    assert!(text_of(&b, "#status").await.starts_with("Game over"), "{s}");
    // What the moves caused, in words.
    let events: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["events"].as_str())
        .collect();
    assert!(
        events.iter().any(|e| e.contains("turns over")),
        "{events:?}"
    );
    shot(&b, "othello-end").await;
    b.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_captions_are_read_at_a_phones_width() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "board-phone-profile"), 390, 844)
        .await;
    // The window's size set after it opens, as the site's phone test does: a headless
    // window opens no narrower than 500 px.
    b.set_window_size(390, 844).await.unwrap();
    let base = web.base.clone();
    start_game(&b, &base, "kingpawn", &[], &["human", "random"]).await;
    let width = b.execute("return window.innerWidth", vec![]).await.unwrap();
    assert!(
        width.as_u64().is_some_and(|w| w <= 400),
        "a phone's width: {width}"
    );
    let s = snap(&b).await;
    let (shown, fits) = captions_shown(&b).await;
    assert_eq!(shown, board_captions(&s));
    assert!(fits, "the captions fit a phone's width");
    // Right under the board, before the controls.
    let under = b
        .execute(
            "const b = document.getElementById('board').getBoundingClientRect();
             const c = document.getElementById('captions').getBoundingClientRect();
             return c.top >= b.bottom - 1 && c.top - b.bottom < 40;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(under, true, "the captions are under the board");
    shot(&b, "phone-kingpawn").await;
    // Othello's legal squares and its count of discs, on a phone.
    start_game(&b, &base, "othello", &[], &["human", "random"]).await;
    let (shown, fits) = captions_shown(&b).await;
    assert_eq!(shown, board_captions(&snap(&b).await));
    assert!(fits, "Othello's captions fit a phone's width");
    assert_eq!(count(&b, "[data-place]").await, 4);
    shot(&b, "phone-othello").await;
    b.close().await.unwrap();
}
