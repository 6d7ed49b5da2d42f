//! A game in progress, as the window and the browser show it: the positions so far and what the rules
//! say about the current one. Every fact here was asked of the Prolog contract.

use crate::engine::term::Term;
use crate::game::board::Region;
use crate::game::{GameError, Move, Outcome, Rules, State};
use crate::players::spec::PlayerSpec;
use crate::ui::forced;
use crate::ui::undo::{self, TakeBack};

/// One position of the game and the move that led to it.
#[derive(Debug, Clone)]
pub struct Position {
    pub state: State,
    /// The move that led here, who played it, its notation and the player's reason.
    pub arrival: Option<Arrival>,
}

#[derive(Debug, Clone)]
pub struct Arrival {
    pub mv: Move,
    pub player: u32,
    pub notation: String,
    pub reason: Option<String>,
    pub events: Vec<Term>,
    /// The events in words (the rules' `events_text/3`), "" when there were none.
    pub events_text: String,
    /// Where the move was made on the board (marked as the last move).
    pub regions: Vec<Region>,
}

/// What the rules say about the current position.
#[derive(Debug, Clone)]
pub struct Facts {
    pub view: Term,
    pub outcome: Outcome,
    pub to_move: Option<u32>,
    pub legal: Vec<Move>,
    /// The legal moves with where each is made on the board (for clicks).
    pub inputs: Vec<(Move, Vec<Region>)>,
    /// The running scores, for games that keep them (`scores/2`).
    pub scores: Vec<i64>,
    /// The legal moves made nowhere on the board (a pass), with their notation: the
    /// window shows them as buttons.
    pub unplaced: Vec<(Move, String)>,
    /// Where else a click makes a one-square move (`move_area/3`: a column).
    pub areas: Vec<(Move, Vec<Region>)>,
    /// The only legal move, made nowhere on the board, with its notation: played for
    /// a person after a pause ([`crate::ui::forced`]).
    pub forced: Option<(Move, String)>,
}

/// The game: options, seats, the positions so far, and the facts of the last one.
pub struct Session {
    pub options: Vec<Term>,
    pub seats: Vec<PlayerSpec>,
    pub history: Vec<Position>,
    pub facts: Facts,
}

fn facts(rules: &Rules, state: &State) -> Result<Facts, GameError> {
    let legal = rules.legal_moves(state)?;
    let inputs = rules.move_inputs(state)?;
    let mut unplaced = Vec::new();
    // Only a game whose board shows where moves are made has moves made nowhere.
    if !inputs.is_empty() {
        for mv in legal
            .iter()
            .filter(|m| !inputs.iter().any(|(i, _)| i == *m))
        {
            unplaced.push((mv.clone(), rules.move_text(state, mv)?));
        }
    }
    let forced = match forced::among(&legal, &inputs) {
        Some(mv) => Some((mv.clone(), rules.move_text(state, mv)?)),
        None => None,
    };
    Ok(Facts {
        areas: rules.move_areas(state)?,
        forced,
        view: rules.view(state)?,
        outcome: rules.outcome(state)?,
        to_move: rules.to_move(state)?,
        legal,
        inputs,
        scores: rules.scores(state)?.unwrap_or_default(),
        unplaced,
    })
}

impl Session {
    /// A new game. `seats` may be shorter than the number of players the options make:
    /// the missing seats get `filler`.
    pub fn new(
        rules: &Rules,
        options: Vec<Term>,
        mut seats: Vec<PlayerSpec>,
        filler: PlayerSpec,
    ) -> Result<Session, GameError> {
        let state = rules.initial_state(&options)?;
        let players = rules.players(&state)? as usize;
        seats.resize(players, filler);
        Ok(Session {
            options,
            seats,
            facts: facts(rules, &state)?,
            history: vec![Position {
                state,
                arrival: None,
            }],
        })
    }

    pub fn state(&self) -> &State {
        &self.history[self.history.len() - 1].state
    }

    pub fn last(&self) -> Option<&Arrival> {
        self.history.last().and_then(|p| p.arrival.as_ref())
    }

    pub fn is_over(&self) -> bool {
        matches!(self.facts.outcome, Outcome::Over { .. })
    }

    /// The seat to move, when a person sits there.
    pub fn human_to_move(&self) -> Option<u32> {
        let p = self.facts.to_move?;
        self.seats
            .get(p as usize - 1)
            .filter(|s| s.is_human())
            .map(|_| p)
    }

    /// The move a person to move has no choice but to make, with its notation.
    pub fn forced_move(&self) -> Option<&(Move, String)> {
        self.human_to_move()?;
        self.facts.forced.as_ref()
    }

    /// The computer player to move, if a program sits there.
    pub fn computer_to_move(&self) -> Option<(u32, PlayerSpec)> {
        let p = self.facts.to_move?;
        self.seats
            .get(p as usize - 1)
            .filter(|s| !s.is_human())
            .map(|s| (p, s.clone()))
    }

    /// Plays `mv` if the rules allow it: the events it caused, or `None` if illegal.
    pub fn play(
        &mut self,
        rules: &Rules,
        mv: &Move,
        reason: Option<String>,
    ) -> Result<Option<Vec<Term>>, GameError> {
        let Some(player) = self.facts.to_move else {
            return Ok(None);
        };
        let state = self.state().clone();
        let Some((next, events)) = rules.apply(&state, mv)? else {
            return Ok(None);
        };
        let notation = rules.move_text(&state, mv)?;
        let regions = rules.move_regions(&state, mv)?;
        let events_text = rules.events_text(&state, &events)?;
        self.facts = facts(rules, &next)?;
        self.history.push(Position {
            state: next,
            arrival: Some(Arrival {
                mv: mv.clone(),
                player,
                notation,
                reason,
                events: events.clone(),
                events_text,
                regions,
            }),
        });
        Ok(Some(events))
    }

    /// Back to the previous position where a person was to move (across the
    /// computer's moves since). False when there is nothing to undo.
    pub fn undo(&mut self, rules: &Rules) -> Result<bool, GameError> {
        let took = undo::take_back(rules, &self.seats, &mut self.history, |p| &p.state)?;
        let undone = took != TakeBack::Nothing;
        if undone {
            self.facts = facts(rules, &self.state().clone())?;
        }
        Ok(undone)
    }

    /// The same game under other rules (after the rules files changed): the moves
    /// replayed from the start. Fails if the new rules refuse one of them.
    pub fn replayed(&self, rules: &Rules) -> Result<Session, GameError> {
        let mut session = Session::new(
            rules,
            self.options.clone(),
            self.seats.clone(),
            PlayerSpec::Human,
        )?;
        for position in &self.history[1..] {
            if let Some(arrival) = &position.arrival
                && session
                    .play(rules, &arrival.mv, arrival.reason.clone())?
                    .is_none()
            {
                return Err(GameError::Contract(format!(
                    "the new rules refuse {} in the current game",
                    arrival.notation
                )));
            }
        }
        Ok(session)
    }

    /// The scores shown while playing: the rules' running scores, or the final ones.
    pub fn scores(&self) -> Vec<i64> {
        if let Outcome::Over { scores, .. } = &self.facts.outcome {
            return scores.clone();
        }
        self.facts.scores.clone()
    }
}
