//! Looking back at a game in the browser, as on lichess: its moves as a list, each a
//! button showing the position after it; stepping back and on (buttons, and the arrow
//! keys away from the board, where they move its cursor); the board flipped; the end
//! said in a panel with the score in words, and a rematch. And the first screen: the
//! form and Start in view at a phone's width, beside the board the game starts on.
//! Screenshots in `target/web-screenshots/review-*.png`.

use crate::common::browser::Driver;
use crate::common::{scratch, tools_present};
use crate::web::{Web, click, moves, shots, snap, start_game, turn_or_end};
use crate::web_board::click_move;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const SHIPPED: [&str; 6] = [
    "breakthrough",
    "connect4",
    "dots",
    "kalah",
    "kingpawn",
    "othello",
];

async fn js(b: &Client, script: &str) -> Value {
    b.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

async fn shot(b: &Client, name: &str) {
    std::fs::write(
        shots().join(format!("review-{name}.png")),
        b.screenshot().await.unwrap(),
    )
    .unwrap();
}

/// What the board shows: each square's (or line's) name and what is on it.
async fn drawn(b: &Client) -> Vec<String> {
    let v = js(
        b,
        "return [...document.querySelectorAll('#board [data-region]')].map(e => e.getAttribute('aria-label'))",
    )
    .await;
    serde_json::from_value(v).unwrap_or_default()
}

/// The ply the page looks at (null: the live position).
async fn viewed(b: &Client) -> Value {
    js(b, "return TABULA.view").await
}

/// Waits until the page looks at `ply` (null: live) and has drawn it.
async fn wait_view(b: &Client, ply: Value) {
    let start = Instant::now();
    loop {
        let shown = js(
            b,
            "return [TABULA.view, TABULA.view === null || !!TABULA.positions[TABULA.view]]",
        )
        .await;
        if shown[0] == ply && shown[1] == true {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the page does not show ply {ply}: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Presses `key` (a WebDriver key code) on whatever has the focus.
async fn press(b: &Client, key: char) {
    let keys = KeyActions::new("keys".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    b.perform_actions(keys).await.unwrap();
}

const LEFT: char = '\u{e012}';
const RIGHT: char = '\u{e014}';

/// The top left corner of a square on the screen.
async fn corner(b: &Client, region: &str) -> (f64, f64) {
    let v = b
        .execute(
            "const r = document.querySelector('[data-region=\"' + arguments[0] + '\"]').getBoundingClientRect(); return [r.left, r.top];",
            vec![json!(region)],
        )
        .await
        .unwrap();
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_moves_are_listed_stepped_through_flipped_and_the_end_offers_a_rematch() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "review-profile"), 1280, 800)
        .await;
    let base = web.base.clone();

    // Othello on 4 x 4, a person against the computer.
    start_game(&b, &base, "othello", &[("size", "4")], &["human", "random"]).await;
    let mut s = snap(&b).await;
    for _ in 0..2 {
        let mv = s["inputs"][0]["move"].as_str().unwrap().to_string();
        s = click_move(&b, &s, &mv).await;
    }
    let n = moves(&s);
    assert!(n >= 4, "two moves each: {s}");

    // The moves as a list, numbered, in the game's notation.
    let listed = js(
        &b,
        "return [...document.querySelectorAll('#moves li')].map(li => [li.querySelector('.n').textContent, li.querySelector('button.mv').textContent])",
    )
    .await;
    let expected: Vec<Value> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(k, m)| json!([format!("{}.", k + 1), m["move"]]))
        .collect();
    assert_eq!(listed, json!(expected), "the move list: {s}");

    // Each side's time spent thinking is shown, as m:ss.
    let clocks = js(
        &b,
        "return [...document.querySelectorAll('#seats .clock')].map(c => c.textContent)",
    )
    .await;
    let clocks: Vec<String> = serde_json::from_value(clocks).unwrap();
    assert_eq!(clocks.len(), 2, "a clock a side");
    assert!(
        clocks
            .iter()
            .all(|c| c.starts_with(|ch: char| ch.is_ascii_digit()) && c.contains(':')),
        "{clocks:?}"
    );
    assert_eq!(s["clock"]["spent_ms"].as_array().map(Vec::len), Some(2));

    // One step back: an earlier position, read-only; one step on: the live one again.
    let now = drawn(&b).await;
    click(&b, "#prev").await;
    wait_view(&b, json!(n - 1)).await;
    let before = drawn(&b).await;
    assert_ne!(before, now, "one move back shows another position");
    assert_eq!(
        js(&b, "return document.getElementById('boardbox').classList.contains('past') && !document.getElementById('live').hidden").await,
        true,
        "looking back is marked, with the way back to the live position"
    );
    assert_eq!(
        js(
            &b,
            "return document.querySelectorAll('#board .clickable').length"
        )
        .await,
        0,
        "nothing to click on a position looked back at"
    );
    shot(&b, "stepped-back").await;
    click(&b, "#next").await;
    wait_view(&b, Value::Null).await;
    assert_eq!(drawn(&b).await, now, "one move on: the live position again");

    // The keys: Left and Right away from the board step; on the board, they move its
    // cursor and step nothing.
    js(&b, "document.getElementById('prev').focus()").await;
    press(&b, LEFT).await;
    wait_view(&b, json!(n - 1)).await;
    press(&b, LEFT).await;
    wait_view(&b, json!(n - 2)).await;
    press(&b, RIGHT).await;
    wait_view(&b, json!(n - 1)).await;
    click(&b, "#live").await;
    wait_view(&b, Value::Null).await;
    assert_eq!(drawn(&b).await, now);
    js(&b, "document.getElementById('board').focus()").await;
    press(&b, LEFT).await;
    assert_eq!(
        viewed(&b).await,
        Value::Null,
        "the arrows on the board move its cursor"
    );

    // A move in the list shows the position after it: after the first move, one
    // disc more than at the start.
    click(&b, "#moves li[data-ply=\"1\"] button.mv").await;
    wait_view(&b, json!(1)).await;
    let after_first = drawn(&b).await;
    let discs = |d: &[String]| d.iter().filter(|l| l.contains("piece")).count();
    assert_eq!(discs(&after_first), 5, "{after_first:?}");
    click(&b, "#first").await;
    wait_view(&b, json!(0)).await;
    assert_eq!(discs(&drawn(&b).await), 4, "the start");
    click(&b, "#last").await;
    wait_view(&b, Value::Null).await;

    // The flip: the first row's first square goes from the top left to the bottom right.
    let (x0, y0) = corner(&b, "sq-1-1").await;
    click(&b, "#flip").await;
    let (x1, y1) = corner(&b, "sq-1-1").await;
    assert!(x1 > x0 && y1 > y0, "flipped: ({x0}, {y0}) → ({x1}, {y1})");
    assert_eq!(drawn(&b).await.len(), now.len());
    shot(&b, "flipped").await;
    click(&b, "#flip").await;
    assert_eq!(corner(&b, "sq-1-1").await, (x0, y0), "flipped back");

    // To the end: the result panel says who won, with the score in words.
    let mut turns = 0;
    while s["over"].is_null() {
        turns += 1;
        assert!(turns < 40, "the game did not end: {s}");
        let mv = s["inputs"][0]["move"]
            .as_str()
            .unwrap_or_else(|| panic!("a person's turn with no square: {s}"))
            .to_string();
        s = click_move(&b, &s, &mv).await;
    }
    let end = b
        .wait()
        .for_element(Locator::Css("#result:not([hidden])"))
        .await
        .unwrap();
    let head = js(
        &b,
        "return document.getElementById('resulthead').textContent",
    )
    .await;
    let text = js(
        &b,
        "return document.getElementById('resulttext').textContent",
    )
    .await;
    let winners = s["over"]["winners"].as_array().cloned().unwrap_or_default();
    let expected_head = match winners.as_slice() {
        [w] if *w == 1 => "You won",
        [_] => "You lost",
        _ => "A draw",
    };
    assert_eq!(head, expected_head, "{s}");
    let text = text.as_str().unwrap_or_default().to_string();
    let scores = s["over"]["scores"].as_array().unwrap();
    for (side, score) in ["Black", "White"].iter().zip(scores) {
        assert!(text.contains(&format!("{side} {score}")), "{text:?}: {s}");
    }
    assert!(
        text.contains(&format!("after {} moves", moves(&s))),
        "{text:?}"
    );
    assert!(end.is_displayed().await.unwrap());
    shot(&b, "result").await;

    // A finished game is stepped through too.
    let last = drawn(&b).await;
    click(&b, "#prev").await;
    wait_view(&b, json!(moves(&s) - 1)).await;
    assert_ne!(drawn(&b).await, last, "a finished game's earlier position");
    click(&b, "#live").await;
    wait_view(&b, Value::Null).await;

    // Rematch: a new game of the same game and options, the sides swapped.
    let old = s["id"].clone();
    click(&b, "#rematch").await;
    let start = Instant::now();
    let re = loop {
        let r = snap(&b).await;
        if r["id"].is_u64() && r["id"] != old && r["board"].is_object() {
            break r;
        }
        // A game's engine starts on what other work leaves of the machine: slowly
        // on a busy one.
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no rematch: {r}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(re["game"], "othello");
    assert_eq!(re["board"]["shape"]["rows"], 4, "the same options: {re}");
    assert_eq!(re["seats"][0]["player"], "random", "sides swapped: {re}");
    assert_eq!(re["seats"][1]["player"], "human", "sides swapped: {re}");
    assert_eq!(
        js(&b, "return document.getElementById('result').hidden").await,
        true
    );
    b.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_screen_shows_the_form_start_and_the_board() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "review-phone-profile"), 390, 844)
        .await;
    for (width, height) in [(390, 844), (1280, 800)] {
        // A headless window opens no narrower than 500 px: its size set after.
        b.set_window_size(width, height).await.unwrap();
        for game in SHIPPED {
            b.goto(&format!("{}/?game={game}", web.base)).await.unwrap();
            b.wait()
                .for_element(Locator::Css("body[data-ready=form]"))
                .await
                .unwrap();
            let seen = js(
                &b,
                "const s = document.getElementById('start').getBoundingClientRect();
                 return [s.top >= 0 && s.bottom <= window.innerHeight && s.width > 0, window.innerWidth,
                         document.documentElement.scrollWidth <= window.innerWidth];",
            )
            .await;
            assert_eq!(
                seen[0], true,
                "{game} at {width}: Start in the first screen: {seen}"
            );
            assert_eq!(seen[2], true, "{game} at {width}: no sideways scroll");
            // The board the game starts on, drawn before it starts.
            b.wait()
                .for_element(Locator::Css("#board [data-region]"))
                .await
                .unwrap_or_else(|e| panic!("{game}: no board before the game: {e}"));
            shot(&b, &format!("landing-{game}-{width}")).await;
        }
    }
    // A game at each width, a few moves in, and looked back at.
    for (width, height) in [(390, 844), (1280, 800)] {
        b.set_window_size(width, height).await.unwrap();
        for game in SHIPPED {
            start_game(&b, &web.base, game, &[], &["human", "random"]).await;
            let mut s = snap(&b).await;
            for turn in 0..3 {
                if !s["over"].is_null() {
                    break;
                }
                let inputs = s["inputs"].as_array().cloned().unwrap_or_default();
                let Some(input) = inputs.get((turn * 5) % inputs.len().max(1)) else {
                    break;
                };
                let mv = input["move"].as_str().unwrap().to_string();
                s = click_move(&b, &s, &mv).await;
            }
            let s = turn_or_end(&b, moves(&s)).await;
            assert!(moves(&s) >= 3, "{game}: {s}");
            shot(&b, &format!("{game}-{width}")).await;
            click(&b, "#first").await;
            wait_view(&b, json!(0)).await;
            click(&b, "#next").await;
            wait_view(&b, json!(1)).await;
            shot(&b, &format!("{game}-{width}-back")).await;
        }
    }
    // The pictures of docs/web.md (docs/web/*.png are copies of these): Breakthrough
    // at a desktop's width, a hint shown and a piece picked; at a phone's width, a
    // few moves in.
    b.set_window_size(1280, 800).await.unwrap();
    start_game(&b, &web.base, "breakthrough", &[], &["human", "greedy"]).await;
    let mut s = snap(&b).await;
    for turn in 0..3 {
        let inputs = s["inputs"].as_array().cloned().unwrap_or_default();
        let mv = inputs[(turn * 7) % inputs.len()]["move"]
            .as_str()
            .unwrap()
            .to_string();
        s = click_move(&b, &s, &mv).await;
    }
    click(&b, "#hint").await;
    b.wait()
        .for_element(Locator::Css("#board [data-hint]"))
        .await
        .unwrap();
    let piece = &s["inputs"][s["inputs"].as_array().map_or(0, |a| a.len() / 2)]["regions"][0];
    click(
        &b,
        &format!("[data-region=\"{}\"]", crate::web::region_key(piece)),
    )
    .await;
    shot(&b, "doc-breakthrough").await;
    b.set_window_size(390, 844).await.unwrap();
    shot(&b, "doc-phone").await;
    b.close().await.unwrap();
}
