//! The site's play page over its API, as a page uses it: a finished game holds no
//! place (a student who finished two games starts a third), a game can be ended and
//! a finished one opened again by taking a move back, a person's games are listed,
//! and when every place is taken they are shared fairly.

use crate::common::site::*;
use reqwest::StatusCode;
use reqwest::blocking::Client;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;

/// A course of Breakthrough on a 5×5 board whose play page has `max_games` places,
/// `per_person` a person; its students signed in, each with the page's token.
fn play_course(
    name: &str,
    max_games: usize,
    per_person: usize,
    logins: &[&str],
) -> (Server, Vec<Player>, PathBuf) {
    course_of_size(name, 5, max_games, per_person, logins)
}

fn course_of_size(
    name: &str,
    size: u32,
    max_games: usize,
    per_person: usize,
    logins: &[&str],
) -> (Server, Vec<Player>, PathBuf) {
    let course = course(name, "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace(
                "# rows = 8\n# cols = 8\n",
                &format!("rows = {size}\ncols = {size}\n"),
            )
            .replace("max_games = 16", &format!("max_games = {max_games}"))
            .replace(
                "max_games_per_person = 2",
                &format!("max_games_per_person = {per_person}"),
            )
    });
    let roster: String = logins.iter().map(|l| format!("{l},{l}\n")).collect();
    let codes = import(&course, &roster, false);
    let server = Server::start(&course);
    let players = logins
        .iter()
        .map(|login| {
            let client = first_sign_in(&server, login, &codes[*login]);
            let (_, page) = get(&client, &server, "/me");
            Player {
                client,
                token: csrf(&page),
                base: server.base.clone(),
            }
        })
        .collect();
    (server, players, course)
}

/// A signed-in person and the token the play page sends.
struct Player {
    client: Client,
    token: String,
    base: String,
}

impl Player {
    fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let r = self
            .client
            .post(format!("{}/play/api{path}", self.base))
            .header("x-csrf-token", &self.token)
            .json(&body)
            .send()
            .unwrap();
        let status = r.status();
        (status, r.json().unwrap_or(Value::Null))
    }

    fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self
            .client
            .get(format!("{}/play/api{path}", self.base))
            .send()
            .unwrap();
        let status = r.status();
        (status, r.json().unwrap_or(Value::Null))
    }

    /// Starts a game with these seats: its number, or the refusal.
    fn start(&self, seats: &[&str]) -> Result<u64, (StatusCode, String)> {
        let (status, answer) = self.post("/games", json!({ "seats": seats }));
        match answer["id"].as_u64() {
            Some(id) if status == StatusCode::OK => Ok(id),
            _ => Err((status, answer["error"].as_str().unwrap_or("").to_string())),
        }
    }

    /// The game now, as its page is told (and a page looking at it).
    fn game(&self, id: u64) -> Value {
        let (status, snap) = self.get(&format!("/games/{id}"));
        assert_eq!(status, StatusCode::OK, "game {id}: {snap}");
        snap
    }

    fn listed(&self) -> Vec<Value> {
        let (status, list) = self.get("/games");
        assert_eq!(status, StatusCode::OK, "{list}");
        list.as_array().cloned().unwrap_or_default()
    }
}

