//! The championship site in a real browser (Chromium through chromedriver, over
//! WebDriver): a student signs in, uploads a player through the page's form, sees
//! its qualification result, and after a championship opens a game and steps
//! through it. Screenshots of the pages are saved in `target/site-screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).

use crate::common::browser::Driver;
use crate::common::root;
use crate::common::site::*;
use fantoccini::Locator;
use reqwest::StatusCode;
use std::time::{Duration, Instant};

fn shots() -> std::path::PathBuf {
    let dir = root().join("target/site-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_in_a_browser() {
    tools_present(&["bwrap", "python3", "chromium", "chromedriver"]);
    let course = course("browser", "kingpawn", |t| {
        t.replace("first_day = ", "# first_day = ").replace(
            "title = \"King-and-pawn chase championship\"",
            "title = \"MC346 — King-and-pawn chase\"",
        )
    });
    let codes = import(
        &course,
        "login,name\nra200001,Ana Souza\nra200002,Bruno Lima\n",
        false,
    );
    let teacher = import(&course, "prof,Professor\n", true);
    let server = Server::start(&course);
    let base = server.base.clone();

    // The other student and the teacher use plain HTTP (blocking, off the runtime).
    let (bruno_code, prof_code) = (codes["ra200002"].clone(), teacher["prof"].clone());
    let base2 = base.clone();
    let (bruno, prof) = tokio::task::spawn_blocking(move || {
        let s = base2.as_str();
        let bruno = first_sign_in(s, "ra200002", &bruno_code);
        let (status, page) = upload(&bruno, s, "bot.py", seeded_random_bot(5));
        assert_eq!(status, StatusCode::OK, "{page}");
        (bruno, first_sign_in(s, "prof", &prof_code))
    })
    .await
    .unwrap();
    drop(bruno);

    let driver = Driver::start();
    let profile = crate::common::scratch("site", "chromium-profile");
    let b = driver.session(&profile, 1200, 1000).await;

    // Sign in with the code, choose a password.
    b.goto(&format!("{base}/signin")).await.unwrap();
    b.find(Locator::Id("login"))
        .await
        .unwrap()
        .send_keys("ra200001")
        .await
        .unwrap();
    b.find(Locator::Id("secret"))
        .await
        .unwrap()
        .send_keys(&codes["ra200001"])
        .await
        .unwrap();
    b.find(Locator::Css("input[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    b.wait()
        .for_element(Locator::Id("password"))
        .await
        .unwrap()
        .send_keys("correct horse battery")
        .await
        .unwrap();
    b.find(Locator::Id("again"))
        .await
        .unwrap()
        .send_keys("correct horse battery")
        .await
        .unwrap();
    b.find(Locator::Css("input[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    // Upload the example player through the form.
    let file = b.wait().for_element(Locator::Id("file")).await.unwrap();
    let example = root().join("examples/kingpawn_player.pl");
    file.send_keys(example.to_str().unwrap()).await.unwrap();
    b.find(Locator::Id("upload"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // The qualification result appears on the same page (it reloads while waiting).
    let start = Instant::now();
    loop {
        let source = b.source().await.unwrap();
        if source.contains("passed qualification") {
            assert!(source.contains("kingpawn_player.pl"));
            assert!(source.contains("legal games against random"), "{source}");
            break;
        }
        assert!(!source.contains("failed qualification"), "{source}");
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no qualification result: {source}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    std::fs::write(shots().join("student.png"), b.screenshot().await.unwrap()).unwrap();

    // The teacher runs a championship; the student follows it and opens a game.
    let base2 = base.clone();
    tokio::task::spawn_blocking(move || {
        run_championship(&prof, base2.as_str());
        wait_until("the championship", Duration::from_secs(300), || {
            status_of(&prof, base2.as_str(), 1) == "done"
        });
    })
    .await
    .unwrap();
    b.goto(&format!("{base}/championships/1")).await.unwrap();
    let source = b.source().await.unwrap();
    assert!(
        source.contains("Standings") && source.contains("ra200002"),
        "{source}"
    );
    std::fs::write(shots().join("standings.png"), b.screenshot().await.unwrap()).unwrap();
    b.find(Locator::LinkText(
        "Replay every game, the crosstable and the ratings",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    let row = b
        .wait()
        .for_element(Locator::Css("#games tr[data-game]"))
        .await
        .unwrap();
    row.click().await.unwrap();
    let pos = b.wait().for_element(Locator::Id("move-pos")).await.unwrap();
    let before = pos.text().await.unwrap();
    let next = b
        .find(Locator::Css("button[title^='Next move']"))
        .await
        .unwrap();
    next.click().await.unwrap();
    next.click().await.unwrap();
    let after = pos.text().await.unwrap();
    assert_ne!(before, after, "stepping moves the viewer");
    let moves = b.find_all(Locator::Css("#moves li")).await.unwrap();
    assert!(!moves.is_empty(), "the game's moves are listed");
    std::fs::write(shots().join("game.png"), b.screenshot().await.unwrap()).unwrap();
    b.close().await.unwrap();
    drop(server);
}

/// A random bot that takes a quarter of a second over each move, so that its games
/// last long enough to be watched.
fn slow_bot(seed: u32) -> Vec<u8> {
    let text = String::from_utf8(seeded_random_bot(seed)).unwrap();
    let slowed = text.replacen(
        "        moves = self.game.legal_moves()\n",
        "        __import__(\"time\").sleep(0.25)\n        moves = self.game.legal_moves()\n",
        1,
    );
    assert_ne!(slowed, text, "the bot's genmove was found");
    slowed.into_bytes()
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// A championship followed live: its page shows each move of the games in flight, on
/// their boards, within a second of the referee playing it (the median of the moves
/// seen), the teacher's page lists the games being played, and when the championship
/// ends the page shows its standings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_championship_is_followed_live_move_by_move() {
    tools_present(&["bwrap", "python3", "chromium", "chromedriver"]);
    let course = course("live", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("# rows = 8\n# cols = 8\n", "rows = 5\ncols = 5\n")
    });
    let codes = import(&course, "ana,Ana\nbia,Bia\n", false);
    let teacher = import(&course, "prof,Professor\n", true);
    let server = Server::start(&course);
    let base = server.base.clone();
    let prof = tokio::task::spawn_blocking(move || {
        let s = base.as_str();
        let mut students = Vec::new();
        for (login, seed) in [("ana", 1), ("bia", 2)] {
            let c = first_sign_in(s, login, &codes[login]);
            let (status, page) = upload(&c, s, "bot.py", slow_bot(seed));
            assert_eq!(status, StatusCode::OK, "{page}");
            students.push(c);
        }
        // Both versions qualified, then the championship.
        for c in &students {
            wait_until("the qualification", Duration::from_secs(240), || {
                get(c, s, "/me").1.contains("passed qualification")
            });
        }
        let prof = first_sign_in(s, "prof", &teacher["prof"]);
        run_championship(&prof, s);
        prof
    })
    .await
    .unwrap();

    let driver = Driver::start();
    let b = driver
        .session(&crate::common::scratch("site", "live-profile"), 1200, 1000)
        .await;
    b.goto(&format!("{}/championships/1", server.base))
        .await
        .unwrap();
    // Each new move seen on the page, and how long after the referee played it.
    let mut lags = Vec::new();
    let mut seen: std::collections::BTreeMap<u64, usize> = Default::default();
    let mut teacher_saw_a_game = false;
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(180),
            "the championship did not end"
        );
        let live = b
            .execute("return JSON.stringify(window.TABULA_LIVE || null)", vec![])
            .await
            .unwrap();
        let live: serde_json::Value =
            serde_json::from_str(live.as_str().unwrap_or("null")).unwrap_or_default();
        let at = now_ms();
        if live.is_null() {
            // Ended: the page reloaded itself to show the standings.
            if !seen.is_empty()
                && b.find(Locator::XPath("//h2[text()='Standings']"))
                    .await
                    .is_ok()
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        for g in live["running"].as_array().cloned().unwrap_or_default() {
            let id = g["id"].as_u64().unwrap();
            let n = g["moves"].as_array().map_or(0, Vec::len);
            if n > 0 && seen.get(&id).is_none_or(|&m| n > m) {
                lags.push(at.saturating_sub(g["updated_ms"].as_u64().unwrap_or(at)));
                seen.insert(id, n);
                if lags.len() == 8 {
                    std::fs::write(shots().join("live.png"), b.screenshot().await.unwrap())
                        .unwrap();
                }
                assert!(g["board"]["shape"]["rows"] == 5, "a board to draw: {g}");
            }
        }
        if !teacher_saw_a_game && !live["running"].as_array().is_none_or(Vec::is_empty) {
            let (prof2, base) = (prof.clone(), server.base.clone());
            let page =
                tokio::task::spawn_blocking(move || get(&prof2, base.as_str(), "/teacher").1)
                    .await
                    .unwrap();
            teacher_saw_a_game = page.contains("Games being played") && page.contains("ana");
        }
        if live["status"] == "done" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(lags.len() >= 10, "moves seen live: {lags:?}");
    assert!(
        teacher_saw_a_game,
        "the teacher's page listed a game being played"
    );
    lags.sort();
    let median = lags[lags.len() / 2];
    eprintln!(
        "live: {} moves seen; after the referee played them: median {median} ms, worst {} ms",
        lags.len(),
        lags[lags.len() - 1]
    );
    assert!(
        median < 1000,
        "a move reaches the page within a second: {lags:?}"
    );
    // The championship over, the page shows its standings.
    b.wait()
        .for_element(Locator::XPath("//h2[text()='Standings']"))
        .await
        .unwrap();
    std::fs::write(shots().join("live-done.png"), b.screenshot().await.unwrap()).unwrap();
    b.close().await.unwrap();
}

/// The example random bot, seeded, telling its stderr how many moves it weighs and
/// whether it can see the course's settings (`secret`).
fn talking_bot(seed: u32, secret: &std::path::Path) -> Vec<u8> {
    let text = String::from_utf8(seeded_random_bot(seed)).unwrap();
    let talking = text.replacen(
        "        moves = self.game.legal_moves()\n",
        &format!(
            "        moves = self.game.legal_moves()\n        print(\"weighing\", len(moves), \"moves; course visible:\", os.path.exists({:?}), file=sys.stderr, flush=True)\n",
            secret.display().to_string()
        ),
        1,
    );
    assert_ne!(talking, text, "the bot's genmove was found");
    talking.into_bytes()
}

/// Signs in on the page with a login and password.
async fn sign_in(b: &fantoccini::Client, base: &str, login: &str, password: &str) {
    b.goto(&format!("{base}/signin")).await.unwrap();
    for (id, value) in [("login", login), ("secret", password)] {
        b.find(Locator::Id(id))
            .await
            .unwrap()
            .send_keys(value)
            .await
            .unwrap();
    }
    b.find(Locator::Css("input[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    b.wait()
        .for_element(Locator::Css("a[href='/play']"))
        .await
        .unwrap();
}

/// Starts a game on the play page with these seats.
async fn start_play(b: &fantoccini::Client, base: &str, seats: &[&str]) -> serde_json::Value {
    b.goto(&format!("{base}/play")).await.unwrap();
    b.wait()
        .for_element(Locator::Css("body[data-ready=form]"))
        .await
        .unwrap();
    for (k, seat) in seats.iter().enumerate() {
        b.find(Locator::Id(&format!("f-seat-{}", k + 1)))
            .await
            .unwrap()
            .select_by_value(seat)
            .await
            .unwrap_or_else(|e| panic!("no seat choice {seat:?} on the play page: {e}"));
    }
    crate::web::click(b, "#start").await;
    crate::web::turn_or_end(b, 0).await
}

/// What the page's own script fetches from the play API, as this person.
async fn fetched(b: &fantoccini::Client, path: &str) -> (u16, String) {
    let got = b
        .execute_async(
            "const [path, done] = arguments; fetch(path).then(async r => done([r.status, await r.text()]), e => done([0, String(e)]));",
            vec![serde_json::json!(path)],
        )
        .await
        .unwrap();
    (
        got[0].as_u64().unwrap_or(0) as u16,
        got[1].as_str().unwrap_or("").to_string(),
    )
}

/// A student plays their own uploaded Python player on the site's play page, in the
/// sandbox, and reads what it writes on stderr; another student is told there is no
/// such game (nor its record), and meets a classmate's player without its stderr.
/// The game's record, downloaded, opens in `tabula play`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_plays_their_own_player_and_sees_its_stderr_alone() {
    tools_present(&["bwrap", "python3", "chromium", "chromedriver"]);
    let course = course("play", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("# rows = 8\n# cols = 8\n", "rows = 5\ncols = 5\n")
            .replace("classmates = false", "classmates = true")
    });
    let codes = import(&course, "ana,Ana\nbia,Bia\n", false);
    let server = Server::start(&course);
    let base = server.base.clone();
    let base2 = base.clone();
    let secret = course.join("course.toml");
    let bia = tokio::task::spawn_blocking(move || {
        let s = base2.as_str();
        let mut clients = Vec::new();
        for (login, seed) in [("ana", 3), ("bia", 4)] {
            let c = first_sign_in(s, login, &codes[login]);
            let (status, page) = upload(&c, s, "bot.py", talking_bot(seed, &secret));
            assert_eq!(status, StatusCode::OK, "{page}");
            clients.push(c);
        }
        // Bia's version qualifies: a classmate's player to meet.
        wait_until("bia's qualification", Duration::from_secs(240), || {
            get(&clients[1], s, "/me")
                .1
                .contains("passed qualification")
        });
        clients.pop().unwrap()
    })
    .await
    .unwrap();

    let driver = Driver::start();
    let b = driver
        .session(&crate::common::scratch("site", "play-profile"), 1200, 1000)
        .await;
    sign_in(&b, &base, "ana", "ana-secret-pass").await;
    // Ana against her own version 1, which moves second.
    let first = start_play(&b, &base, &["human", "version:1"]).await;
    assert_eq!(
        first["board"]["shape"]["rows"], 5,
        "the course's board: {first}"
    );
    assert_eq!(first["seats"][1]["player"], "your version 1", "{first}");
    let end = crate::web::play_by_clicks(&b, "breakthrough").await;
    let id = end["id"].as_u64().unwrap();
    // Her player's stderr is on her page.
    let stderr = b
        .find(Locator::Id("stderr"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        stderr.contains("weighing") && stderr.contains("moves"),
        "her player's stderr is shown to her: {stderr:?}; {end}"
    );
    // It ran in the sandbox: the course's files are not there.
    assert!(
        stderr.contains("course visible: False") && !stderr.contains("course visible: True"),
        "{stderr}"
    );
    std::fs::write(shots().join("play.png"), b.screenshot().await.unwrap()).unwrap();

    // The record opens in the terminal, on its board, at its end.
    let (status, record) = fetched(&b, &format!("/play/api/games/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    let file = crate::common::scratch("site", "play-record").join("game.json");
    std::fs::write(&file, &record).unwrap();
    let shown = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            "--record",
            file.to_str().unwrap(),
            "--p1",
            "human",
            "--p2",
            "human",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&shown.stdout);
    assert!(
        out.contains("Game over") && out.contains("   a  b  c  d  e"),
        "tabula play --record shows the game's end: {out}{}",
        String::from_utf8_lossy(&shown.stderr)
    );

    // Bia is told there is no such game, nor record; a change without the page's
    // token is refused.
    let base2 = base.clone();
    tokio::task::spawn_blocking(move || {
        let s = base2.as_str();
        for path in [
            format!("/play/api/games/{id}"),
            format!("/play/api/games/{id}/record"),
            format!("/play/api/games/{id}/events"),
        ] {
            let (status, body) = get(&bia, s, &path);
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
            assert!(!body.contains("weighing"), "{body}");
        }
        let r = bia
            .post(s.url("/play/api/games"))
            .json(&serde_json::json!({"seats": ["human", "random"]}))
            .send()
            .unwrap();
        assert_eq!(
            r.status(),
            StatusCode::FORBIDDEN,
            "a request without the token"
        );
        let (status, _) = get(&client(), s, "/play/api/catalog");
        assert_eq!(status, StatusCode::UNAUTHORIZED, "visitors do not play");
    })
    .await
    .unwrap();

    // Ana meets Bia's player: it plays, and its stderr is not hers to read.
    let s = start_play(&b, &base, &["human", "classmate:bia"]).await;
    assert_eq!(s["seats"][1]["player"], "bia's player (version 1)", "{s}");
    let s = crate::web::play_by_clicks(&b, "breakthrough").await;
    assert!(
        s["stderr"].as_array().is_none_or(Vec::is_empty),
        "a classmate's stderr is never sent: {s}"
    );
    assert!(
        b.find(Locator::Css("#stderr[hidden]")).await.is_ok(),
        "no stderr panel for a classmate's player"
    );
    b.close().await.unwrap();
}
