//! The championship's web page, `DIR/index.html`: one self-contained file (no network)
//! with the standings, the crosstable and every game replayable move by move. The page
//! (`report/page.html`, HTML, CSS and JavaScript) draws boards from the rules' view
//! terms, which Rust computes here by replaying each game in the referee's machine:
//! the JavaScript only draws, it knows no rule.

use super::{Championship, Results, frames};
use crate::game::{GameError, Rules};
use crate::referee::game::GameRecord;
use serde_json::{Value, json};

const TEMPLATE: &str = include_str!("report_page.html");
const MARKER: &str = "/*TABULA_DATA*/";
/// Where the board renderer shared by tabula's pages goes.
const BOARD_MARKER: &str = "/*TABULA_BOARD_JS*/";

/// The page for a championship's results.
pub fn page(
    ch: &Championship,
    res: &Results,
    records: &[GameRecord],
    referee: &Rules,
) -> Result<String, GameError> {
    let mut settings = vec![json!(["Game", ch.table.game.title])];
    if !ch.table.options.is_empty() {
        let options: Vec<String> = ch
            .table
            .options
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        settings.push(json!(["Board", options.join(", ")]));
    }
    if let Some(start) = &ch.table.start {
        settings.push(json!(["Start", start]));
    }
    // Under time odds, each player with a limit of its own is named with it.
    let mut move_time = format!("{} s", ch.table.move_ms as f64 / 1000.0);
    for e in &ch.entrants {
        if let Some(ms) = e.move_ms {
            move_time.push_str(&format!("; {}: {} s", e.name, ms as f64 / 1000.0));
        }
    }
    settings.push(json!(["Move time", move_time]));
    settings.push(json!(["Seed", ch.seed.to_string()]));
    // Whether the results can be trusted as far as the players' code goes.
    settings.push(json!([
        "Sandbox",
        match (&ch.table.sandbox, ch.table.ponder) {
            (None, _) => "NONE (--no-sandbox)",
            (Some(_), false) => "on",
            (Some(_), true) => "on, pondering allowed",
        }
    ]));
    settings.push(json!(["Scoring", res.scoring]));
    settings.push(json!([
        "Games",
        format!("{} of {}", res.games_played, res.games_scheduled)
    ]));
    let games: Vec<Value> = records
        .iter()
        .map(|r| {
            let name = |seat: u32| {
                r.players
                    .get((seat as usize).wrapping_sub(1))
                    .cloned()
                    .unwrap_or_default()
            };
            let (winner, result) = match (r.result.as_str(), r.winners.as_slice()) {
                ("tie", _) => (Value::Null, "a tie".to_string()),
                (_, [w]) => (json!(w), format!("{} wins", name(*w))),
                _ => (Value::Null, "no winner".to_string()),
            };
            json!({
                "id": r.id + 1,
                "players": r.players,
                "winner": winner,
                "result": result,
                "reason": r.fault.as_ref().map(|f| format!("{} lost by {}", name(f.player), f.reason)).unwrap_or_default(),
                "moves": r.moves.iter().map(|m| json!({"player": m.player, "move": m.notation, "ms": m.ms})).collect::<Vec<_>>(),
                "frames": frames(referee, &ch.table, r),
            })
        })
        .collect();
    let title = format!("{} championship", ch.table.game.title);
    // The sides' colours, as the first position of the first game draws them.
    let colours = games
        .first()
        .and_then(|g| g.pointer("/frames/0/board/colours").cloned())
        .unwrap_or_else(|| json!([]));
    let mut data = json!({
        "title": title,
        "game": ch.table.game.name,
        "game_title": ch.table.game.title,
        "sides": ch.table.game.sides,
        "colours": colours,
        "palette": crate::game::palette::as_json(),
        "generated": utc_now(),
        "settings": settings,
        "notes": res.notes,
        "standings": res.standings,
        "players": res.players,
        "crosstable": res.crosstable,
        "games": games,
    });
    // A player's words (a fault's reason quotes them, its last words, a name) reach
    // the page as the terminal shows them; the records keep them whole.
    shown_on_page(&mut data);
    let text = serde_json::to_vec(&data).map_err(|e| {
        GameError::json(
            &ch.dir.join("index.html"),
            "cannot write the page's data",
            e,
        )
    })?;
    if !TEMPLATE.contains(MARKER) || !TEMPLATE.contains(BOARD_MARKER) {
        return Err(GameError::Contract(
            "the page template lost its data marker".into(),
        ));
    }
    Ok(TEMPLATE
        .replacen(BOARD_MARKER, crate::game::board::BOARD_JS, 1)
        .replacen(MARKER, &pack(&text)?, 1))
}

/// Every text in the page's data with its control and invisible characters written
/// out (`\u{202e}`), lines kept: the page shows it with `textContent`, which keeps
/// HTML out but not a right-to-left override or a character that draws nothing.
fn shown_on_page(value: &mut Value) {
    match value {
        Value::String(text) => *text = crate::players::untrusted::shown_lines(text),
        Value::Array(values) => values.iter_mut().for_each(shown_on_page),
        Value::Object(fields) => fields.values_mut().for_each(shown_on_page),
        _ => {}
    }
}

/// The page's data, gzipped and in base64: every position of every game repeats most of
/// the one before, so a class's championship shrinks some thirty times (to a few MB
/// rather than a hundred), and base64 cannot close the script element early. The
/// browser unpacks it with its own `DecompressionStream`.
fn pack(json: &[u8]) -> Result<String, GameError> {
    use base64::Engine as _;
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(json)
        .and_then(|()| gz.finish())
        .map(|bytes| base64::engine::general_purpose::STANDARD.encode(bytes))
        .map_err(|e| GameError::Usage(format!("cannot compress the page's data: {e}")))
}

/// The time now as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_date_is_civil() {
        let d = super::utc_now();
        assert!(d.ends_with(" UTC") && d.len() == 20, "{d}");
    }
}
