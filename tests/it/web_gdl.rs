//! A game written in GDL played in the browser by clicks, as a person plays it: the
//! Connect Four of `examples/gdl/`, its discs dropped by clicks on the board (GDL's
//! `(drop 4)` names a column alone), to the end, against `random`.

use crate::common::browser::Driver;
use crate::common::{scratch, tools_present};
use crate::web::{Web, moves, play_by_clicks, shots, snap, start_game};
use fantoccini::Locator;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gdl_game_is_played_to_its_end_by_clicks() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["examples/gdl/connect_four.kif", "--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "gdl-profile"), 1100, 900)
        .await;
    start_game(&b, &web.base, "connect_four", &[], &["human", "random"]).await;
    let s = snap(&b).await;
    // The board is the rules' own: 6 rows of 7 columns, labelled as the rules number them.
    assert_eq!(s["board"]["shape"]["rows"], 6, "{s}");
    assert_eq!(s["board"]["shape"]["cols"], 7, "{s}");
    // Every legal move has its place on the board: nothing is left to a button.
    let inputs = s["inputs"].as_array().cloned().unwrap_or_default();
    assert_eq!(inputs.len(), 7, "a drop a column: {s}");
    assert!(
        s["unplaced"].as_array().is_none_or(Vec::is_empty),
        "no move without a place: {s}"
    );
    let end = play_by_clicks(&b, "connect_four").await;
    assert!(moves(&end) >= 7, "{end}");
    let over = end["over"]["text"].as_str().unwrap_or_default().to_string();
    assert!(!over.is_empty(), "the end said in words: {end}");
    let status = b
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        status.starts_with("Game over: "),
        "the page says {status:?}"
    );
    // The moves are written as the rules write them.
    assert!(
        end["moves"][0]["move"]
            .as_str()
            .unwrap_or_default()
            .starts_with("(drop "),
        "{end}"
    );
    std::fs::write(
        shots().join("gdl-connect_four.png"),
        b.screenshot().await.unwrap(),
    )
    .unwrap();
    b.close().await.unwrap();
}
