//! The championship site, driven from outside with real HTTP: a course made with
//! `tabula site init`, a roster imported, students signing in and uploading players
//! of every kind, qualification results, championships on demand and on schedule,
//! the site killed mid-championship and resumed, grades checked against a hand
//! computation; and the attacks a site for a class's code must stand.
//!
//! These need bubblewrap, python3 and sbcl (`.ci/run` installs them).

use crate::common::site::*;
use crate::common::{INVISIBLE, root, tabula, text, written_out};
use reqwest::StatusCode;
use reqwest::blocking::multipart;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// A .tar.gz holding the random bot and a tabula.toml that runs it with a seed.
fn bot_archive() -> Vec<u8> {
    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(
        Vec::new(),
        flate2::Compression::default(),
    ));
    let bot = std::fs::read(root().join("examples/random_bot.py")).unwrap();
    for (name, data) in [
        (
            "tabula.toml",
            b"command = \"python3 bot/random_bot.py --seed 3 --name archived\"\n".to_vec(),
        ),
        ("bot/random_bot.py", bot),
    ] {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        tar.append_data(&mut h, name, data.as_slice()).unwrap();
    }
    tar.into_inner().unwrap().finish().unwrap()
}

fn standings(dir: &Path) -> Vec<Value> {
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap())
            .unwrap();
    v["standings"].as_array().unwrap().clone()
}

/// The king-and-pawn assignment's grades, computed here from the records alone:
/// 1 point a win; a player that lost more than 10 % of its games by fault leaves the
/// ranking and gets 5 × (1 − that fraction); the others 5..10 by linear
/// interpolation of their points (all 10 if their points are equal).
fn hand_grades(records: &[Value]) -> BTreeMap<String, (f64, f64)> {
    let mut points: BTreeMap<String, f64> = BTreeMap::new();
    let mut games: BTreeMap<String, f64> = BTreeMap::new();
    let mut faults: BTreeMap<String, f64> = BTreeMap::new();
    for r in records {
        let players: Vec<String> = r["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        for (i, p) in players.iter().enumerate() {
            let seat = i as u64 + 1;
            *games.entry(p.clone()).or_default() += 1.0;
            let winners: Vec<u64> = r["winners"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_u64().unwrap())
                .collect();
            if winners.contains(&seat) {
                *points.entry(p.clone()).or_default() += 1.0;
            } else {
                points.entry(p.clone()).or_default();
            }
            if r["fault"]["player"].as_u64() == Some(seat) {
                *faults.entry(p.clone()).or_default() += 1.0;
            } else {
                faults.entry(p.clone()).or_default();
            }
        }
    }
    let ranked: Vec<&String> = games
        .keys()
        .filter(|p| faults[*p] / games[*p] <= 0.10)
        .collect();
    let high = ranked.iter().map(|p| points[*p]).fold(f64::MIN, f64::max);
    let low = ranked.iter().map(|p| points[*p]).fold(f64::MAX, f64::min);
    games
        .keys()
        .map(|p| {
            let grade = if ranked.contains(&p) {
                if high == low {
                    10.0
                } else {
                    5.0 + 5.0 * (points[p] - low) / (high - low)
                }
            } else {
                5.0 * (1.0 - faults[p] / games[p])
            };
            (p.clone(), (points[p], grade))
        })
        .collect()
}

