//! A move nobody needs to choose: the only legal move, made nowhere on the board
//! (Othello's pass, when no square takes a disc). The window and the browser say so in
//! words and play it for the person after a pause they can see; taking moves back goes
//! past it, to a turn where there was a choice. Written once for every face.

use crate::game::board::Region;
use crate::game::{GameError, Move, Rules, State};
use std::time::Duration;

/// How long the faces show the forced move before they play it.
pub const PAUSE: Duration = Duration::from_millis(1500);

/// The forced move among `legal`, the legal moves, given `inputs`, those made on the
/// board: the only one, when it has no place there.
pub fn among<'a>(legal: &'a [Move], inputs: &[(Move, Vec<Region>)]) -> Option<&'a Move> {
    match legal {
        [only] if !inputs.iter().any(|(m, _)| m == only) => Some(only),
        _ => None,
    }
}

/// Whether the player to move in `state` has only a forced move (asked of the rules).
pub fn is_forced(rules: &Rules, state: &State) -> Result<bool, GameError> {
    Ok(match rules.legal_moves(state)?.as_slice() {
        [only] => rules.move_regions(state, only)?.is_empty(),
        _ => false,
    })
}

/// What the faces say while the forced move waits: "Black has no move on the board:
/// its only move, pass, is played for it."
pub fn text(side: &str, notation: &str) -> String {
    format!("{side} has no move on the board: its only move, {notation}, is played for it.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::term::Term;

    #[test]
    fn only_the_one_move_made_nowhere_is_forced() {
        let pass = Move::new(Term::atom("pass"));
        let square = Move::new(Term::atom("a1"));
        let at = vec![Region::Sq { r: 1, c: 1 }];
        assert_eq!(among(std::slice::from_ref(&pass), &[]), Some(&pass));
        // A single move with a place on the board is the person's to click.
        assert_eq!(
            among(std::slice::from_ref(&square), &[(square.clone(), at)]),
            None
        );
        assert_eq!(among(&[pass.clone(), square.clone()], &[]), None);
        assert_eq!(among(&[], &[]), None);
    }
}
