//! A championship's records on disk: reading `games.jsonl` and appending to it,
//! checking every record against the schedule and replaying it under the rules before
//! it is adopted, and the lock by which one runner at a time holds the folder.

use super::schedule::{Pairing, game_seed};
use super::{Championship, io_error};
use crate::game::{GameError, Outcome, Rules, Verdict};
use crate::referee::game::{GameRecord, Table, start_state};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// The file a runner locks for as long as it runs, holding its PID.
pub const LOCK_FILE: &str = ".lock";

/// A runner's exclusive hold on a championship's folder: an advisory lock (`flock`)
/// on `DIR/.lock`, whose text is the holder's PID. The kernel drops the lock when
/// the process ends, however it ends, so a killed run never blocks its resume.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

/// Takes the folder (creating it) for this process, or says which process has it.
pub fn lock_folder(dir: &Path) -> Result<FolderLock, GameError> {
    fs::create_dir_all(dir).map_err(|e| {
        GameError::Usage(format!(
            "{}: cannot hold the championship there: {e}",
            dir.display()
        ))
    })?;
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| io_error(&path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let who = holder(&path).map_or("another tabula".to_string(), |pid| {
                format!("another tabula (PID {pid})")
            });
            return Err(GameError::Usage(format!(
                "{}: {who} is running this championship; wait for it to finish or stop it",
                dir.display()
            )));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(GameError::Usage(format!(
                "{}: cannot lock the championship's folder: {e}",
                path.display()
            )));
        }
    }
    // Only the holder writes, so the text is a PID or (for a moment) empty.
    file.set_len(0)
        .and_then(|_| file.write_all(format!("{}\n", std::process::id()).as_bytes()))
        .and_then(|_| file.flush())
        .map_err(|e| io_error(&path, e))?;
    Ok(FolderLock { _file: file })
}

/// The PID in a lock file; the holder writes it just after locking, so a runner
/// that finds the lock taken waits a moment for it.
fn holder(path: &Path) -> Option<u32> {
    for _ in 0..25 {
        if let Some(pid) = fs::read_to_string(path)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return Some(pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    None
}

/// The records of a folder: the readable ones, and warnings about the lines dropped
/// (unreadable, or torn). Whether they belong to a championship is [`check_record`]'s
/// question.
pub fn read_records(path: &Path) -> Result<(Vec<GameRecord>, Vec<String>), GameError> {
    let (records, warnings) = read_numbered(path)?;
    Ok((records.into_iter().map(|(_, r)| r).collect(), warnings))
}

/// Records with the number of their line in the file (from 1).
pub(super) type Numbered = Vec<(usize, GameRecord)>;

/// The readable records of a file with their line numbers, and warnings.
pub(super) fn read_numbered(path: &Path) -> Result<(Numbered, Vec<String>), GameError> {
    let text = match fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
        Err(e) => return Err(io_error(path, e)),
    };
    let mut records = Vec::new();
    let mut warnings = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    let last = lines.len().saturating_sub(1);
    for (k, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            // The last line counts only when its newline was written too.
            Ok(record) if k < last => records.push((k + 1, record)),
            _ if k == last => warnings.push(format!(
                "{}: the last line is torn (the run was stopped while writing it): dropped, its game is played again",
                path.display()
            )),
            Err(e) => warnings.push(format!(
                "{}:{}: not a game record ({e}): dropped, its game is played again",
                path.display(),
                k + 1
            )),
            Ok(_) => {}
        }
    }
    Ok((records, warnings))
}