#[test]
fn a_course_from_roster_to_final_grades() {
    tools_present(&["bwrap", "python3", "sbcl"]);
    let course = course("main", "kingpawn", |t| {
        t.replace("time_zone = \"America/Sao_Paulo\"", "time_zone = \"UTC\"")
            .replace("# time_zone", "time_zone")
            // No schedule yet: the first championship is on demand.
            .replace("first_day = ", "# first_day = ")
    });
    let students = import(
        &course,
        "login,name\nra100001,Ana Prolog\nra100002,Bruno Python\nra100003,Carla Lisp\nra100004,Davi Archive\nra100005,Eva Broken\n",
        false,
    );
    assert_eq!(students.len(), 5);
    let teachers = import(&course, "prof,Professor X\n", true);
    let server = Server::start(&course);

    // A wrong code is refused; the right one leads to choosing a password.
    let c = client();
    let (_, page) = get(&c, &server, "/signin");
    let (status, _) = post_form(
        &c,
        &server,
        "/signin",
        &[
            ("csrf", &csrf(&page)),
            ("login", "ra100001"),
            ("secret", "AAAA-BBBB-CCCC"),
        ],
    );
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let mut clients = BTreeMap::new();
    for (login, code) in &students {
        clients.insert(login.clone(), first_sign_in(&server, login, code));
    }
    let broken =
        b"% a player that does not parse\nchoose_move(State, _, Move) :- legal_move(State, Move\n"
            .to_vec();
    let uploads: Vec<(&str, &str, Vec<u8>)> = vec![
        (
            "ra100001",
            "kingpawn_player.pl",
            std::fs::read(root().join("examples/kingpawn_player.pl")).unwrap(),
        ),
        ("ra100002", "bot.py", seeded_random_bot(7)),
        (
            "ra100003",
            "kingpawn_player.lisp",
            std::fs::read(root().join("examples/kingpawn_player.lisp")).unwrap(),
        ),
        ("ra100004", "bot.tar.gz", bot_archive()),
        ("ra100005", "broken.pl", broken),
    ];
    for (login, name, data) in uploads {
        let (status, page) = upload(&clients[login], &server, name, data);
        assert_eq!(status, StatusCode::OK, "{login}: {page}");
        assert!(
            page.contains(name),
            "{login}: the version is listed: {page}"
        );
    }
    // Qualification: within seconds, each student sees their own result.
    for (login, c) in &clients {
        wait_until(
            &format!("{login}'s qualification"),
            Duration::from_secs(120),
            || {
                let (_, page) = get(c, &server, "/me");
                page.contains("qualification\">passed")
                    || page.contains("pill failed qualification")
            },
        );
        let (_, page) = get(c, &server, "/me");
        if login == "ra100005" {
            assert!(page.contains("failed qualification"), "{page}");
            assert!(page.contains("broken.pl"), "{page}");
        } else {
            assert!(page.contains("passed qualification"), "{login}: {page}");
            assert!(
                page.contains("legal games against random"),
                "{login}: {page}"
            );
        }
    }
    // Their own log is theirs; another's code and logs are not.
    let (_, page) = get(&clients["ra100002"], &server, "/me");
    let log_link = page
        .split("href=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .find(|l| l.contains("/logs/"))
        .expect("a qualification log link")
        .to_string();
    let download = page
        .split("href=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .find(|l| l.ends_with("/download"))
        .unwrap()
        .to_string();
    let (status, code) = get(&clients["ra100002"], &server, &download);
    assert_eq!(status, StatusCode::OK);
    assert!(code.contains("random_bot"));
    assert_eq!(
        get(&clients["ra100002"], &server, &log_link).0,
        StatusCode::OK
    );
    for other in ["ra100001", "ra100003"] {
        assert_eq!(
            get(&clients[other], &server, &download).0,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            get(&clients[other], &server, &log_link).0,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(get(&client(), &server, &download).0, StatusCode::NOT_FOUND);
    assert_eq!(
        get(&clients["ra100001"], &server, "/teacher").0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&clients["ra100001"], &server, "/users/ra100002").0,
        StatusCode::NOT_FOUND
    );

    // The teacher runs a championship now; it is killed mid-way and resumes.
    let prof = first_sign_in(&server, "prof", &teachers["prof"]);
    let (_, page) = get(&prof, &server, "/teacher");
    assert!(
        page.contains("Ana Prolog") && page.contains("broken.pl"),
        "{page}"
    );
    let (status, page) = post_form(
        &prof,
        &server,
        "/teacher/run",
        &[("csrf", &csrf(&page)), ("counts", "yes")],
    );
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Championship 1"), "{page}");
    wait_until("a few games", Duration::from_secs(300), || {
        progress(&prof, &server, 1)["progress"]["played"]
            .as_u64()
            .unwrap_or(0)
            >= 3
    });
    server.kill();
    let server = Server::start(&course);
    wait_until("championship 1", Duration::from_secs(600), || {
        status_of(&prof, &server, 1) == "done"
    });
    let dir1 = course.join("championships/1");
    let records1 = crate::common::records(&dir1);
    // Five players, every pair both ways: 20 games, none doubled by the resume.
    let mut ids: Vec<u64> = records1.iter().map(|r| r["id"].as_u64().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..20).collect::<Vec<_>>());
    let hand = hand_grades(&records1);
    let table = standings(&dir1);
    assert_eq!(table.len(), 5);
    for row in &table {
        let name = row["name"].as_str().unwrap();
        let (points, grade) = hand[name];
        assert_eq!(row["points"].as_f64().unwrap(), points, "{name}");
        assert!(
            (row["grade"].as_f64().unwrap() - grade).abs() < 1e-9,
            "{name}: {row} vs {grade}"
        );
    }
    // The broken player lost every game by a fault: grade 0.
    let eva = table.iter().find(|r| r["name"] == "ra100005").unwrap();
    assert_eq!(eva["grade"].as_f64(), Some(0.0));
    // The same championship played straight through from the command line gives the
    // same standings: the resume changed nothing.
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(dir1.join("championship.json")).unwrap())
            .unwrap();
    let straight = crate::common::scratch("site", "straight");
    let mut args: Vec<String> = vec![
        "tournament".into(),
        "kingpawn".into(),
        "--out".into(),
        straight.to_string_lossy().into(),
        "--seed".into(),
        settings["seed"].to_string(),
        "--jobs".into(),
        "1".into(),
    ];
    for p in settings["players"].as_array().unwrap() {
        args.push("--player".into());
        args.push(format!(
            "{}={}",
            p[0].as_str().unwrap(),
            p[1].as_str().unwrap()
        ));
    }
    let o = tabula(&crate::common::strs(&args));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let again = standings(&straight);
    for (a, b) in table.iter().zip(&again) {
        assert_eq!(
            (&a["name"], &a["points"], &a["grade"]),
            (&b["name"], &b["points"], &b["grade"])
        );
    }

    // The pages: standings and crosstable for everyone, the game viewer page, a
    // student's own championship games and logs (and not another's).
    let visitor = client();
    let (status, page) = get(&visitor, &server, "/championships/1");
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("Standings") && page.contains("Crosstable") && page.contains("ra100003"),
        "{page}"
    );
    let (status, page) = get(&visitor, &server, "/championships/1/page");
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"viewer\""));
    let game = records1
        .iter()
        .find(|r| r["players"][0] == "ra100002")
        .unwrap();
    // Games are numbered from 1 on every page (the records count from 0).
    let own_log = format!(
        "/championships/1/logs/{}/1",
        game["id"].as_u64().unwrap() + 1
    );
    assert_eq!(
        get(&visitor, &server, &own_log).0,
        StatusCode::OK,
        "a visitor is sent to sign in"
    );
    assert!(get(&visitor, &server, &own_log).1.contains("Sign in"));
    assert_eq!(
        get(&clients["ra100002"], &server, &own_log).0,
        StatusCode::OK
    );
    assert_eq!(
        get(&clients["ra100001"], &server, &own_log).0,
        StatusCode::NOT_FOUND
    );
    let (_, page) = get(&clients["ra100002"], &server, "/me");
    assert!(page.contains("Championship games"), "{page}");

    // A scheduled championship: the schedule is set to a time already past today,
    // and the restarted site runs it.
    drop(server);
    let config = course.join("course.toml");
    let today = String::from_utf8(
        Command::new("date")
            .args(["-u", "+%Y-%m-%d"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let t = std::fs::read_to_string(&config).unwrap().replace(
        "# first_day = ",
        &format!("first_day = \"{}\"\n# was: ", today.trim()),
    );
    let t = t
        .replace("days = 8", "days = 1")
        .replace("at = \"03:00\"", "at = \"00:00\"");
    std::fs::write(&config, t).unwrap();
    let server = Server::start(&course);
    wait_until(
        "the scheduled championship",
        Duration::from_secs(600),
        || status_of(&prof, &server, 2) == "done",
    );
    let table2 = standings(&course.join("championships/2"));
    // Final grades: the assignment's formula by hand over the two championships.
    let mut p: BTreeMap<String, f64> = BTreeMap::new();
    for t in [&table, &table2] {
        for row in t {
            *p.entry(row["name"].as_str().unwrap().to_string())
                .or_default() += row["grade"].as_f64().unwrap() / 10.0;
        }
    }
    let max = p.values().copied().fold(0.0, f64::max);
    let min = 2.0 / 2.0;
    let r = prof.get(server.url("/grades.csv")).send().unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let csv = r.text().unwrap();
    for (name, total) in &p {
        let n = if *total < min {
            total / min * 5.0
        } else {
            (total - min) / (max - min) * 5.0 + 5.0
        };
        let line = csv
            .lines()
            .find(|l| l.starts_with(&format!("{name},")))
            .unwrap_or_else(|| panic!("{csv}"));
        let last: f64 = line.rsplit(',').next().unwrap().parse().unwrap();
        assert!((last - n).abs() < 0.006, "{name}: {line} vs {n:.2}");
    }
    assert_eq!(
        get(&clients["ra100001"], &server, "/grades.csv").0,
        StatusCode::NOT_FOUND
    );
    let (_, page) = get(&visitor, &server, "/grades");
    assert!(
        page.contains("Final grades") && page.contains("ra100004"),
        "{page}"
    );

    // A consistent backup while it runs.
    let backup = course.parent().unwrap().join("backup.tar.gz");
    let o = tabula(&[
        "site",
        "backup",
        course.to_str().unwrap(),
        backup.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let listing = Command::new("tar")
        .arg("tzf")
        .arg(&backup)
        .output()
        .unwrap();
    let listing = text(&listing.stdout);
    assert!(
        listing.contains("site.db")
            && listing.contains("submissions/ra100001/1/kingpawn_player.pl"),
        "{listing}"
    );
}

#[test]
fn attacks_are_refused() {
    tools_present(&["bwrap", "python3"]);
    let course = course("attacks", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("max_upload = \"1M\"", "max_upload = \"64K\"")
    });
    let codes = import(&course, "mallory,Mallory\nvictim,Victim\n", false);
    let server = Server::start(&course);
    let m = first_sign_in(&server, "mallory", &codes["mallory"]);

    // A championship that does not exist (yet) is said so in JSON, which a page
    // polling for it can read.
    let r = m
        .get(server.url("/championships/999/progress.json"))
        .send()
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let v: serde_json::Value = r.json().unwrap();
    assert_eq!(v["status"], "none", "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap_or("")
            .contains("no championship 999"),
        "{v}"
    );

    // A form without its CSRF token, or with another session's, is refused.
    let (status, _) = post_form(&m, &server, "/teacher/run", &[("counts", "yes")]);
    assert_eq!(status, StatusCode::NOT_FOUND, "not a teacher");
    let form = multipart::Form::new().part(
        "file",
        multipart::Part::bytes(b"x".to_vec()).file_name("a.py"),
    );
    let r = m
        .post(server.url("/me/upload"))
        .multipart(form)
        .send()
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let other = client();
    let (_, page) = get(&other, &server, "/signin");
    let foreign = csrf(&page);
    let form = multipart::Form::new().text("csrf", foreign).part(
        "file",
        multipart::Part::bytes(b"x".to_vec()).file_name("a.py"),
    );
    let r = m
        .post(server.url("/me/upload"))
        .multipart(form)
        .send()
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let (status, _) = post_form(
        &other,
        &server,
        "/signin",
        &[("login", "victim"), ("secret", "x")],
    );
    assert_eq!(status, StatusCode::FORBIDDEN, "sign-in without its token");

    // An upload over the cap: 413, nothing kept.
    let (status, page) = upload(&m, &server, "big.py", vec![b'#'; 200 << 10]);
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{page}");
    // Archives that reach out of their folder, by path or by link, are refused.
    let mut evil = tar::Builder::new(Vec::new());
    let mut h = tar::Header::new_gnu();
    h.as_gnu_mut().unwrap().name[..13].copy_from_slice(b"../escaped.py");
    h.set_size(2);
    h.set_mode(0o644);
    h.set_cksum();
    evil.append(&h, &b"x\n"[..]).unwrap();
    let (status, page) = upload(&m, &server, "evil.tar", evil.into_inner().unwrap());
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    assert!(!course.join("submissions/escaped.py").exists());
    let mut linked = tar::Builder::new(Vec::new());
    let mut h = tar::Header::new_gnu();
    h.set_entry_type(tar::EntryType::Symlink);
    h.set_size(0);
    h.set_mode(0o777);
    linked
        .append_link(&mut h, "tabula.toml", "/etc/passwd")
        .unwrap();
    let (status, page) = upload(&m, &server, "linked.tar", linked.into_inner().unwrap());
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("../../x.py", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(b"x").unwrap();
    let (status, page) = upload(&m, &server, "evil.zip", zip.finish().unwrap().into_inner());
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    // A file of no known kind.
    let (status, page) = upload(&m, &server, "player.exe", b"MZ".to_vec());
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    assert!(page.contains(".pl"), "{page}");
    // None of these became a version.
    let (_, page) = get(&m, &server, "/me");
    assert!(page.contains("No version yet"), "{page}");

    // A command naming files outside its archive is kept but cannot play: the
    // sandbox would show the player what its command names.
    let mut peek = tar::Builder::new(Vec::new());
    let manifest = format!(
        "command = \"python3 {}/submissions/victim/1/bot.py\"\n",
        course.display()
    );
    let mut h = tar::Header::new_gnu();
    h.set_size(manifest.len() as u64);
    h.set_mode(0o644);
    h.set_cksum();
    peek.append_data(&mut h, "tabula.toml", manifest.as_bytes())
        .unwrap();
    let (status, page) = upload(&m, &server, "peek.tar", peek.into_inner().unwrap());
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains("failed qualification") && page.contains("inside the archive"),
        "{page}"
    );

    // A manifest that is not TOML is said with its caret diagram, lines kept.
    let mut broken = tar::Builder::new(Vec::new());
    let manifest = "command = \"python3 bot.py\n";
    let mut h = tar::Header::new_gnu();
    h.set_size(manifest.len() as u64);
    h.set_mode(0o644);
    h.set_cksum();
    broken
        .append_data(&mut h, "tabula.toml", manifest.as_bytes())
        .unwrap();
    let (_, page) = upload(&m, &server, "broken.tar", broken.into_inner().unwrap());
    assert!(page.contains("not valid TOML"), "{page}");
    let said = page
        .split(" said\">")
        .nth(1)
        .unwrap_or_else(|| panic!("the message's lines are not kept: {page}"));
    assert!(
        said.contains("\n1 | command") && said.contains('^'),
        "{page}"
    );

    // An honest Python player qualifies on Breakthrough's random start.
    let (status, page) = upload(&m, &server, "bot.py", seeded_random_bot(11));
    assert_eq!(status, StatusCode::OK, "{page}");
    wait_until("the qualification", Duration::from_secs(120), || {
        get(&m, &server, "/me").1.contains("passed qualification")
    });

    // Wrong passwords: a few are told so, then sign-in waits, even with the right one.
    let v = client();
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let (_, page) = get(&v, &server, "/signin");
        statuses.push(
            post_form(
                &v,
                &server,
                "/signin",
                &[
                    ("csrf", &csrf(&page)),
                    ("login", "victim"),
                    ("secret", "guess"),
                ],
            )
            .0,
        );
    }
    assert_eq!(&statuses[..5], &[StatusCode::UNAUTHORIZED; 5]);
    assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS);
    let (_, page) = get(&v, &server, "/signin");
    let (status, page) = post_form(
        &v,
        &server,
        "/signin",
        &[
            ("csrf", &csrf(&page)),
            ("login", "victim"),
            ("secret", &codes["victim"]),
        ],
    );
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{page}");
    assert!(page.contains("try again in"), "{page}");
}

/// Finding 5 of the sandbox's review, through the site: an archive whose command
/// names files under /usr that lead to the host's /etc (a symbolic link) and to a
/// folder `nobody` cannot read. The player runs, as nobody, and reads none of them.
/// What it writes on stderr, and its owner's name, reach her pages with their
/// invisible characters written out.
#[test]
fn a_students_archive_cannot_reach_the_hosts_files() {
    tools_present(&["bwrap", "python3"]);
    let course = course("spy", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
    });
    // Her name, from the roster, holds a right-to-left override and a tag.
    let codes = import(&course, "eve,Eve\u{202e}\u{e0041}\n", false);
    let server = Server::start(&course);
    let eve = first_sign_in(&server, "eve", &codes["eve"]);
    let spy = r#"import os, runpy, sys
print("hidden:" + "".join(map(chr, HIDDEN)), file=sys.stderr)
for p in ["/etc/shadow", "/etc/ssl/private/ssl-cert-snakeoil.key", "/etc/locale.alias"] + sys.argv[1:]:
    try:
        with open(p, "rb") as f:
            f.read(1)
        print("READ", p, file=sys.stderr)
    except Exception as e:
        print("refused", p, type(e).__name__, file=sys.stderr)
print("uid", os.getuid(), file=sys.stderr)
sys.stderr.flush()
sys.argv = ["bot.py", "--seed", "3"]
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot.py"), run_name="__main__")
"#
    .replace(
        "HIDDEN",
        &format!("{:?}", INVISIBLE.map(|c| c as u32)),
    );
    let mut tar = tar::Builder::new(Vec::new());
    let bot = std::fs::read(root().join("examples/random_bot.py")).unwrap();
    for (name, data) in [
        (
            "tabula.toml",
            br#"command = ["python3", "spy.py", "/usr/share/locale/locale.alias", "/usr/lib/ssl/private"]
"#
            .to_vec(),
        ),
        ("spy.py", spy.as_bytes().to_vec()),
        ("bot.py", bot),
    ] {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        tar.append_data(&mut h, name, data.as_slice()).unwrap();
    }
    let (status, page) = upload(&eve, &server, "spy.tar", tar.into_inner().unwrap());
    assert_eq!(status, StatusCode::OK, "{page}");
    wait_until("the qualification", Duration::from_secs(120), || {
        let page = get(&eve, &server, "/me").1;
        page.contains("passed qualification") || page.contains("failed qualification")
    });
    let logs = course.join("qualify/eve/1/logs");
    let said: String = std::fs::read_dir(&logs)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert!(said.contains("refused /etc/shadow"), "{said}");
    assert!(!said.contains("READ"), "a host file was read:\n{said}");
    let (_, me) = get(&eve, &server, "/me");
    assert!(
        me.contains("passed qualification"),
        "the player still plays"
    );
    // Her name and what her player wrote on stderr are shown with their invisible
    // characters written out, none raw.
    assert!(me.contains("Eve\\u{202e}\\u{e0041}"), "{me}");
    assert!(
        !me.contains('\u{202e}') && !me.contains('\u{e0041}'),
        "{me}"
    );
    let log_link = me
        .split("href=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .find(|l| l.contains("/logs/"))
        .expect("a qualification log link")
        .to_string();
    let (status, log) = get(&eve, &server, &log_link);
    assert_eq!(status, StatusCode::OK);
    let written: String = INVISIBLE.iter().map(|&c| written_out(c)).collect();
    assert!(log.contains(&format!("hidden:{written}")), "{log}");
    for c in INVISIBLE {
        assert!(!log.contains(c), "{} raw in the log's page", written_out(c));
    }
}
