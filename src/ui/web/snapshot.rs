//! What a page is told of a game, as JSON: the board in tabula's board vocabulary
//! (the same JSON the championship page draws), whose turn, the moves a person can
//! make and where on the board each is made (and the move played for them when
//! they have no choice), the moves so far with the computer's
//! reasons and the events in words, and how the game ended. Every fact was asked
//! of the rules; the page only draws it.

use crate::game::board::{Board, label};
use crate::game::{GameInfo, Outcome, Rules, Verdict};
use crate::players::spec::PlayerSpec;
use crate::referee::championship::term_json;
use crate::ui::forced;
use crate::ui::session::Session;
use serde_json::{Value, json};

/// The most moves offered as buttons when none is made on the board.
const MAX_BUTTONS: usize = 12;

/// What the game thread knows beside the session.
pub struct Status<'a> {
    pub thinking: bool,
    pub rules_error: Option<&'a str>,
    pub failure: Option<&'a str>,
    /// What the page calls each seat's player, when not its level's name (a guest).
    pub names: Vec<Option<String>>,
    /// The end of what each guest whose owner plays here wrote on stderr, by seat.
    pub stderr: Vec<(usize, String)>,
    /// Once the game has ended and is kept finished: why, when it ended before its
    /// end (empty when it is over).
    pub finished: Option<&'a str>,
    /// The time each side has spent thinking, and whose turn runs now.
    pub clock: Value,
    /// Each move's time in milliseconds, by ply.
    pub move_ms: Vec<u64>,
    /// The form the game was started with (game, options, seats): a rematch's.
    pub form: Value,
    /// Every position, a ply each, once the game is finished (while it is played,
    /// the pages ask for them: `GET /api/games/ID/positions`).
    pub positions: Option<Vec<Value>>,
}

/// The game as a page draws it.
pub fn of(
    id: u64,
    version: u64,
    game: &GameInfo,
    rules: &Rules,
    session: &Session,
    status: &Status,
) -> Value {
    let facts = &session.facts;
    let state = session.state();
    let board = Board::from_view(&facts.view).map(|mut b| {
        if let Some(last) = session.last() {
            b.mark_last(&last.regions);
        }
        b
    });
    let side = |p: u32| {
        game.sides
            .get((p as usize).wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| format!("Player {}", label(p)))
    };
    let playing = status.failure.is_none() && status.finished.is_none();
    // A move the person has no choice but to make is said, and played for them.
    let forced = session
        .forced_move()
        .filter(|_| playing)
        .zip(facts.to_move)
        .map(|((_, notation), p)| forced::text(&side(p), notation));
    let person_to_move = session.human_to_move().is_some() && playing && forced.is_none();
    // The moves a person can make now, with where each is made on the board.
    let inputs: Vec<Value> = if person_to_move {
        facts
            .inputs
            .iter()
            .map(|(mv, regions)| {
                let regions: Vec<_> = regions.iter().map(|r| r.normalized()).collect();
                // Where else a click makes it (a column), when the rules say.
                let area: Vec<_> = facts
                    .areas
                    .iter()
                    .find(|(m, _)| m == mv)
                    .map(|(_, a)| a.iter().map(|r| r.normalized()).collect())
                    .unwrap_or_default();
                json!({
                    "move": rules.move_text(state, mv).unwrap_or_else(|_| mv.text().to_string()),
                    "regions": regions,
                    "area": area,
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    // Buttons for the moves made nowhere on the board (a pass); and when no move can be
    // made on the board at all now, for the few there are (Othello's forced pass).
    let unplaced: Vec<Value> = if !person_to_move {
        Vec::new()
    } else if facts.inputs.is_empty() && facts.legal.len() <= MAX_BUTTONS {
        facts
            .legal
            .iter()
            .map(|mv| json!({"move": rules.move_text(state, mv).unwrap_or_else(|_| mv.text().to_string())}))
            .collect()
    } else {
        facts
            .unplaced
            .iter()
            .map(|(_, text)| json!({"move": text}))
            .collect()
    };
    // A game whose board shows no places to click lists its moves for the move box.
    let legal: Vec<String> = if person_to_move && facts.inputs.is_empty() {
        facts
            .legal
            .iter()
            .map(|mv| {
                rules
                    .move_text(state, mv)
                    .unwrap_or_else(|_| mv.text().to_string())
            })
            .collect()
    } else {
        Vec::new()
    };
    let moves: Vec<Value> = session.history[1..]
        .iter()
        .filter_map(|p| p.arrival.as_ref())
        .enumerate()
        .map(|(k, a)| {
            json!({
                "player": a.player,
                "move": a.notation,
                "reason": a.reason,
                "events": a.events_text,
                "ms": status.move_ms.get(k),
            })
        })
        .collect();
    let seats: Vec<Value> = session
        .seats
        .iter()
        .enumerate()
        .map(|(k, spec)| {
            json!({
                "seat": k + 1,
                "side": game.sides.get(k).cloned().unwrap_or_else(|| format!("Player {}", label(k as u32 + 1))),
                "player": match (spec, status.names.get(k).and_then(Option::as_ref)) {
                    (_, Some(name)) => name.clone(),
                    (PlayerSpec::Human, _) => "human".to_string(),
                    (PlayerSpec::Builtin(level), _) => level.clone(),
                    _ => "program".to_string(),
                },
            })
        })
        .collect();
    let over = match &facts.outcome {
        Outcome::Ongoing => Value::Null,
        Outcome::Over { scores, result } => {
            let text = match result {
                Verdict::Winner(p) => format!("{} wins", side(*p)),
                Verdict::Tie(ps) if ps.len() == session.seats.len() || ps.is_empty() => {
                    "A draw".to_string()
                }
                Verdict::Tie(ps) => {
                    let names: Vec<String> = ps.iter().map(|p| side(*p)).collect();
                    format!("A tie between {}", names.join(" and "))
                }
            };
            let winners: Vec<u32> = match result {
                Verdict::Winner(p) => vec![*p],
                Verdict::Tie(ps) => ps.clone(),
            };
            json!({"text": text, "scores": scores, "winners": winners})
        }
    };
    // A finished game says so, and how: its end, or why it ended before it.
    let finished = match (status.finished, over["text"].as_str()) {
        (None, _) => Value::Null,
        (Some(""), Some(end)) => json!({"text": end}),
        (Some(why), _) => json!({"text": why}),
    };
    let position_text = if board.is_none() {
        rules.position_text(state).ok().flatten()
    } else {
        None
    };
    let mut snapshot = json!({
        "id": id,
        "version": version,
        "game": game.name,
        "title": game.title,
        "notation_hint": game.notation_hint,
        "sides": game.sides,
        "seats": seats,
        "board": board,
        "term": if board.is_none() { term_json(&facts.view) } else { Value::Null },
        "position_text": position_text,
        "to_move": facts.to_move,
        "scores": session.scores(),
        "inputs": inputs,
        "unplaced": unplaced,
        "legal": legal,
        "person_to_move": person_to_move,
        "forced": forced,
        "moves": moves,
        "over": over,
        "finished": finished,
        "thinking": status.thinking,
        "rules_error": status.rules_error,
        "failure": status.failure,
        "can_undo": session.history.len() > 1,
        "stderr": status
            .stderr
            .iter()
            .map(|(seat, text)| json!({"seat": seat, "text": text}))
            .collect::<Vec<_>>(),
        "clock": status.clock,
        "form": status.form,
    });
    if let Some(positions) = &status.positions {
        snapshot["positions"] = json!(positions);
    }
    snapshot
}
