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
