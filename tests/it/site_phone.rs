//! Every page of the site at a phone's width (390 px) and at a desktop's (1280 px),
//! in a real browser (Chromium through chromedriver), for a course with a finished
//! championship: no page is wider than its window, no table's box is (a table that
//! must stay wide scrolls inside it), dates and numbers stay on one line, and the
//! live page's badge is a badge. Screenshots of every page at both widths are saved
//! in `target/site-screenshots/phone-*.png`.

use crate::common::browser::Driver;
use crate::common::site::*;
use crate::common::{root, tabula, text};
use fantoccini::{Client, Locator};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

const STUDENTS: [(&str, &str); 5] = [
    ("ra100001", "Ana Beatriz Souza Lima"),
    ("ra100002", "Bruno Costa"),
    ("ra100003", "Dias, Carla"),
    ("ra100004", "Davi Rocha Albuquerque"),
    ("ra100005", "Elisa Moura"),
];

/// What is wider than the window on the page now: the page itself, a table's box
/// (the scrolling box it is in, or the table), a date or a number broken over lines.
const MEASURE: &str = r#"
const W = window.innerWidth, wide = [];
if (document.documentElement.scrollWidth > W) wide.push("the page: " + document.documentElement.scrollWidth + " px");
for (const t of document.querySelectorAll("table")) {
  const box = t.closest(".scroll") || t, r = box.getBoundingClientRect();
  if (r.width > 0 && (r.right > W + 0.5 || r.left < -0.5)) wide.push("table " + (t.id || t.className || "?") + ": " + Math.round(r.left) + ".." + Math.round(r.right));
}
const broken = [];
for (const cell of document.querySelectorAll("td.num, td.when")) {
  if (!cell.textContent.trim() || cell.getBoundingClientRect().width === 0) continue;
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  if (tops.size > 1) broken.push(cell.textContent.trim());
}
return [W, wide, broken];
"#;

