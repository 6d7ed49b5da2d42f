//! A student's file runs nowhere but in a sandbox, from the first byte tabula reads of
//! it (issue 52): the check that a `.pl` entrant loads, in `tabula match`, `tabula
//! tournament`, a shard and the site's qualification, runs the file's directives in
//! the entrant's sandbox, with a time limit of its own. Every check is made from
//! outside: files on the host, the logs, the records, the processes left.

use crate::common::{processes_with, records, root, scratch, tabula_with, text, token};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bwrap_present() {
    crate::common::tools_present(&["bwrap"]);
}

/// Every log file under `dir`, joined.
fn logs_under(dir: &Path) -> String {
    let mut all = String::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "log") {
                all.push_str(&text(&std::fs::read(&path).unwrap_or_default()));
            }
        }
    }
    all
}

/// Runs tabula in the source tree, killed if it has not ended after `limit` (a
/// load that never ends must not hang a championship: a hang fails here).
fn tabula_within(args: &[&str], env: &[(&str, &str)], limit: Duration) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("tabula runs");
    let started = Instant::now();
    while child.try_wait().ok().flatten().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let o = child.wait_with_output().expect("tabula ends");
            panic!(
                "tabula {} still ran after {limit:?}\n{}\n{}",
                args.join(" "),
                text(&o.stdout),
                text(&o.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("tabula ends")
}

/// A Breakthrough player file whose directive tries, as it loads, what the issue's
/// attacker did: say who and where it runs and what it was given, write a file on
/// the host, read the host's secrets, and leave a process behind (holding `mark`).
fn hostile_loader(dir: &Path, mark: &str, host_file: &Path) -> PathBuf {
    let file = dir.join(format!("{mark}.pl"));
    let script = format!(
        "(id; hostname; echo $TABULA_TEST_SECRET; head -c 64 /etc/shadow) > {host} 2>&1; \
         echo LOADED-AS uid=$(id -u) host=$(hostname) secret=[$TABULA_TEST_SECRET] >&2; \
         sh -c 'sleep 300; echo {mark}' > /dev/null 2>&1 &",
        host = host_file.display()
    );
    std::fs::write(
        &file,
        format!(
            "% Runs a shell as it loads, and then plays the first legal move.\n\
             :- use_module(library(os)).\n\
             :- initialization((setenv(\"SHELL\", \"/bin/sh\"), shell({script:?}))).\n\
             choose_move(State, _, Move) :- breakthrough:legal_moves(State, [Move|_]).\n"
        ),
    )
    .expect("a player file");
    file
}

/// What every run with the hostile loader must show from outside.
fn nothing_ran_outside(host_file: &Path, mark: &str, logs: &str, secret: &str) {
    assert!(
        !host_file.exists(),
        "the directive wrote on the host: {}",
        std::fs::read_to_string(host_file).unwrap_or_default()
    );
    assert!(
        logs.contains("LOADED-AS uid=65534 host=tabula secret=[]"),
        "it loaded in the sandbox, as nobody, with no secret: {logs}"
    );
    assert!(!logs.contains(secret), "{logs}");
    let left = processes_with(mark);
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_players_directives_run_only_in_its_sandbox() {
    bwrap_present();
    let dir = scratch("loading", "directives");
    let mark = token("LOADER");
    let secret = token("SECRET");
    let host_file = dir.join(format!("ran-{mark}.txt"));
    let player = hostile_loader(&dir, &mark, &host_file);
    let player_arg = player.to_string_lossy().into_owned();
    let env = [("TABULA_TEST_SECRET", secret.as_str())];

    // A match: the early check, then its games.
    let logs = dir.join("logs");
    let logs_arg = logs.to_string_lossy().into_owned();
    let o = tabula_with(
        &[
            "match",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--games",
            "2",
            "--p1",
            "random",
            "--p2",
            &player_arg,
            "--logs",
            &logs_arg,
        ],
        &env,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let check: String = std::fs::read_dir(&logs)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("check-"))
        .map(|e| text(&std::fs::read(e.path()).unwrap_or_default()))
        .collect();
    assert!(check.contains("LOADED-AS"), "the check's log: {check}");
    nothing_ran_outside(&host_file, &mark, &logs_under(&logs), &secret);

    // A championship, and a shard of one.
    for (name, extra) in [("whole", vec![]), ("shard", vec!["--shard", "1/2"])] {
        let out = dir.join(name);
        let out_arg = out.to_string_lossy().into_owned();
        let entrant = format!("evil={player_arg}");
        let mut args = vec![
            "tournament",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--player",
            &entrant,
            "--player",
            "calm=random",
            "--out",
            &out_arg,
        ];
        args.extend(extra);
        let o = tabula_with(&args, &env);
        assert!(o.status.success(), "{name}: {}", text(&o.stderr));
        nothing_ran_outside(&host_file, &mark, &logs_under(&out), &secret);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_load_that_never_ends_is_a_fault_said_in_words() {
    bwrap_present();
    let dir = scratch("loading", "endless");
    let mark = token("ENDLESS");
    let player = dir.join(format!("{mark}.pl"));
    std::fs::write(
        &player,
        "% Never finishes loading.\n:- initialization(forever).\nforever :- forever.\n\
         choose_move(State, _, Move) :- breakthrough:legal_moves(State, [Move|_]).\n",
    )
    .expect("a player file");
    let player_arg = player.to_string_lossy().into_owned();
    let limit = Duration::from_secs(180);

    // A match refuses to start, naming the file.
    let o = tabula_within(
        &[
            "match",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--games",
            "2",
            "--p1",
            &player_arg,
            "--p2",
            "random",
        ],
        &[],
        limit,
    );
    assert!(!o.status.success());
    let said = text(&o.stderr);
    assert!(
        said.contains(&format!("{player_arg}: did not finish loading in 10 s")),
        "{said}"
    );

    // A championship plays on: the file loses each of its games at their start.
    let out = dir.join("champ");
    let out_arg = out.to_string_lossy().into_owned();
    let entrant = format!("endless={player_arg}");
    let o = tabula_within(
        &[
            "tournament",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--player",
            &entrant,
            "--player",
            "calm=random",
            "--player",
            "keen=greedy",
            "--out",
            &out_arg,
        ],
        &[],
        limit,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("warning: endless: ") && text(&o.stderr).contains("10 s"),
        "{}",
        text(&o.stderr)
    );
    let games = records(&out);
    assert!(!games.is_empty());
    for g in &games {
        let players: Vec<&str> = g["players"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let fault = &g["fault"];
        if players.contains(&"endless") {
            let seat = fault["player"].as_u64().unwrap_or(0) as usize;
            assert_eq!(players.get(seat.wrapping_sub(1)), Some(&"endless"), "{g}");
            assert!(
                fault["reason"]
                    .as_str()
                    .unwrap_or("")
                    .ends_with("did not finish loading in 10 s"),
                "{g}"
            );
        } else {
            assert!(fault.is_null(), "{g}");
        }
    }
    let left = processes_with(&mark);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "site")]
#[test]
fn a_students_directives_cannot_reach_the_site() {
    // The attack through the site: an upload whose directive reads site.db,
    // lists the submissions and writes into the course folder, as the site's user.
    // It must qualify or fail in words, and reach none of it.
    use crate::common::site::*;
    bwrap_present();
    let course = course("directive", "breakthrough", |t| {
        t.replace("first_day = ", "# first_day = ")
    });
    let codes = import(&course, "mallory,Mallory\n", false);
    let server = Server::start(&course);
    let m = first_sign_in(&server, "mallory", &codes["mallory"]);
    let mark = token("SITEDIR");
    let pwned = course.join(format!("pwned-{mark}"));
    let script = format!(
        "for f in $(find / -name site.db 2>/dev/null) {course}/site.db; do \
         echo DB $f $(head -c 15 $f 2>&1) >&2; done; \
         ls -R {course}/submissions >&2; touch {pwned}; \
         sh -c 'sleep 300; echo {mark}' > /dev/null 2>&1 &",
        course = course.display(),
        pwned = pwned.display()
    );
    let file = format!(
        ":- use_module(library(os)).\n\
         :- initialization((setenv(\"SHELL\", \"/bin/sh\"), shell({script:?}))).\n\
         choose_move(State, _, Move) :- breakthrough:legal_moves(State, Moves), \
         length(Moves, N), I is N // 2, nth0(I, Moves, Move).\n\
         :- use_module(library(lists)).\n"
    );
    let (status, page) = upload(&m, &server, "player.pl", file.into_bytes());
    assert_eq!(status.as_u16(), 200, "{page}");
    wait_until("the qualification", Duration::from_secs(180), || {
        let page = get(&m, &server, "/me").1;
        page.contains("passed qualification") || page.contains("failed qualification")
    });
    assert!(!pwned.exists(), "the directive wrote into the course");
    // Nothing it wrote anywhere holds the database's first bytes.
    let logs = logs_under(&course);
    assert!(!logs.contains("SQLite format"), "{logs}");
    let left = processes_with(&mark);
    assert!(left.is_empty(), "left running: {left:?}");
}
