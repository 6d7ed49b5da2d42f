//! A GDL file (`.kif`) is a game wherever a `.pl` file is: listed by `tabula games` when
//! it is dropped where games are found, asked at the REPL, played in a match whose
//! players are sandboxed, named as a course's game; its translation is kept until the
//! file changes, and a file that is not sound GDL is refused with its line.

use crate::common::{root, scratch, tabula, tabula_piped, tabula_with, text};
use std::path::Path;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

#[test]
fn a_gdl_file_dropped_among_the_games_is_listed_and_played_by_its_name() {
    let dir = scratch("gdl", "catalog");
    let prolog = dir.join("prolog");
    copy_tree(&root().join("prolog"), &prolog);
    std::fs::create_dir_all(prolog.join("games/gdl")).unwrap();
    std::fs::copy(
        root().join("examples/gdl/tictactoe.kif"),
        prolog.join("games/gdl/noughts.kif"),
    )
    .unwrap();
    let cache = dir.join("cache");
    let env = [
        ("TABULA_PROLOG", prolog.to_str().unwrap()),
        ("XDG_CACHE_HOME", cache.to_str().unwrap()),
    ];
    let out = tabula_with(&["games"], &env);
    let listed = text(&out.stdout);
    assert!(out.status.success(), "{listed}{}", text(&out.stderr));
    assert!(
        listed
            .lines()
            .any(|l| l.contains("noughts") && l.contains("Noughts")),
        "{listed}"
    );
    // Translated once, kept in the cache; asked by its name afterwards.
    let kept = || std::fs::read_dir(cache.join("tabula/gdl")).unwrap().count();
    assert_eq!(kept(), 1);
    let out = tabula_with(
        &[
            "query",
            "noughts",
            "noughts:initial_state([], S), noughts:legal_moves(S, Ms), length(Ms, N)",
        ],
        &env,
    );
    assert!(
        text(&out.stdout).contains("N = 9"),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(kept(), 1, "an unchanged file is not translated again");
    // An edited file is translated again; a broken one is refused with its line.
    let file = prolog.join("games/gdl/noughts.kif");
    let rules = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("; edited\n{rules}")).unwrap();
    let out = tabula_with(&["check", file.to_str().unwrap()], &env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(kept(), 2);
    std::fs::write(
        &file,
        format!("{rules}\n(<= (legal ?p (mark ?x ?y)) (true (control ?p)))\n"),
    )
    .unwrap();
    let out = tabula_with(&["check", file.to_str().unwrap()], &env);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    let last = rules.lines().count() + 2;
    assert!(
        said.contains(&format!(
            "noughts.kif:{last}: unsafe rule for legal: ?x in the head"
        )),
        "{said}"
    );
    assert!(said.contains("not a sound GDL game (2 errors)"), "{said}");
}

#[test]
fn the_repl_asks_the_translated_rules() {
    let out = tabula_piped(
        &["repl", "examples/gdl/tictactoe.kif"],
        "tictactoe:initial_state([], S), tictactoe:legal_moves(S, Ms), length(Ms, N).\n",
    );
    let said = text(&out.stdout);
    assert!(said.contains("N = 9"), "{said}{}", text(&out.stderr));
}

#[test]
fn a_match_on_a_gdl_game_runs_its_players_in_the_sandbox() {
    crate::common::tools_present(&["bwrap"]);
    let out = tabula(&[
        "match",
        "examples/gdl/tictactoe.kif",
        "--p1",
        "mcts",
        "--p2",
        "random",
        "--games",
        "2",
        "--move-time",
        "0.2",
    ]);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert!(said.contains("2 games, mcts vs random"), "{said}");
    assert!(!said.contains("FORFEIT"), "{said}");
}

#[cfg(feature = "site")]
#[test]
fn a_course_s_game_may_be_a_gdl_file() {
    let dir = scratch("gdl", "course");
    let course = dir.join("course");
    let kif = root().join("examples/gdl/tictactoe.kif");
    let out = tabula(&[
        "site",
        "init",
        course.to_str().unwrap(),
        "--game",
        kif.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let config = std::fs::read_to_string(course.join("course.toml")).unwrap();
    assert!(
        config.contains(&format!("game = {:?}", kif.to_str().unwrap())),
        "{config}"
    );
    // The course's configuration is read back (its game found) by the next command.
    let out = tabula(&[
        "site",
        "users",
        "add",
        course.to_str().unwrap(),
        "ana",
        "--teacher",
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}