fn listed_game(list: &[Value], id: u64) -> Value {
    list.iter()
        .find(|g| g["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("game {id} is not listed: {list:?}"))
}

#[test]
fn a_student_who_finished_two_games_starts_a_third_and_ends_one() {
    let (_server, players, _) = play_course("lockout", 16, 2, &["ana"]);
    let ana = &players[0];
    // Two games the computers play to their end.
    let first = ana.start(&["random", "random"]).expect("a first game");
    let second = ana.start(&["random", "random"]).expect("a second game");
    wait_until("both games over", Duration::from_secs(120), || {
        [first, second]
            .iter()
            .all(|&id| !ana.game(id)["over"].is_null())
    });
    for id in [first, second] {
        let s = ana.game(id);
        assert!(!s["over"].is_null(), "game {id} ended by its rules: {s}");
        // Kept: its record still downloads.
        let (status, record) = ana.get(&format!("/games/{id}/record"));
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(record["result"], "winner", "{record}");
    }
    // Finished games hold no place: a third and a fourth start.
    let third = ana
        .start(&["human", "random"])
        .expect("a third game after two finished");
    let fourth = ana.start(&["human", "random"]).expect("a fourth");
    // Two open now: a fifth waits, until one is ended.
    let (status, why) = ana
        .start(&["human", "random"])
        .expect_err("two open already");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{why}");
    assert!(why.contains("2 games open"), "{why}");
    let (status, answer) = ana.post(&format!("/games/{fourth}/end"), json!(null));
    assert_eq!(status, StatusCode::OK, "{answer}");
    let ended = ana.game(fourth);
    assert_eq!(ended["finished"]["text"], "You ended this game.", "{ended}");
    assert_eq!(ended["person_to_move"], false, "{ended}");
    let (status, answer) = ana.post(&format!("/games/{fourth}/move"), json!({"move": "a2-a3"}));
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let fifth = ana
        .start(&["human", "random"])
        .expect("a place after one ended");

    // The list: the open games to resume, the finished ones to see.
    let list = ana.listed();
    for id in [third, fifth] {
        assert_eq!(listed_game(&list, id)["open"], true, "{list:?}");
    }
    for id in [first, second, fourth] {
        assert_eq!(listed_game(&list, id)["open"], false, "{list:?}");
    }
    assert_eq!(
        listed_game(&list, fourth)["standing"],
        "You ended this game.",
        "{list:?}"
    );
    assert!(
        listed_game(&list, first)["standing"]
            .as_str()
            .is_some_and(|s| s.ends_with("wins") || s.contains("draw")),
        "{list:?}"
    );
    let (_, catalog) = ana.get("/catalog");
    assert_eq!(catalog["yours"].as_array().map(Vec::len), Some(list.len()));
}

#[test]
fn a_game_lost_to_the_end_is_opened_again_by_taking_a_move_back() {
    let (_server, players, _) = play_course("reopen", 16, 1, &["ana"]);
    let ana = &players[0];
    let id = ana.start(&["human", "random"]).expect("a game");
    // The person plays the first move the page offers, to the end.
    let mut s = ana.game(id);
    for _ in 0..200 {
        if !s["finished"].is_null() {
            break;
        }
        if s["person_to_move"] == true {
            let mv = s["inputs"][0]["move"]
                .as_str()
                .expect("a move to make")
                .to_string();
            let (status, answer) = ana.post(&format!("/games/{id}/move"), json!({ "move": mv }));
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        std::thread::sleep(Duration::from_millis(100));
        s = ana.game(id);
    }
    assert!(!s["over"].is_null(), "the game ended: {s}");
    let moves = s["moves"].as_array().map_or(0, Vec::len);
    // Over, it holds no place: with one place a person, another game starts.
    let other = ana
        .start(&["human", "random"])
        .expect("a place after the game ended");
    // Taking a move back needs the place again.
    let (status, answer) = ana.post(&format!("/games/{id}/undo"), json!(null));
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    let (status, _) = ana.post(&format!("/games/{other}/end"), json!(null));
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = ana.post(&format!("/games/{id}/undo"), json!(null));
    assert_eq!(status, StatusCode::OK, "{answer}");
    wait_until("the game open again", Duration::from_secs(30), || {
        let s = ana.game(id);
        s["finished"].is_null() && s["person_to_move"] == true
    });
    let again = ana.game(id);
    assert!(again["over"].is_null(), "{again}");
    assert!(
        again["moves"].as_array().map_or(0, Vec::len) < moves,
        "a move was taken back: {again}"
    );
    assert_eq!(listed_game(&ana.listed(), id)["open"], true);
}

#[test]
fn when_every_place_is_taken_a_newcomer_gets_one_from_whoever_holds_more_than_their_share() {
    let logins = ["ana", "bia", "cid", "dan", "eva"];
    let (_server, players, _) = play_course("fair", 4, 2, &logins);
    let [ana, bia, cid, dan, eva] = &players[..] else {
        unreachable!()
    };
    // Ana and Bia fill the 4 places with 2 games each, waiting for their moves.
    let ana_games = [
        ana.start(&["human", "random"]).unwrap(),
        ana.start(&["human", "random"]).unwrap(),
    ];
    let bia_games = [
        bia.start(&["human", "random"]).unwrap(),
        bia.start(&["human", "random"]).unwrap(),
    ];
    // Every page keeps looking; Bia's first game was looked at longest ago.
    std::thread::sleep(Duration::from_millis(300));
    for id in ana_games {
        ana.game(id);
    }
    bia.game(bia_games[1]);

    // Cid's share is 4 places / 3 people = 1: Bia, over hers, gives a place, from
    // the game she looked at longest ago.
    let cid_game = cid.start(&["human", "random"]).expect("cid gets a place");
    // The game given up ends in its own thread, kept finished with the reason.
    wait_until("bia's first game ended", Duration::from_secs(10), || {
        !bia.game(bia_games[0])["finished"].is_null()
    });
    let ended = bia.game(bia_games[0]);
    let why = ended["finished"]["text"].as_str().unwrap_or("").to_string();
    assert!(
        why.contains("another person") && why.contains("1 each while 3 people play"),
        "{ended}"
    );
    assert!(bia.game(bia_games[1])["finished"].is_null());
    for id in ana_games {
        assert!(ana.game(id)["finished"].is_null(), "ana's {id}");
    }
    // Dan's share is 4 / 4 = 1: Ana, the one over hers, gives the game she looked
    // at longest ago (the first: both were just seen, in order).
    cid.game(cid_game);
    bia.game(bia_games[1]);
    ana.game(ana_games[1]);
    let _dan_game = dan.start(&["human", "random"]).expect("dan gets a place");
    wait_until("ana's first game ended", Duration::from_secs(10), || {
        !ana.game(ana_games[0])["finished"].is_null()
    });
    assert!(ana.game(ana_games[1])["finished"].is_null());
    // Four people with one game each: Eva waits, and so does Cid for a second.
    let (status, why) = eva.start(&["human", "random"]).expect_err("no place");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(why.contains("all 4 places"), "{why}");
    let (status, why) = cid
        .start(&["human", "random"])
        .expect_err("cid has his share");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(why.contains("you hold your share"), "{why}");
    // A game ended gives its place back at once.
    let (status, _) = ana.post(&format!("/games/{}/end", ana_games[1]), json!(null));
    assert_eq!(status, StatusCode::OK);
    eva.start(&["human", "random"])
        .expect("eva gets the place ana gave");
}

/// A game's record downloaded from the play page opens in `tabula play` with the
/// players it was played by when tabula has them (a person, a built-in level); a
/// student's version, which plays only on the site, is replaced by the strongest
/// level, and `tabula play` says so.
#[test]
fn a_record_from_the_play_page_opens_with_its_players_or_says_who_stands_in() {
    let (_server, players, course) = play_course("record", 16, 2, &["ana"]);
    qualified_versions(&course, &["ana"]);
    let ana = &players[0];
    let dir = crate::common::scratch("site", "play-records");
    for (seats, opponent) in [
        (["human", "random"], "random"),
        (["human", "version:1"], "your version 1"),
    ] {
        let id = ana.start(&seats).expect("a game");
        let (status, record) = ana.get(&format!("/games/{id}/record"));
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(record["players"][1], opponent, "{record}");
        let file = dir.join(format!("game-{id}.json"));
        std::fs::write(&file, record.to_string()).unwrap();
        let o = crate::common::tabula(&["play", "--record", file.to_str().unwrap()]);
        let out = crate::common::text(&o.stdout);
        if opponent == "random" {
            assert!(out.contains("A human vs B random"), "the level kept: {out}");
            assert!(!out.contains("instead"), "{out}");
        } else {
            assert!(
                out.contains(
                    "Black was played by your version 1 in the record, which does not play here: ai plays it instead (--p2 chooses another player)."
                ),
                "said in words: {out}"
            );
            assert!(out.contains("A human vs B ai"), "{out}");
        }
    }
}

/// The site's resident memory, in MiB.
fn rss_mib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .unwrap_or(0.0)
        / 1024.0
}

/// The site's memory with games on the play page (8×8 Breakthrough, a second a
/// move), 2 a person: at rest; with `GAMES` games waiting for a person's move (an
/// engine each, not thinking); at its highest while as many games of `ai` against
/// `ai` play for 40 seconds (an engine each, searching); and once they are ended.
/// A benchmark for docs/benchmarks.md, not a timed test: `GAMES=16 cargo test
/// --test it site_play::memory -- --ignored --nocapture`.
#[test]
#[ignore]
fn memory_of_games_on_the_play_page() {
    let games: usize = std::env::var("GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16);
    let logins: Vec<String> = (0..games.div_ceil(2)).map(|k| format!("p{k}")).collect();
    let logins: Vec<&str> = logins.iter().map(String::as_str).collect();
    let (server, players, _) = course_of_size("memory", 8, 16, 2, &logins);
    let pid = server.pid();
    let end_all = |ids: &[(usize, u64)]| {
        for (p, id) in ids {
            players[*p].post(&format!("/games/{id}/end"), json!(null));
        }
        std::thread::sleep(Duration::from_secs(3));
    };
    let start_all = |seats: &[&str]| -> Vec<(usize, u64)> {
        (0..games)
            .map(|k| (k / 2, players[k / 2].start(seats).expect("a place")))
            .collect()
    };
    // At rest: after one game ended (what the sign-ins left is handed back then).
    let first = players[0].start(&["human", "ai"]).expect("a place");
    end_all(&[(0, first)]);
    let rest = rss_mib(pid);
    let waiting = start_all(&["human", "ai"]);
    std::thread::sleep(Duration::from_secs(5));
    let with_waiting = rss_mib(pid);
    end_all(&waiting);
    let ids = start_all(&["ai", "ai"]);
    let start = std::time::Instant::now();
    let mut highest = rest;
    while start.elapsed() < Duration::from_secs(40) {
        highest = highest.max(rss_mib(pid));
        // Each page keeps looking, as the tester's tabs did.
        for (p, id) in &ids {
            players[*p].game(*id);
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    let playing = ids
        .iter()
        .filter(|(p, id)| players[*p].game(*id)["finished"].is_null())
        .count();
    end_all(&ids);
    let after = rss_mib(pid);
    eprintln!(
        "play memory, {games} games (8×8): {rest:.0} MiB at rest; {with_waiting:.0} MiB with {games} waiting \
         for a person ({:.1} MiB a game); {highest:.0} MiB at the highest with {games} of ai against ai \
         ({:.1} MiB a game; {playing} still playing after 40 s); {after:.0} MiB once ended",
        (with_waiting - rest) / games as f64,
        (highest - rest) / games as f64
    );
}
