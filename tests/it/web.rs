//! `tabula web` in a real browser (Chromium over WebDriver): a person starts each
//! shipped game, and the tic-tac-toe example given with `--rules`, from the page's
//! form, and plays it to its end against `random` by clicking the board; another
//! game is played from the keyboard alone (the arrow keys and the move box). What a
//! person does goes through the page; what the test reads of the game is what the
//! page was told. Screenshots of the finished games are saved in
//! `target/web-screenshots/`.

use crate::common::browser::Driver;
use crate::common::{root, scratch, tools_present};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `tabula web` server on a free port, stopped when dropped.
pub(crate) struct Web {
    pub(crate) child: Child,
    pub(crate) base: String,
}

impl Web {
    pub(crate) fn start(extra: &[&str]) -> Web {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["web", "--listen", "127.0.0.1:0", "--move-time", "0.2"])
            .args(extra)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tabula web starts");
        let stdout = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(stdout).lines();
        // "tabula web: open http://127.0.0.1:PORT/ in a browser (Ctrl-C stops)"
        let base = lines
            .by_ref()
            .take(5)
            .map_while(Result::ok)
            .find_map(|line| {
                line.split_whitespace()
                    .find(|w| w.starts_with("http://"))
                    .map(|w| w.trim_end_matches('/').to_string())
            })
            .expect("tabula web says where it listens");
        Web { child, base }
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn shots() -> std::path::PathBuf {
    let dir = root().join("target/web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the page was last told of its game (null before a game).
pub(crate) async fn snap(b: &Client) -> Value {
    let text = b
        .execute(
            "return window.TABULA && TABULA.snap ? JSON.stringify(TABULA.snap) : 'null'",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_str(text.as_str().unwrap_or("null")).unwrap()
}

pub(crate) fn moves(s: &Value) -> usize {
    s["moves"].as_array().map_or(0, Vec::len)
}

/// Waits until the page shows a person's turn (after `after` moves) or the end.
pub(crate) async fn turn_or_end(b: &Client, after: usize) -> Value {
    let start = Instant::now();
    loop {
        let s = snap(b).await;
        if !s.is_null() {
            assert!(s["failure"].is_null(), "the game failed: {}", s["failure"]);
            if !s["over"].is_null() || (s["person_to_move"] == true && moves(&s) >= after) {
                return s;
            }
        }
        let message = b
            .find(Locator::Id("message"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no turn came after {after} moves; the page says {message:?}; last {s}"
        );
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
}

/// The region's name on the page: "sq-R-C" or "line-R1-C1-R2-C2".
pub(crate) fn region_key(r: &Value) -> String {
    match r["kind"].as_str() {
        Some("sq") => format!("sq-{}-{}", r["r"], r["c"]),
        _ => format!("line-{}-{}-{}-{}", r["r1"], r["c1"], r["r2"], r["c2"]),
    }
}

pub(crate) async fn click(b: &Client, css: &str) {
    b.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on the page: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

/// Fills the new-game form for `game` and starts it.
pub(crate) async fn start_game(
    b: &Client,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    seats: &[&str],
) {
    b.goto(&format!("{base}/?game={game}")).await.unwrap();
    b.wait()
        .for_element(Locator::Css("body[data-ready=form]"))
        .await
        .unwrap();
    b.find(Locator::Id("f-game"))
        .await
        .unwrap()
        .select_by_value(game)
        .await
        .unwrap();
    for (name, value) in options {
        let input = b
            .find(Locator::Id(&format!("f-opt-{name}")))
            .await
            .unwrap_or_else(|e| panic!("{game} has no option {name} on the form: {e}"));
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
    for (k, seat) in seats.iter().enumerate() {
        b.find(Locator::Id(&format!("f-seat-{}", k + 1)))
            .await
            .unwrap()
            .select_by_value(seat)
            .await
            .unwrap();
    }
    click(b, "#start").await;
    let s = turn_or_end(b, 0).await;
    assert_eq!(s["game"], game, "{s}");
    // The board is the game's, as the form set it.
    if let Some((_, rows)) = options.iter().find(|(n, _)| ["rows", "size"].contains(n)) {
        assert_eq!(
            s["board"]["shape"]["rows"].to_string(),
            *rows,
            "{game} with {options:?}: {s}"
        );
    }
}

/// Plays the game to its end by clicking the board: each turn, one of the moves the
/// page offers, by its places (or its button, for a move made nowhere).
pub(crate) async fn play_by_clicks(b: &Client, game: &str) -> Value {
    let mut s = turn_or_end(b, 0).await;
    let mut turn = 0usize;
    while s["over"].is_null() {
        turn += 1;
        assert!(turn < 400, "{game} did not end");
        let before = moves(&s);
        let inputs = s["inputs"].as_array().cloned().unwrap_or_default();
        if inputs.is_empty() {
            let unplaced = s["unplaced"].as_array().cloned().unwrap_or_default();
            assert!(
                !unplaced.is_empty(),
                "{game}: a person's turn with nothing to click: {s}"
            );
            let mv = unplaced[0]["move"].as_str().unwrap().to_string();
            click(b, &format!("#unplaced [data-move=\"{mv}\"]")).await;
        } else {
            // Spread over the board: a different move each turn.
            let input = &inputs[(turn * 7) % inputs.len()];
            for region in input["regions"].as_array().unwrap() {
                click(b, &format!("[data-region=\"{}\"]", region_key(region))).await;
            }
            // Several moves made at the same places: the page asks which.
            if let Ok(choice) = b
                .find(Locator::Css(&format!(
                    "#choices [data-move=\"{}\"]",
                    input["move"].as_str().unwrap()
                )))
                .await
            {
                choice.click().await.unwrap();
            }
        }
        s = turn_or_end(b, before + 1).await;
    }
    s
}

/// Starts `tabula web` (with the tic-tac-toe example) and a browser, and plays each
/// of `games` to its end against `random` by clicks, from the page's form.
async fn games_played_by_clicks(games: &[(&str, &[(&str, &str)])]) {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--rules", "examples/games/tictactoe.pl", "--no-keep"]);
    let driver = Driver::start();
    let name = games.iter().map(|(g, _)| *g).collect::<Vec<_>>().join("-");
    let b = driver
        .session(&scratch("web", &format!("{name}-profile")), 1100, 900)
        .await;
    let base = web.base.clone();
    for (game, options) in games {
        start_game(&b, &base, game, options, &["human", "random"]).await;
        let end = play_by_clicks(&b, game).await;
        let status = b
            .find(Locator::Id("status"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            status.starts_with("Game over: ")
                && !end["over"]["text"].as_str().unwrap_or("").is_empty(),
            "{game}: the page says {status:?} at the end: {end}"
        );
        assert!(moves(&end) > 1, "{game}: {end}");
        std::fs::write(
            shots().join(format!("{game}.png")),
            b.screenshot().await.unwrap(),
        )
        .unwrap();
    }
    b.close().await.unwrap();
}

// Every shipped game and the tic-tac-toe example, in three browsers side by side.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn breakthrough_othello_and_kalah_are_played_to_their_end_by_clicks() {
    games_played_by_clicks(&[
        ("breakthrough", &[("rows", "4"), ("cols", "4")]),
        ("othello", &[("size", "4")]),
        // A player who moves again is clicked for again.
        ("kalah", &[("pits", "4"), ("seeds", "3")]),
    ])
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dots_and_connect_four_are_played_to_their_end_by_clicks() {
    games_played_by_clicks(&[
        ("dots", &[("rows", "3"), ("cols", "3")]),
        (
            "connect4",
            &[("cols", "4"), ("rows", "4"), ("connect", "3")],
        ),
    ])
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chase_and_a_game_given_with_rules_are_played_to_their_end_by_clicks() {
    games_played_by_clicks(&[
        // Four moves before the limit: the chase ends quickly whoever plays it.
        ("kingpawn", &[("position", "K81 k17 p18 w 26/30")]),
        ("tictactoe", &[]),
    ])
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_from_the_keyboard_alone() {
    tools_present(&["chromium", "chromedriver"]);
    let web = Web::start(&["--no-keep"]);
    let driver = Driver::start();
    let b = driver
        .session(&scratch("web", "keyboard-profile"), 1100, 900)
        .await;
    let base = web.base.clone();

    // The keyboard alone: the first move with the arrow keys and Enter on the board,
    // the others typed in the move box.
    start_game(
        &b,
        &base,
        "breakthrough",
        &[("rows", "5"), ("cols", "5")],
        &["human", "random"],
    )
    .await;
    let s = snap(&b).await;
    let board = b.find(Locator::Id("board")).await.unwrap();
    b.execute("document.getElementById('board').focus()", vec![])
        .await
        .unwrap();
    // The cursor starts on the first place a move starts at.
    let first = &s["inputs"][0];
    let (from, to) = (&first["regions"][0], &first["regions"][1]);
    let mut keys = char::from(Key::Enter).to_string();
    let at = |r: &Value, k: &str| {
        r[k].as_i64()
            .unwrap_or_else(|| panic!("a two-square move: {first} in {s}"))
    };
    let (dr, dc) = (at(to, "r") - at(from, "r"), at(to, "c") - at(from, "c"));
    for _ in 0..dr.abs() {
        keys.push(char::from(if dr > 0 { Key::Down } else { Key::Up }));
    }
    for _ in 0..dc.abs() {
        keys.push(char::from(if dc > 0 { Key::Right } else { Key::Left }));
    }
    keys.push(char::from(Key::Enter));
    board.send_keys(&keys).await.unwrap();
    let mut s = turn_or_end(&b, 2).await;
    assert_eq!(
        s["moves"][0]["move"], first["move"],
        "the arrow keys played another move: {s}"
    );
    // A typed move the rules do not allow is refused in words, and nothing changes.
    let movebox = b.find(Locator::Id("movebox")).await.unwrap();
    movebox
        .send_keys(&format!("a1-a5{}", char::from(Key::Enter)))
        .await
        .unwrap();
    let start = Instant::now();
    let refusal = loop {
        let text = b
            .find(Locator::Id("message"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if !text.is_empty() {
            break text;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no refusal shown"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        refusal.contains("a1-a5") || refusal.contains("not"),
        "{refusal}"
    );
    assert_eq!(moves(&snap(&b).await), 2);
    b.find(Locator::Id("movebox"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    while s["over"].is_null() {
        let before = moves(&s);
        let mv = s["inputs"][0]["move"].as_str().unwrap().to_string();
        let movebox = b.find(Locator::Id("movebox")).await.unwrap();
        movebox
            .send_keys(&format!("{mv}{}", char::from(Key::Enter)))
            .await
            .unwrap();
        s = turn_or_end(&b, before + 1).await;
        assert_eq!(s["moves"][before]["move"], mv.as_str(), "{s}");
    }
    std::fs::write(shots().join("typed.png"), b.screenshot().await.unwrap()).unwrap();
    b.close().await.unwrap();
}

/// The game now, through the API.
pub(crate) fn game_now(client: &reqwest::blocking::Client, base: &str, id: u64) -> Value {
    client
        .get(format!("{base}/api/games/{id}"))
        .send()
        .and_then(|r| r.json())
        .unwrap_or(Value::Null)
}

/// Waits until `ready` holds of the game (or says why not).
pub(crate) fn wait_for(
    client: &reqwest::blocking::Client,
    base: &str,
    id: u64,
    what: &str,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let s = game_now(client, base, id);
        if ready(&s) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited in vain for {what}: {s}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub(crate) fn post(client: &reqwest::blocking::Client, url: String, body: Value) -> Value {
    let r = client.post(url).json(&body).send().unwrap();
    let status = r.status();
    let body: Value = r.json().unwrap();
    assert!(status.is_success(), "{status}: {body}");
    body
}

#[test]
fn a_killed_server_resumes_its_games_where_they_were() {
    let db = scratch("web", "resume").join("games.db");
    let db_arg = db.to_string_lossy().to_string();
    let client = reqwest::blocking::Client::new();
    let web = Web::start(&["--games-db", &db_arg]);
    let base = web.base.clone();
    let id = post(
        &client,
        format!("{base}/api/games"),
        serde_json::json!({"game": "breakthrough", "options": {"rows": 5, "cols": 5}, "seats": ["human", "greedy"]}),
    )["id"]
        .as_u64()
        .unwrap();
    let mut s = wait_for(&client, &base, id, "the first turn", |s| {
        s["person_to_move"] == true
    });
    for turn in 1..=2 {
        let mv = s["inputs"][0]["move"].as_str().unwrap().to_string();
        post(
            &client,
            format!("{base}/api/games/{id}/move"),
            serde_json::json!({"move": mv}),
        );
        s = wait_for(&client, &base, id, "the computer's answer", |s| {
            moves(s) == 2 * turn && s["person_to_move"] == true
        });
    }
    // Killed, not stopped: what was kept is all there is.
    drop(web);
    let web = Web::start(&["--games-db", &db_arg]);
    let base = web.base.clone();
    let after = wait_for(&client, &base, id, "the game resumed", |s| moves(s) == 4);
    assert_eq!(after["moves"], s["moves"], "the moves and reasons");
    assert_eq!(after["board"], s["board"], "the position");
    assert!(after["rules_error"].is_null(), "{after}");
    // It goes on, and a new game takes a new number.
    let mv = after["inputs"][0]["move"].as_str().unwrap().to_string();
    post(
        &client,
        format!("{base}/api/games/{id}/move"),
        serde_json::json!({"move": mv}),
    );
    wait_for(&client, &base, id, "the game going on", |s| moves(s) == 6);
    let next = post(
        &client,
        format!("{base}/api/games"),
        serde_json::json!({"game": "dots", "options": {"rows": 2, "cols": 2}}),
    )["id"]
        .as_u64()
        .unwrap();
    assert!(next > id, "{next} after {id}");
}

#[test]
fn edited_rules_reach_the_open_game_and_a_mistake_is_shown_with_its_line() {
    let dir = scratch("web", "live-rules");
    let rules = dir.join("tictactoe.pl");
    let good = std::fs::read_to_string(root().join("examples/games/tictactoe.pl")).unwrap();
    std::fs::write(&rules, &good).unwrap();
    let client = reqwest::blocking::Client::new();
    let web = Web::start(&["--rules", &rules.to_string_lossy(), "--no-keep"]);
    let base = web.base.clone();
    let id = post(
        &client,
        format!("{base}/api/games"),
        serde_json::json!({"game": "tictactoe", "seats": ["human", "human"]}),
    )["id"]
        .as_u64()
        .unwrap();
    let s = wait_for(&client, &base, id, "the first turn", |s| {
        s["person_to_move"] == true
    });
    let mv = s["inputs"][4]["move"].as_str().unwrap().to_string();
    post(
        &client,
        format!("{base}/api/games/{id}/move"),
        serde_json::json!({"move": mv}),
    );
    wait_for(&client, &base, id, "the move", |s| moves(s) == 1);

    // A mistake: said with its line, and the game goes on under the last good rules.
    let broken = good.replacen(
        "line([sq(1,1), sq(2,2), sq(3,3)]).",
        "line([sq(1,1), sq(2,2), sq(3,3)]",
        1,
    );
    assert_ne!(broken, good);
    std::fs::write(&rules, &broken).unwrap();
    let s = wait_for(&client, &base, id, "the mistake shown", |s| {
        s["rules_error"].is_string()
    });
    let error = s["rules_error"].as_str().unwrap();
    assert!(
        error.contains("tictactoe.pl") && error.contains("line"),
        "{error}"
    );
    assert_eq!(moves(&s), 1, "{s}");
    let mv = s["inputs"][0]["move"].as_str().unwrap().to_string();
    post(
        &client,
        format!("{base}/api/games/{id}/move"),
        serde_json::json!({"move": mv}),
    );
    wait_for(
        &client,
        &base,
        id,
        "a move under the last good rules",
        |s| moves(s) == 2,
    );

    // Mended: the game is replayed under the saved rules, and the error goes.
    std::fs::write(&rules, &good).unwrap();
    let s = wait_for(&client, &base, id, "the mended rules", |s| {
        s["rules_error"].is_null()
    });
    assert_eq!(moves(&s), 2, "{s}");
}

/// The server's resident memory, in KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Fifty games at once against `random`, each played for ten turns by its own client
/// as a page plays it: no error, and the figures (a benchmark, not a timed test:
/// they go to docs/benchmarks.md) printed.
#[test]
fn fifty_games_at_once_play_without_an_error() {
    const GAMES: usize = 50;
    const TURNS: usize = 10;
    let web = Web::start(&["--no-keep", "--max-games", "60"]);
    let base = web.base.clone();
    let pid = web.child.id();
    std::thread::sleep(Duration::from_millis(300));
    let idle_rss = rss_kib(pid);
    let start = Instant::now();
    let clients: Vec<_> = (0..GAMES)
        .map(|k| {
            let base = base.clone();
            std::thread::spawn(move || {
                let client = reqwest::blocking::Client::new();
                let id = post(
                    &client,
                    format!("{base}/api/games"),
                    serde_json::json!({"game": "breakthrough", "options": {"rows": 6, "cols": 6}, "seats": ["human", "random"]}),
                )["id"]
                    .as_u64()
                    .unwrap();
                let mut s = wait_for(&client, &base, id, "the first turn", |s| s["person_to_move"] == true);
                let mut answers = Vec::new();
                let mut turns = Vec::new();
                for turn in 0..TURNS {
                    if !s["over"].is_null() {
                        break;
                    }
                    let inputs = s["inputs"].as_array().unwrap();
                    let mv = inputs[(k + turn) % inputs.len()]["move"].as_str().unwrap().to_string();
                    let before = moves(&s);
                    let t = Instant::now();
                    post(&client, format!("{base}/api/games/{id}/move"), serde_json::json!({"move": mv}));
                    answers.push(t.elapsed());
                    s = wait_for(&client, &base, id, "the computer's reply", |s| {
                        !s["over"].is_null() || (moves(s) >= before + 2 && s["person_to_move"] == true)
                    });
                    turns.push(t.elapsed());
                    assert!(s["failure"].is_null(), "{s}");
                }
                (answers, turns, !s["over"].is_null())
            })
        })
        .collect();
    let mut answers = Vec::new();
    let mut turns = Vec::new();
    let mut ended = 0;
    for c in clients {
        let (a, t, over) = c.join().expect("a client played without an error");
        answers.extend(a);
        turns.extend(t);
        ended += usize::from(over);
    }
    let busy_rss = rss_kib(pid);
    answers.sort();
    turns.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let open: Value = reqwest::blocking::get(format!("{base}/api/catalog"))
        .unwrap()
        .json()
        .unwrap();
    // A game played to its end holds no place (it is kept finished).
    assert_eq!(
        open["open_games"],
        GAMES - ended,
        "every game not over is still open"
    );
    eprintln!(
        "web load: {GAMES} games, {} moves in {:.1} s; the move answered: median {:.0} ms, worst {:.0} ms; \
         a turn (the move and the computer's reply seen): median {:.0} ms, worst {:.0} ms; \
         memory: {} MiB idle, {} MiB with {GAMES} games, {:.1} MiB a game",
        answers.len(),
        start.elapsed().as_secs_f64(),
        ms(answers[answers.len() / 2]),
        ms(answers[answers.len() - 1]),
        ms(turns[turns.len() / 2]),
        ms(turns[turns.len() - 1]),
        idle_rss / 1024,
        busy_rss / 1024,
        (busy_rss.saturating_sub(idle_rss)) as f64 / 1024.0 / GAMES as f64
    );
}
