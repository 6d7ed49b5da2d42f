//! The referee: plays one game between computer players, each in its own Prolog
//! engine, asks the rules (in the referee's engine) whether every answer is legal,
//! times every move, and keeps a record of it all.

use crate::game::{GameError, Outcome, Rules, State, Verdict};
use crate::player::PlayerSpec;
use crate::term::{self, Term};
use serde::Serialize;
use std::time::Instant;

/// A computer player at the table: its level, and the engine it thinks in.
pub struct Contestant {
    pub spec: PlayerSpec,
    pub rules: Rules,
}

/// One move as played.
#[derive(Debug, Clone, Serialize)]
pub struct MoveRecord {
    /// The player who moved (1-based, in the game's order).
    pub player: u32,
    /// The move in the game's canonical notation.
    pub notation: String,
    /// Wall-clock milliseconds the player took.
    pub ms: u64,
    /// Why the player chose it, as it said.
    pub reason: String,
}

/// A whole game.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    /// Which contestant sat at each seat, in the game's player order.
    pub players: Vec<String>,
    pub options: String,
    pub seed: u64,
    pub moves: Vec<MoveRecord>,
    /// Final points in the game's player order.
    pub scores: Vec<i64>,
    /// `winner` or `tie`, or `forfeit` when a player broke the rules.
    pub result: String,
    /// The winning players (1-based; several for a tie).
    pub winners: Vec<u32>,
    /// Why a game was forfeited: the player (1-based) and what it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<(u32, String)>,
}

/// Plays a game from `options` with `seats[k]` as player k+1. A player that fails to
/// answer, or answers an illegal move, loses the game on the spot.
pub fn play_game(
    referee: &Rules,
    seats: &[&Contestant],
    options: &[Term],
    budget_ms: u64,
    seed: u64,
) -> Result<GameRecord, GameError> {
    let mut state: State = referee.initial_state(options)?;
    for (k, seat) in seats.iter().enumerate() {
        seat.rules
            .seed(seed.wrapping_mul(31).wrapping_add(k as u64))?;
    }
    let mut record = GameRecord {
        players: seats.iter().map(|s| s.spec.to_string()).collect(),
        options: term::to_text(&Term::List(options.to_vec())),
        seed,
        moves: Vec::new(),
        scores: Vec::new(),
        result: String::new(),
        winners: Vec::new(),
        forfeit: None,
    };
    loop {
        if let Outcome::Over { scores, result } = referee.outcome(&state)? {
            record.scores = scores;
            match result {
                Verdict::Winner(p) => {
                    record.result = "winner".into();
                    record.winners = vec![p];
                }
                Verdict::Tie(ps) => {
                    record.result = "tie".into();
                    record.winners = ps;
                }
            }
            return Ok(record);
        }
        let player = referee.to_move(&state)?.ok_or_else(|| {
            GameError::Contract("the game is not over but nobody is to move".into())
        })?;
        let seat = seats
            .get(player as usize - 1)
            .ok_or_else(|| GameError::Contract(format!("player {player} has no seat")))?;
        if seat.spec.is_human() {
            return Err(GameError::Usage("a person cannot sit in a match".into()));
        }
        let started = Instant::now();
        let answer = seat.rules.player_move(&seat.spec, &state, budget_ms);
        let ms = started.elapsed().as_millis() as u64;
        let (mv, reason) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                return forfeit(record, referee, &state, player, format!("no move: {e}"));
            }
        };
        let notation = referee
            .move_text(&state, &mv)
            .unwrap_or_else(|_| mv.text().to_string());
        match referee.apply(&state, &mv)? {
            Some((next, _events)) => {
                record.moves.push(MoveRecord {
                    player,
                    notation,
                    ms,
                    reason: term::to_text(&reason),
                });
                state = next;
            }
            None => {
                let why = referee
                    .explain_illegal(&state, &mv)?
                    .unwrap_or_else(|| "not a legal move".into());
                return forfeit(
                    record,
                    referee,
                    &state,
                    player,
                    format!("illegal move {notation}: {why}"),
                );
            }
        }
    }
}

/// The game ends with `player` losing: every other player is a winner.
fn forfeit(
    mut record: GameRecord,
    referee: &Rules,
    state: &State,
    player: u32,
    what: String,
) -> Result<GameRecord, GameError> {
    let players = referee.players(state)?;
    record.result = "forfeit".into();
    record.winners = (1..=players).filter(|p| *p != player).collect();
    record.forfeit = Some((player, what));
    Ok(record)
}