/// Text from a file, fit for a one-line message: control characters escaped, at
/// most 40 characters (a forged record may hold anything).
pub(super) fn shown(text: &str) -> String {
    let mut s: String = text
        .chars()
        .take(40)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// Why `r` is not a record this championship (id `id`, schedule `plan`) could have
/// written, in words that follow "game N (a vs b) "; `None` when it is one. Besides
/// the schedule's pairing, seed, board and start, its moves are replayed with the
/// rules: each must be legal and by the player to move, and a game that ended on
/// the board must end as the rules say (result, winners, scores); a fault must end a
/// game still going. Errors are the rules' own, not the record's.
pub fn check_record(
    ch: &Championship,
    id: &str,
    plan: &[Pairing],
    referee: &Rules,
    r: &GameRecord,
) -> Result<Option<String>, GameError> {
    match r.championship.as_deref() {
        Some(c) if c == id => {}
        Some(c) => {
            return Ok(Some(format!(
                "belongs to another championship ({}, this one is {id})",
                shown(c)
            )));
        }
        None => {
            return Ok(Some(
                "names no championship (written by an older tabula, or by hand)".into(),
            ));
        }
    }
    let Some(p) = plan.get(r.id) else {
        return Ok(Some(format!(
            "is not in the schedule, which has {} games",
            plan.len()
        )));
    };
    let seats = [&ch.entrants[p.first], &ch.entrants[p.second]];
    let names: Vec<String> = seats.iter().map(|e| e.name.clone()).collect();
    let specs: Vec<String> = seats.iter().map(|e| e.spec.to_string()).collect();
    if r.players != names {
        let theirs: Vec<String> = r.players.iter().map(|n| shown(n)).collect();
        return Ok(Some(format!(
            "does not match the schedule (its players are {})",
            theirs.join(" vs ")
        )));
    }
    if r.specs != specs {
        let theirs: Vec<String> = r.specs.iter().map(|n| shown(n)).collect();
        return Ok(Some(format!(
            "does not match the schedule (its players were played by {})",
            theirs.join(" and ")
        )));
    }
    let seed = game_seed(ch.seed, r.id);
    if r.seed != seed {
        return Ok(Some(format!(
            "does not match the schedule (its seed is {}, the schedule's {seed})",
            r.seed
        )));
    }
    if r.options != ch.table.options || r.start != ch.table.start {
        return Ok(Some(
            "was played on another board or from another start".into(),
        ));
    }
    replay(referee, &ch.table, r)
}

/// The words of a result, for a record's stated result against the rules'.
fn verdict_words(result: &str, winners: &[u32], players: &[String]) -> String {
    let name = |p: u32| {
        players
            .get((p as usize).wrapping_sub(1))
            .map_or_else(|| format!("player {p}"), |n| shown(n))
    };
    match (result, winners) {
        ("winner", [w]) => format!("{} won", name(*w)),
        ("tie", _) => "a tie".into(),
        (other, ws) => {
            let ws: Vec<String> = ws.iter().map(|w| name(*w)).collect();
            format!("{} with winners [{}]", shown(other), ws.join(", "))
        }
    }
}

/// Replays `r`'s moves from the table's start; see [`check_record`].
fn replay(referee: &Rules, table: &Table, r: &GameRecord) -> Result<Option<String>, GameError> {
    let mut state = start_state(referee, table)?;
    for (k, m) in r.moves.iter().enumerate() {
        let k = k + 1;
        let notation = shown(&m.notation);
        if let Outcome::Over { .. } = referee.outcome(&state)? {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, comes after the end)"
            )));
        }
        let to_move = referee.to_move(&state)?;
        if to_move != Some(m.player) {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is by player {}, but {} was to move)",
                m.player,
                to_move.map_or("nobody".to_string(), |p| format!("player {p}"))
            )));
        }
        let Some(mv) = referee.parse_move(&state, &m.notation)? else {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is no move)"
            )));
        };
        let Some((next, _)) = referee.apply(&state, &mv)? else {
            let why = referee
                .explain_illegal(&state, &mv)?
                .unwrap_or_else(|| "not a legal move".into());
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is illegal: {})",
                shown(&why)
            )));
        };
        state = next;
    }
    let stated = verdict_words(&r.result, &r.winners, &r.players);
    let moves = r.moves.len();
    match (r.result.as_str(), referee.outcome(&state)?) {
        ("winner" | "tie", Outcome::Ongoing) => Ok(Some(format!(
            "is not as the rules play it (it says {stated} after {moves} moves, but the game goes on there)"
        ))),
        ("winner" | "tie", Outcome::Over { scores, result }) => {
            let (result, winners) = match result {
                Verdict::Winner(p) => ("winner", vec![p]),
                Verdict::Tie(ps) => ("tie", ps),
            };
            if r.result != result || r.winners != winners {
                let actual = verdict_words(result, &winners, &r.players);
                return Ok(Some(format!(
                    "is not as the rules play it (it says {stated}, the rules say {actual})"
                )));
            }
            if r.scores != scores {
                return Ok(Some(format!(
                    "is not as the rules play it (its scores are {:?}, the rules' {scores:?})",
                    r.scores
                )));
            }
            if r.fault.is_some() {
                return Ok(Some(
                    "is not as the rules play it (it ended on the board, yet names a fault)".into(),
                ));
            }
            Ok(None)
        }
        ("fault", Outcome::Over { .. }) => Ok(Some(format!(
            "is not as the rules play it (a fault ends it after move {moves}, when the game was already over)"
        ))),
        ("fault", Outcome::Ongoing) => {
            let n = referee.players(&state)?;
            let Some(f) = &r.fault else {
                return Ok(Some(
                    "is not as the rules play it (it says a fault ended it, but names none)".into(),
                ));
            };
            if f.player == 0 || f.player > n {
                return Ok(Some(format!(
                    "is not as the rules play it (a fault by player {}, in a game of {n})",
                    f.player
                )));
            }
            // Everyone but the faulty player wins, as the referee scores a fault.
            let winners: Vec<u32> = (1..=n).filter(|p| *p != f.player).collect();
            let scores: Vec<i64> = (1..=n).map(|p| i64::from(p != f.player)).collect();
            if r.winners != winners || r.scores != scores {
                return Ok(Some(format!(
                    "is not as the rules play it (it says {stated}, but player {} lost by a fault)",
                    f.player
                )));
            }
            Ok(None)
        }
        (other, _) => Ok(Some(format!(
            "is not as the rules play it (its result is {:?})",
            shown(other)
        ))),
    }
}