async fn sign_in(b: &Client, base: &str, login: &str) {
    b.goto(&format!("{base}/signin")).await.unwrap();
    let password = format!("{login}-secret-pass");
    for (id, value) in [("login", login), ("secret", password.as_str())] {
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
        .for_element(Locator::Css("a[href='/me']"))
        .await
        .unwrap();
}

/// Opens `path` at `width`, checks what [`MEASURE`] finds, and saves the whole page.
async fn look(b: &Client, base: &str, path: &str, width: u32, name: &str) {
    b.set_window_size(width, 844).await.unwrap();
    b.goto(&format!("{base}{path}")).await.unwrap();
    if path.starts_with("/play") {
        b.wait()
            .for_element(Locator::Css("body[data-ready=form], body[data-ready=yes]"))
            .await
            .unwrap();
        b.wait()
            .for_element(Locator::Css("#yours:not([hidden])"))
            .await
            .unwrap();
    }
    let measured = b.execute(MEASURE, vec![]).await.unwrap();
    assert_eq!(
        measured[0],
        json!(width),
        "{path}: the window is {width} px wide"
    );
    assert_eq!(
        measured[1],
        json!([]),
        "{path} at {width} px: wider than the window"
    );
    assert_eq!(
        measured[2],
        json!([]),
        "{path} at {width} px: broken over lines"
    );
    let height = b
        .execute("return document.documentElement.scrollHeight", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap_or(844);
    b.set_window_size(width, (height as u32).clamp(844, 8000))
        .await
        .unwrap();
    let dir = root().join("target/site-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("phone-{name}-{width}.png"));
    std::fs::write(file, b.screenshot().await.unwrap()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_reads_at_a_phones_width_and_a_desktops() {
    crate::common::tools_present(&["chromium", "chromedriver"]);
    let course = course("phone", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("# rows = 8\n# cols = 8\n", "rows = 5\ncols = 5\n")
            .replace("# time_zone", "time_zone")
    });
    let roster: String = STUDENTS
        .iter()
        .map(|(login, name)| format!("{login},\"{name}\"\n"))
        .collect();
    let codes = import(&course, &roster, false);
    let prof_code = import(&course, "prof,Marta Lima\n", true)["prof"].clone();
    let logins: Vec<&str> = STUDENTS.iter().map(|(l, _)| *l).collect();
    qualified_versions(&course, &logins);
    // A championship played by the built-in players, written where the site keeps
    // it: its standings, crosstable, games and page are a real championship's.
    let dir = finished_championship(&course, 1, &logins);
    let mut args: Vec<String> = [
        "tournament",
        "breakthrough",
        "--out",
        dir.to_str().unwrap(),
        "--seed",
        "7",
        "--jobs",
        "1",
        "--rows",
        "5",
        "--cols",
        "5",
        "--move-time",
        "0.1",
    ]
    .map(String::from)
    .to_vec();
    for (k, login) in logins.iter().enumerate() {
        let level = if k % 2 == 0 { "random" } else { "greedy" };
        args.extend(["--player".to_string(), format!("{login}={level}")]);
    }
    let o = tabula(&crate::common::strs(&args));
    assert!(o.status.success(), "{}", text(&o.stderr));
    // And one being played (its start is far off, so the runner leaves it be).
    write_db(&course)
        .execute(
            "INSERT INTO championships (id, origin, due_at, seed, status, counts, started_at)
             VALUES (2, 'teacher', '2099-01-01T00:00:00Z', 8, 'running', 1, '2026-01-07T03:00:00Z')",
            [],
        )
        .unwrap();

    let server = Server::start(&course);
    let base = server.base.clone();
    // The student has games on the play page: one open, one finished.
    let (student, teacher) = (STUDENTS[0].0, "prof");
    let (code, base2) = (codes[student].clone(), base.clone());
    tokio::task::spawn_blocking(move || {
        let s = base2.as_str();
        let c = first_sign_in(s, student, &code);
        first_sign_in(s, teacher, &prof_code);
        let token = csrf(&get(&c, s, "/me").1);
        let start = |seats: Value| {
            let r = c
                .post(s.url("/play/api/games"))
                .header("x-csrf-token", &token)
                .json(&json!({ "seats": seats }))
                .send()
                .unwrap();
            assert_eq!(r.status(), StatusCode::OK);
            r.json::<Value>().unwrap()["id"].as_u64().unwrap()
        };
        let finished = start(json!(["random", "random"]));
        start(json!(["human", "version:1"]));
        wait_until("a game played to its end", Duration::from_secs(60), || {
            let snap: Value =
                serde_json::from_str(&get(&c, s, &format!("/play/api/games/{finished}")).1)
                    .unwrap_or_default();
            !snap["over"].is_null()
        });
    })
    .await
    .unwrap();

    let driver = Driver::start();
    let profile = crate::common::scratch("site", "phone-profile");
    let b = driver.session(&profile, 1280, 844).await;
    for width in [390, 1280] {
        for (path, name) in [
            ("/", "home"),
            ("/championships/1", "championship"),
            ("/championships/2", "live"),
            ("/grades", "grades"),
            ("/signin", "signin"),
        ] {
            look(&b, &base, path, width, name).await;
        }
    }
    // The live page's badge is a badge, not a bar across its card.
    b.set_window_size(390, 844).await.unwrap();
    b.goto(&format!("{base}/championships/2")).await.unwrap();
    let pill = b
        .execute(
            "const p = document.getElementById('status-pill'); return [p.textContent, p.getBoundingClientRect().width, p.parentElement.getBoundingClientRect().width];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(pill[0], "running", "{pill}");
    assert!(
        pill[1].as_f64().unwrap() < 100.0 && pill[2].as_f64().unwrap() > 250.0,
        "the badge is as wide as its word: {pill}"
    );

    sign_in(&b, &base, student).await;
    for width in [390, 1280] {
        for (path, name) in [
            ("/me", "me"),
            ("/play", "play"),
            ("/championships/1", "championship-signed-in"),
        ] {
            look(&b, &base, path, width, name).await;
        }
    }
    // The play page lists the student's games: one to resume, one to see.
    look(&b, &base, "/play", 390, "play").await;
    let listed = b
        .execute(
            "return [...document.querySelectorAll('#yourgames li')].map(li => li.dataset.open + ' ' + li.querySelector('a').textContent)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(listed, json!(["yes Resume", "no See"]), "{listed}");
    // The site's header and menu, and no game to choose in a course of one game.
    assert!(
        b.find(Locator::Css("header.site a[href='/me']"))
            .await
            .is_ok()
    );
    assert!(b.find(Locator::Css("select#f-game")).await.is_err());
    b.find(Locator::Css("#yourgames a"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    b.wait()
        .for_element(Locator::Css("body[data-ready=yes]"))
        .await
        .unwrap();
    let game = b.execute("return location.hash", vec![]).await.unwrap();
    let game = format!("/play{}", game.as_str().unwrap_or(""));
    for width in [390, 1280] {
        look(&b, &base, &game, width, "play-game").await;
    }

    b.find(Locator::Css("header.site form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    sign_in(&b, &base, teacher).await;
    for width in [390, 1280] {
        for (path, name) in [
            ("/teacher", "teacher"),
            (&format!("/users/{student}")[..], "teacher-student"),
        ] {
            look(&b, &base, path, width, name).await;
        }
    }
    b.close().await.unwrap();
}
