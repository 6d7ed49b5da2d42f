//! Taking moves back, written once for every face a person plays in (the terminal's
//! `undo`, the window's Undo button): back to the last position where a person is to
//! move, across the computer's moves in between.

use crate::game::{GameError, Rules, State};
use crate::players::spec::PlayerSpec;
use crate::ui::forced;

/// How far a take-back went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeBack {
    /// Only the start was left: nothing was taken back.
    Nothing,
    /// This many moves were taken back, and a person is to move again.
    ToPerson(usize),
    /// This many moves were taken back, all the way to the start, where no person is
    /// to move (a computer player moves first).
    ToStart(usize),
}

impl TakeBack {
    /// The number of moves taken back.
    pub fn moves(self) -> usize {
        match self {
            TakeBack::Nothing => 0,
            TakeBack::ToPerson(n) | TakeBack::ToStart(n) => n,
        }
    }
}

/// Whether a person sits in the seat the rules say is to move in `state`, with a
/// choice to make there (a forced move is played for them: see [`forced`]).
fn person_to_move(rules: &Rules, seats: &[PlayerSpec], state: &State) -> Result<bool, GameError> {
    // The player number comes from the rules, which a user edits: never index blindly.
    let person = rules.to_move(state)?.is_some_and(|p| {
        seats
            .get((p as usize).wrapping_sub(1))
            .is_some_and(PlayerSpec::is_human)
    });
    Ok(person && !forced::is_forced(rules, state)?)
}

/// Takes moves back from `history` (the game's positions, the start first; `state`
/// gives each one's [`State`]) until a person is to move again with a choice, across
/// the computer's moves and the forced moves in between; the start is always kept.
/// The positions are kept as they were played, so nothing is replayed: the rules are
/// only asked who is to move in the earlier ones, and with what moves. When asking
/// fails, `history` is left as it was.
pub fn take_back<T>(
    rules: &Rules,
    seats: &[PlayerSpec],
    history: &mut Vec<T>,
    state: impl Fn(&T) -> &State,
) -> Result<TakeBack, GameError> {
    let mut took = match history.len() {
        0 | 1 => TakeBack::Nothing,
        n => TakeBack::ToStart(n - 1),
    };
    for (k, earlier) in history.iter().rev().skip(1).enumerate() {
        if person_to_move(rules, seats, state(earlier))? {
            took = TakeBack::ToPerson(k + 1);
            break;
        }
    }
    history.truncate(history.len().saturating_sub(took.moves()));
    Ok(took)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `plies` positions of a game (players alternate, the first player first).
    fn game(rules: &Rules, plies: usize) -> Vec<State> {
        let mut states = vec![rules.initial_state(&[]).expect("a start")];
        for _ in 0..plies {
            let state = states.last().expect("a position").clone();
            let mv = rules.legal_moves(&state).expect("moves")[0].clone();
            let (next, _) = rules.apply(&state, &mv).expect("apply").expect("legal");
            states.push(next);
        }
        states
    }

    #[test]
    fn takes_back_to_the_person_across_the_computer_and_keeps_the_start() {
        // A game with two sides, whose players alternate (no game is named here).
        let two_sided = crate::game::catalog()
            .games
            .iter()
            .find(|g| g.sides.len() == 2)
            .expect("a two-sided game");
        let rules = Rules::load(two_sided, None).expect("the rules load");
        let ai = PlayerSpec::Builtin("random".into());
        let person_first = [PlayerSpec::Human, ai.clone()];
        let computer_first = [ai, PlayerSpec::Human];
        let take = |seats: &[PlayerSpec], plies: usize| {
            let mut history = game(&rules, plies);
            let took = take_back(&rules, seats, &mut history, |s| s).expect("take back");
            assert_eq!(history.len(), plies + 1 - took.moves());
            took
        };
        // The person's move and the computer's answer.
        assert_eq!(take(&person_first, 2), TakeBack::ToPerson(2));
        assert_eq!(take(&computer_first, 3), TakeBack::ToPerson(2));
        // The start, where the person is to move, counts as the person's turn.
        assert_eq!(take(&person_first, 1), TakeBack::ToPerson(1));
        // Where the computer moves first, back to the start and no further.
        assert_eq!(take(&computer_first, 1), TakeBack::ToStart(1));
        assert_eq!(take(&person_first, 0), TakeBack::Nothing);
    }
}
