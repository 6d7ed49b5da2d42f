//! What a student and a teacher read, from a course whose championship is written
//! by hand (its standings and games as `tabula tournament` writes them), so that
//! every rank and grade is known beforehand: the final grades rank ties as the
//! standings do, a student's page gives their rank and grade and lists a game
//! against themselves once, with each game's replay linked; the standings download
//! names files, never the server's paths; a teacher's upload is nobody's classmate;
//! and one student's uploads sent at once are numbered in the order they came.

use crate::common::site::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::io::Write;
use std::time::{Duration, Instant};

const STUDENTS: [&str; 5] = ["ana", "bia", "cid", "dan", "eva"];

/// One championship's standings: each player's points and grade, its ranks as the
/// tournament gives them (equal points, equal rank).
fn standings_json() -> Value {
    let line = |rank: u32, name: &str, points: f64, grade: f64| {
        json!({"rank": rank, "name": name, "spec": format!("/srv/tabula/course/submissions/{name}/1/bot.py"),
               "points": points, "games": 5, "valid": 100.0, "faults": 0, "group": "A",
               "grade": grade, "late_days": 0, "elo": 1500.0, "elo_error": 100.0})
    };
    json!({
        "players": STUDENTS,
        "standings": [
            line(1, "ana", 4.0, 9.0),
            line(2, "bia", 3.0, 7.5),
            line(2, "cid", 3.0, 7.5),
            line(2, "dan", 3.0, 7.5),
            line(5, "eva", 1.0, 2.0),
        ],
        "crosstable": [],
        "notes": ["Scoring by hand, for the test."],
    })
}

/// A game as a championship records it (`id` counts from 0).
fn record(id: usize, players: [&str; 2], winners: &[u32]) -> String {
    json!({"id": id, "players": players, "specs": ["x", "x"], "options": [], "start": null,
           "seed": 1, "moves": [], "scores": [0, 0], "result": "winner", "winners": winners})
    .to_string()
}

#[test]
fn a_students_and_a_teachers_views_of_a_finished_championship() {
    let course = course("views", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("classmates = false", "classmates = true")
    });
    let roster: String = STUDENTS.iter().map(|l| format!("{l},{l}\n")).collect();
    let codes = import(&course, &roster, false);
    import(&course, "prof,Professor\n", true);
    qualified_versions(&course, &STUDENTS);
    // The teacher tried the site with an upload of her own, which qualified.
    qualified_versions(&course, &["prof"]);
    let dir = finished_championship(&course, 1, &STUDENTS);
    std::fs::write(dir.join("standings.json"), standings_json().to_string()).unwrap();
    // Ana played herself (the first side won), lost to Bia; Cid beat Dan.
    let games = [
        record(0, ["ana", "ana"], &[1]),
        record(1, ["ana", "bia"], &[2]),
        record(2, ["cid", "dan"], &[1]),
    ];
    std::fs::write(dir.join("games.jsonl"), games.join("\n") + "\n").unwrap();
    let server = Server::start(&course);
    let ana = first_sign_in(&server, "ana", &codes["ana"]);

    // The final grades, by hand: C = 1, Min = 0.5 (worth 5), Max = 0.9 (worth 10);
    // Bia, Cid and Dan: (0.75 − 0.5) / 0.4 · 5 + 5 = 8.125; Eva: 0.2 / 0.5 · 5 = 2.
    // Equal grades share a rank, as the standings' equal points do: 1, 2, 2, 2, 5.
    let (status, page) = get(&client(), &server, "/grades");
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("the 1 championship that counts"), "{page}");
    let ranked: Vec<(String, String, String)> = table_rows(&page, "grades")
        .into_iter()
        .map(|cells| (cells[0].clone(), cells[1].clone(), cells[2].clone()))
        .collect();
    let expected = [
        ("1", "ana", "10.00"),
        ("2", "bia", "8.13"),
        ("2", "cid", "8.13"),
        ("2", "dan", "8.13"),
        ("5", "eva", "2.00"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(r, n, g)| (r.to_string(), n.to_string(), g.to_string()))
        .collect();
    assert_eq!(ranked, expected, "{page}");
    let (_, page) = get(&client(), &server, "/championships/1");
    let standings: Vec<(String, String)> = table_rows(&page, "standings")
        .into_iter()
        .map(|cells| (cells[0].clone(), cells[1].clone()))
        .collect();
    let agreed: Vec<(String, String)> = expected
        .iter()
        .map(|(r, n, _)| (r.clone(), n.clone()))
        .collect();
    assert_eq!(standings, agreed, "the standings and /grades agree");

    // Ana's page: her rank and grade, her self-game once, each game's replay.
    let (_, page) = get(&ana, &server, "/me");
    let mine = table_rows(&page, "own-standings");
    assert_eq!(mine.len(), 1, "{page}");
    assert_eq!(
        (
            mine[0][0].as_str(),
            mine[0][1].as_str(),
            mine[0][3].as_str()
        ),
        ("#1", "1 of 5", "9.00"),
        "{page}"
    );
    let games: Vec<Vec<String>> = page
        .match_indices("<table class=\"own-games\"")
        .flat_map(|(at, _)| {
            table_rows(
                &page[at..].replacen(" class=\"own-games\"", " id=\"g\"", 1),
                "g",
            )
        })
        .collect();
    assert_eq!(games.len(), 2, "the self-game is listed once: {games:?}");
    assert_eq!(
        games[0][..4],
        ["1", "both", "yourself", "first side won"],
        "{games:?}"
    );
    assert_eq!(games[1][..4], ["2", "first", "bia", "lost"], "{games:?}");
    for game in [1, 2] {
        let link = format!("href=\"/championships/1/page#game-{game}\"");
        assert_eq!(page.matches(&link).count(), 1, "{link} in {page}");
    }

    // Classmates: every student's latest qualified version, never the teacher's.
    let (status, catalog) = get(&ana, &server, "/play/api/catalog");
    assert_eq!(status, StatusCode::OK, "{catalog}");
    let catalog: Value = serde_json::from_str(&catalog).unwrap();
    let guests: Vec<&str> = catalog["games"][0]["guests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["name"].as_str())
        .collect();
    assert!(guests.contains(&"classmate:bia"), "{guests:?}");
    assert!(!guests.contains(&"classmate:prof"), "{guests:?}");
    let r = ana
        .post(server.url("/play/api/games"))
        .header("x-csrf-token", csrf(&get(&ana, &server, "/me").1))
        .json(&json!({"seats": ["human", "classmate:prof"]}))
        .send()
        .unwrap();
    assert_eq!(
        r.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "the teacher's version is not to be played"
    );

    // The standings to download: the version and file that played, no path of
    // the server's (the course's folder, or the tournament's spec).
    let r = client()
        .get(server.url("/championships/1/standings.csv"))
        .send()
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let csv = r.text().unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rank,player,version,file,points,games,valid_percent,faults,group,grade,late_days"
    );
    assert_eq!(
        lines[1], "1,ana,1,bot.py (Python),4,5,100.0,0,A,9.00,0",
        "{csv}"
    );
    assert_eq!(lines.len(), 6, "{csv}");
    assert!(!csv.contains('/'), "no path: {csv}");
}