/// "game N (a vs b)": the names from the schedule when the game is in it.
pub(super) fn game_label(ch: &Championship, plan: &[Pairing], r: &GameRecord) -> String {
    let names: Vec<String> = match plan.get(r.id) {
        Some(p) => vec![
            ch.entrants[p.first].name.clone(),
            ch.entrants[p.second].name.clone(),
        ],
        None => r.players.iter().map(|n| shown(n)).collect(),
    };
    format!("game {} ({})", r.id.wrapping_add(1), names.join(" vs "))
}

/// Appends one record as a line and makes sure it is on disk before returning.
pub(super) fn append_record(
    file: &mut File,
    record: &GameRecord,
    path: &Path,
) -> Result<(), GameError> {
    let mut line = serde_json::to_string(record)
        .map_err(|e| GameError::json(path, "cannot write a record", e))?;
    line.push('\n');
    file.write_all(line.as_bytes())
        .and_then(|_| file.flush())
        .and_then(|_| file.sync_data())
        .map_err(|e| io_error(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::championship::tests::championship;
    use crate::referee::championship::{Settings, schedule};
    use crate::referee::game::{FaultRecord, MoveRecord};

    /// Game `id` as the referee would record it, both sides played by greedy.
    fn honest(ch: &Championship, referee: &Rules, id: usize) -> GameRecord {
        let plan = schedule(ch.entrants.len(), ch.self_games);
        let p = plan[id];
        let seats = [&ch.entrants[p.first], &ch.entrants[p.second]];
        let mut state = start_state(referee, &ch.table).unwrap();
        let mut moves = Vec::new();
        let (scores, result) = loop {
            if let Outcome::Over { scores, result } = referee.outcome(&state).unwrap() {
                break (scores, result);
            }
            let player = referee.to_move(&state).unwrap().unwrap();
            let (mv, _) = referee.choose_move("greedy", &state, 100).unwrap();
            moves.push(MoveRecord {
                player,
                notation: referee.move_text(&state, &mv).unwrap(),
                ms: 1,
            });
            state = referee.apply(&state, &mv).unwrap().unwrap().0;
        };
        let (result, winners) = match result {
            Verdict::Winner(w) => ("winner", vec![w]),
            Verdict::Tie(ws) => ("tie", ws),
        };
        GameRecord {
            id,
            game: None,
            championship: Some(Settings::of(ch).id),
            players: seats.iter().map(|e| e.name.clone()).collect(),
            specs: seats.iter().map(|e| e.spec.to_string()).collect(),
            options: ch.table.options.clone(),
            start: None,
            seed: game_seed(ch.seed, id),
            move_ms: Vec::new(),
            moves,
            scores,
            result: result.into(),
            winners,
            fault: None,
        }
    }

    #[test]
    fn only_records_the_schedule_and_the_rules_produce_are_adopted() {
        let ch = championship();
        let id = Settings::of(&ch).id;
        let plan = schedule(2, true);
        let referee = Rules::load(ch.table.game, None).unwrap();
        let check = |r: &GameRecord| check_record(&ch, &id, &plan, &referee, r).unwrap();
        let good = honest(&ch, &referee, 1);
        assert!(good.moves.len() > 2);
        assert_eq!(check(&good), None);
        let rejected = |change: &dyn Fn(&mut GameRecord), words: &str| {
            let mut r = good.clone();
            change(&mut r);
            let why = check(&r).unwrap_or_else(|| panic!("adopted: {r:?}"));
            assert!(why.contains(words), "{why}");
        };
        rejected(&|r| r.championship = None, "names no championship");
        rejected(
            &|r| r.championship = Some("0123".into()),
            "another championship",
        );
        rejected(&|r| r.id = 9, "not in the schedule, which has 4 games");
        rejected(&|r| r.players.reverse(), "its players are alice vs bob");
        rejected(&|r| r.specs[0] = "greedy".into(), "played by");
        rejected(&|r| r.seed += 1, "its seed");
        rejected(&|r| r.options[0].1 = "5".into(), "another board");
        // The winner flipped, as a loser would forge it.
        rejected(
            &|r| {
                r.winners = vec![3 - r.winners[0]];
                r.scores.reverse();
            },
            "the rules say",
        );
        rejected(&|r| r.scores = vec![5, 5], "scores");
        rejected(&|r| r.moves[1].notation = "a1-a4".into(), "move 2, a1-a4");
        rejected(&|r| r.moves[0].notation = "nonsense".into(), "is no move");
        rejected(&|r| r.moves[0].player = 2, "is by player 2");
        rejected(&|r| r.moves.truncate(2), "the game goes on");
        rejected(&|r| r.result = "draw".into(), "its result");
        rejected(
            &|r| {
                r.result = "fault".into();
                r.fault = Some(FaultRecord {
                    player: 1,
                    reason: "timeout: 9 s".into(),
                });
            },
            "already over",
        );
        rejected(
            &|r| {
                r.fault = Some(FaultRecord {
                    player: 1,
                    reason: "timeout: 9 s".into(),
                })
            },
            "names a fault",
        );
        // A fault ending a game still going stands (only the referee saw the clock),
        // with the points as the referee gives them.
        let mut fault = good.clone();
        fault.moves.truncate(2);
        fault.result = "fault".into();
        fault.winners = vec![2];
        fault.scores = vec![0, 1];
        fault.fault = Some(FaultRecord {
            player: 1,
            reason: "timeout: 1.2 s".into(),
        });
        assert_eq!(check(&fault), None);
        fault.winners = vec![1];
        assert!(check(&fault).unwrap().contains("lost by a fault"));
    }

    #[test]
    fn one_runner_holds_a_folder_and_forged_text_is_shown_tamed() {
        let dir = std::env::temp_dir().join(format!("tabula-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let held = lock_folder(&dir).unwrap();
        // flock locks belong to an open file: a second open in this process conflicts
        // as another process's would.
        let err = lock_folder(&dir).unwrap_err().to_string();
        assert!(
            err.contains(&format!("another tabula (PID {})", std::process::id())),
            "{err}"
        );
        drop(held);
        assert!(lock_folder(&dir).is_ok());
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(shown("a\nb\u{1b}[2J"), "a\\nb\\u{1b}[2J");
        assert!(shown(&"x".repeat(100)).ends_with("x…"));
    }
}
