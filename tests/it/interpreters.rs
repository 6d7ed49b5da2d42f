//! Interpreters as students have them (issue 52): a virtual environment anywhere,
//! named by an absolute or a relative path; an interpreter installed under a home
//! folder (pyenv, conda, uv), which a virtual environment links to; a player folder
//! of mode 0700. Each runs in the sandbox, or is refused in words.

use crate::common::{root, scratch, text};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

fn tools_present() {
    crate::common::tools_present(&["bwrap", "python3"]);
}

/// One game of `player` against random on 5 x 5, run from `cwd`: its record.
fn one_game(player: &str, cwd: &Path, record: &Path) -> Value {
    let _ = std::fs::remove_file(record);
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "match",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--games",
            "1",
            "--p1",
            player,
            "--p2",
            "random",
            "--record",
        ])
        .arg(record)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(
        o.status.success(),
        "{player}: {}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let line = std::fs::read_to_string(record).unwrap_or_default();
    serde_json::from_str(line.lines().next().unwrap_or("{}")).expect("a record")
}

fn played(game: &Value, player: &str) {
    assert!(game.get("fault").is_none(), "{player}: {game}");
    assert!(
        !game["moves"].as_array().is_none_or(Vec::is_empty),
        "{game}"
    );
}

#[test]
fn a_virtual_environment_anywhere_runs_named_either_way() {
    // On main before: "bwrap: execvp …/bin/python: No such file or directory" when the
    // environment lay outside the script's folder, or was named by a relative path.
    tools_present();
    let base = scratch("interp", "venv");
    let venv = base.join("envs").join("venv");
    let made = Command::new("/usr/bin/python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&venv)
        .output()
        .expect("python3 -m venv runs");
    assert!(made.status.success(), "{}", text(&made.stderr));
    std::fs::create_dir_all(base.join("bots")).expect("a folder");
    std::fs::copy(
        root().join("examples/random_bot.py"),
        base.join("bots/random_bot.py"),
    )
    .expect("a copy of the bot");
    let record = base.join("game.jsonl");
    let absolute = format!(
        "cmd:{} {}",
        venv.join("bin/python").display(),
        base.join("bots/random_bot.py").display()
    );
    played(&one_game(&absolute, &root(), &record), &absolute);
    let relative = "cmd:envs/venv/bin/python bots/random_bot.py";
    played(&one_game(relative, &base, &record), relative);
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn an_interpreter_under_a_home_folder_runs_from_a_virtual_environment() {
    // A virtual environment made with an interpreter installed under a home folder
    // (as pyenv, conda and uv install them): its bin/python is a link to
    // HOME/…/bin/python3, and its pyvenv.cfg names that folder. Here the home folder
    // is of mode 0700, as /root is: the sandbox's user gets a copy of the
    // installation. On main before, the link led nowhere in the sandbox.
    tools_present();
    let base = scratch("interp", "home");
    let prefix = base.join("home").join("py");
    std::fs::create_dir_all(prefix.join("bin")).expect("a folder");
    std::fs::create_dir_all(prefix.join("lib")).expect("a folder");
    let python = std::fs::canonicalize("/usr/bin/python3").expect("python3 is installed");
    std::fs::copy(&python, prefix.join("bin/python3")).expect("a copy of python3");
    let venv = base.join("work").join("venv");
    std::fs::create_dir_all(venv.join("bin")).expect("a folder");
    std::os::unix::fs::symlink(prefix.join("bin/python3"), venv.join("bin/python"))
        .expect("a link");
    std::fs::write(
        venv.join("pyvenv.cfg"),
        format!(
            "home = {}\ninclude-system-site-packages = false\n",
            prefix.join("bin").display()
        ),
    )
    .expect("pyvenv.cfg");
    std::fs::create_dir_all(base.join("bots")).expect("a folder");
    std::fs::copy(
        root().join("examples/random_bot.py"),
        base.join("bots/random_bot.py"),
    )
    .expect("a copy of the bot");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(base.join("home"), std::fs::Permissions::from_mode(0o700))
        .expect("mode 0700");
    let record = base.join("game.jsonl");
    let player = "cmd:work/venv/bin/python bots/random_bot.py";
    played(&one_game(player, &base, &record), player);
    std::fs::set_permissions(base.join("home"), std::fs::Permissions::from_mode(0o755))
        .expect("mode 0755");
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_player_folder_of_mode_0700_runs() {
    // On main before: "bwrap: Can't chdir to …: Permission denied" (its readable copy
    // kept mode 0700, as root's).
    tools_present();
    let base = scratch("interp", "private");
    let ana = base.join("ana");
    std::fs::create_dir_all(&ana).expect("a folder");
    std::fs::copy(
        root().join("examples/random_bot.py"),
        ana.join("random_bot.py"),
    )
    .expect("a copy of the bot");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&ana, std::fs::Permissions::from_mode(0o700)).expect("mode 0700");
    let record = base.join("game.jsonl");
    let player = format!("cmd:python3 {}", ana.join("random_bot.py").display());
    played(&one_game(&player, &root(), &record), &player);
    let _ = std::fs::remove_dir_all(&base);
}