/// A gzipped tar holding one file of `size` zero bytes and a `tabula.toml`, which
/// takes a moment to unpack.
fn large_archive(size: usize) -> Vec<u8> {
    let dir = crate::common::scratch("site", "large-archive");
    std::fs::write(dir.join("tabula.toml"), "command = \"python3 bot.py\"\n").unwrap();
    std::fs::write(dir.join("bot.py"), seeded_random_bot(1)).unwrap();
    let mut zeros = std::fs::File::create(dir.join("data.bin")).unwrap();
    zeros.write_all(&vec![0; size]).unwrap();
    let out = dir.with_extension("tar.gz");
    let o = std::process::Command::new("tar")
        .arg("czf")
        .arg(&out)
        .arg("-C")
        .arg(&dir)
        .args(["tabula.toml", "bot.py", "data.bin"])
        .output()
        .unwrap();
    assert!(o.status.success());
    std::fs::read(out).unwrap()
}

#[test]
fn one_students_uploads_sent_at_once_are_numbered_in_the_order_they_came() {
    let course = course("upload-order", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("max_unpacked = \"20M\"", "max_unpacked = \"300M\"")
    });
    let codes = import(&course, "ana,Ana\n", false);
    let server = Server::start(&course);
    let ana = first_sign_in(&server, "ana", &codes["ana"]);
    let db = write_db(&course);
    // What the database says while the uploads are stored: whether version 2 was
    // ever taken while version 1 was still being stored.
    let watch = std::thread::spawn({
        let course = course.clone();
        move || {
            let db = write_db(&course);
            let start = Instant::now();
            let mut overtaken = false;
            while start.elapsed() < Duration::from_secs(60) {
                let rows: Vec<(i64, String)> = db
                    .prepare(
                        "SELECT version, COALESCE(problem, '') FROM submissions ORDER BY version",
                    )
                    .unwrap()
                    .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap();
                overtaken |= rows.len() >= 2 && rows[0].1 == "being stored";
                if rows.len() >= 2 && rows.iter().all(|(_, p)| p != "being stored") {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            overtaken
        }
    });
    // A large archive, then, while it is being stored, a small file.
    let large = std::thread::spawn({
        let (ana, base) = (ana.clone(), server.base.clone());
        move || upload(&ana, base.as_str(), "big.tar.gz", large_archive(250 << 20))
    });
    // The small file's form is ready, to be sent the moment the archive has its
    // number (while it is being unpacked).
    let token = csrf(&get(&ana, &server, "/me").1);
    let small = reqwest::blocking::multipart::Form::new()
        .text("csrf", token)
        .part(
            "file",
            reqwest::blocking::multipart::Part::bytes(seeded_random_bot(2)).file_name("small.py"),
        );
    let waiting = Instant::now();
    while db
        .query_row("SELECT COUNT(*) FROM submissions", [], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap()
        == 0
    {
        assert!(
            waiting.elapsed() < Duration::from_secs(60),
            "no version taken"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    let r = ana
        .post(server.url("/me/upload"))
        .multipart(small)
        .send()
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let (status, page) = large.join().unwrap();
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        !watch.join().unwrap(),
        "version 2 was taken while version 1 was being stored"
    );
    let rows: Vec<(i64, String, String)> = db
        .prepare("SELECT version, file_name, uploaded_at FROM submissions ORDER BY version")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows[0].0, 1);
    assert_eq!(rows[0].1, "big.tar.gz", "{rows:?}");
    assert_eq!(rows[1].1, "small.py", "{rows:?}");
    assert!(rows[0].2 <= rows[1].2, "numbered in time order: {rows:?}");
}
