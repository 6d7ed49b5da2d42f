//! The files a championship writes from its results: `standings.json`,
//! `standings.csv` and the web page (with every game's positions, [`frames`]), each
//! written atomically.

use super::{Championship, Results, io_error};
use crate::engine::term::{self, Term};
use crate::game::{GameError, Rules};
use crate::referee::game::{GameRecord, Table, start_state};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `standings.json`, `standings.csv` and `index.html` into the folder.
pub fn write_outputs(
    ch: &Championship,
    res: &Results,
    records: &[GameRecord],
    referee: &Rules,
) -> Result<Vec<PathBuf>, GameError> {
    let json_path = ch.dir.join("standings.json");
    let json = serde_json::to_string_pretty(res)
        .map_err(|e| GameError::json(&json_path, "cannot write the standings", e))?;
    write_atomically(&json_path, &(json + "\n"))?;

    let csv_path = ch.dir.join("standings.csv");
    let mut csv = String::from(
        "rank,player,spec,points,games,valid_percent,faults,group,grade,late_days,elo,elo_error\n",
    );
    for s in &res.standings {
        csv.push_str(&format!(
            "{},{},{},{},{},{:.1},{},{},{},{},{:.0},{:.0}\n",
            s.rank,
            csv_field(&s.name),
            csv_field(&s.spec),
            s.points,
            s.games,
            s.valid,
            s.faults,
            s.group,
            s.grade.map_or(String::new(), |g| format!("{g:.2}")),
            s.late_days,
            s.elo,
            s.elo_error
        ));
    }
    write_atomically(&csv_path, &csv)?;

    let html_path = ch.dir.join("index.html");
    let html = crate::referee::championship::report::page(ch, res, records, referee)?;
    write_atomically(&html_path, &html)?;
    Ok(vec![json_path, csv_path, html_path])
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes `text` to `path` so that a reader, or a crash, finds either the old file or
/// the whole new one: a temporary file in the same folder, synced, renamed over it.
pub(super) fn write_atomically(path: &Path, text: &str) -> Result<(), GameError> {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    // Named for this process: two writers never share a temporary file.
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&tmp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        })
        .and_then(|_| fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(io_error(path, e));
    }
    // The rename is on disk once the folder is; a file system that cannot sync a
    // folder still has the file whole, old or new.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Every position of a game, replayed in the referee's machine: the frames of the web
/// page's viewer, each `{board, to_move, scores}` with the board in the vocabulary of
/// [`crate::game::board`] and the last move marked (a view that is not a board comes as
/// `{term}`, which the page names as such).
pub fn frames(referee: &Rules, table: &Table, record: &GameRecord) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    let Ok(mut state) = start_state(referee, table) else {
        return out;
    };
    let frame = |state: &crate::game::State,
                 last: &[crate::game::board::Region]|
     -> Option<serde_json::Value> {
        let view = referee.view(state).ok()?;
        let to_move = referee.to_move(state).ok()?;
        let scores = referee.scores(state).ok()?;
        Some(match crate::game::board::Board::from_view(&view) {
            Some(mut board) => {
                board.mark_last(last);
                serde_json::json!({"board": board, "to_move": to_move, "scores": scores})
            }
            None => serde_json::json!({"term": term_json(&view), "to_move": to_move}),
        })
    };
    match frame(&state, &[]) {
        Some(f) => out.push(f),
        None => return out,
    }
    for m in &record.moves {
        let Ok(Some(mv)) = referee.parse_move(&state, &m.notation) else {
            break;
        };
        let last = referee.move_regions(&state, &mv).unwrap_or_default();
        let Ok(Some((next, _))) = referee.apply(&state, &mv) else {
            break;
        };
        state = next;
        match frame(&state, &last) {
            Some(f) => out.push(f),
            None => break,
        }
    }
    out
}

/// A Prolog term as JSON: numbers, atoms as strings, lists (and strings, which are
/// lists of characters) as arrays, compounds as {"f": name, "a": [args]}.
pub fn term_json(t: &Term) -> serde_json::Value {
    use serde_json::{Value, json};
    match t {
        Term::Integer(_) => term::as_i64(t).map_or(Value::Null, |i| json!(i)),
        Term::Float(f) => json!(f),
        Term::Atom(a) if a == "[]" => json!([]),
        Term::Atom(a) => json!(a),
        Term::String(s) => Value::Array(s.chars().map(|c| json!(c.to_string())).collect()),
        Term::List(items) => Value::Array(items.iter().map(term_json).collect()),
        Term::Compound(name, args) => {
            json!({"f": name, "a": args.iter().map(term_json).collect::<Vec<_>>()})
        }
        other => json!(term::to_text(other)),
    }
}
