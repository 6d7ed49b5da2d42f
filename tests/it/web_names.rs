//! What a screen reader hears is what the player types: in the browser, the name of
//! every place a move is made (its `aria-label`, up to its colon) is the move's text, as
//! the board's edge labels write it, in every shipped game. Screenshots in
//! `target/web-screenshots/names-*.png`.

use crate::common::browser::Driver;
use crate::common::{scratch, tools_present};
use crate::web::{Web, region_key, shots, snap, start_game};
use fantoccini::{Client, Locator};
use serde_json::Value;

/// The name a screen reader gives the place `region`: its label up to the colon.
async fn name_of(b: &Client, region: &Value) -> String {
    let css = format!("[data-region=\"{}\"]", region_key(region));
    let label = b
        .find(Locator::Css(&css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .attr("aria-label")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    label.split(": ").next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_is_named_as_it_is_written() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "names-profile"), 1100, 900)
        .await;
    let base = web.base.clone();
    for (game, options) in [
        ("dots", &[("rows", "3"), ("cols", "4")][..]),
        ("breakthrough", &[("rows", "5"), ("cols", "5")][..]),
        ("kingpawn", &[][..]),
        ("connect4", &[][..]),
        ("othello", &[][..]),
        ("kalah", &[][..]),
    ] {
        start_game(&b, &base, game, options, &["human", "random"]).await;
        let s = snap(&b).await;
        std::fs::write(
            shots().join(format!("names-{game}.png")),
            b.screenshot().await.unwrap_or_default(),
        )
        .unwrap_or_default();
        let inputs = s["inputs"].as_array().cloned().unwrap_or_default();
        assert!(!inputs.is_empty(), "{game}: moves on the board: {s}");
        for input in &inputs {
            let text = input["move"].as_str().unwrap_or_default().to_string();
            let regions = input["regions"].as_array().cloned().unwrap_or_default();
            let mut names = Vec::new();
            for r in &regions {
                names.push(name_of(&b, r).await);
            }
            let ok = match (game, names.as_slice()) {
                // A disc is dropped into a column: its hole is named by the column
                // (the move) and its row.
                ("connect4", [hole]) => hole.starts_with(&text),
                // A piece from one square to another: the two names, as the move
                // joins them ("-", or "x" for a capture).
                (_, [from, to]) => text == format!("{from}-{to}") || text == format!("{from}x{to}"),
                (_, [one]) => *one == text,
                _ => false,
            };
            assert!(ok, "{game}: {text} is named {names:?}");
        }
    }
}
