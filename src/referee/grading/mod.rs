//! Championship grades, the final grade over several championships, and Elo ratings.
//!
//! Pure arithmetic on what the referee counted: nothing here plays a game or reads a file.
//! Every function accepts any input without panicking and never produces NaN: every
//! division has a denominator that is checked or known to be positive.
//!
//! # Championship grades ([`standings`])
//!
//! A [`Tally`] is one player's count: `points` (1 a win), `games`, `valid` (games in which
//! it made only valid moves, each within the limit) and `lost_by_fault` (games it lost by an
//! invalid move, a time-out, a crash or a protocol error). Grading takes the counts as given.
//! The referee is expected to count a Breakthrough self-game (one player on both sides) as
//! **one** game for that player: its point goes to the player; it is valid if every move
//! was valid; it is lost by fault if the player faulted on either side.
//!
//! **Breakthrough (assignment 000).**
//! - Group A: `valid / games >= 0.90`. The test is done in integers (`10·valid >= 9·games`),
//!   so 27 of 30 is exactly on the line and counts as A.
//! - Group A grade: linear in points between the lowest and the highest score **of group A**
//!   (the players of group B take no part in it): `5 + 5 · (points − low) / (high − low)`.
//!   The top score gets 10 and the bottom score 5.
//! - CHOICE: when every player of group A has the same score (`high == low`, which includes
//!   a group A of one player), all of them get 10.
//! - Group B grade: `5.0 · valid / games`.
//! - A player with 0 games is in group B with grade 0 (its valid fraction is taken as 0,
//!   never 0/0).
//!
//! **King-and-pawn chase (assignment 001).**
//! - A player leaves the ranking (group `Unranked`) when it lost **more** than 10 % of its
//!   games by fault: `10·lost_by_fault > games`, in integers. Exactly 10 % stays ranked.
//! - Ranked players: 10 for the first, 5 for the last, linear interpolation of points between
//!   (the same formula as group A above). All ranked players equal, or a single ranked
//!   player: 10.
//! - Unranked players: `5 · (1 − lost_by_fault / games)`. The assignment only says "a grade
//!   between 0 and 5 according to how often the program made invalid moves"; this formula is
//!   tabula's choice, and [`notes`] says so.
//! - A player with 0 games cannot show the minimum functioning: it is unranked with grade 0.
//!
//! **Late submissions.** One grade point is taken away per day late, and the grade is floored
//! at 0 (rule of assignment 001; applied to any scoring that has a grade whenever the caller
//! gives late days). The penalty changes the grade only, never the order of the standings.
//! When a name is given more than once in `late_days` the last entry wins, like a repeated
//! command-line option; names that match no player are ignored (see [`unmatched_late`]).
//! The days are recorded in [`Standing::late_days`] for every scoring, `Points` included.
//!
//! **Points.** Scoring [`Scoring::Points`] ranks by points only: group [`Group::None`] and no
//! grade.
//!
//! **Order and ranks.** Standings are sorted by group (A before B, Ranked before Unranked),
//! then by points (highest first), then by name; players equal in all three keep the order
//! of the input. A player's rank is 1 + the number of players ahead of it in a different
//! group or with more points, so equal points in the same group share a rank (1, 2, 2, 4).
//!
//! **Odd input.** Counts that cannot happen are clamped: `valid` and `lost_by_fault` above
//! `games` count as `games`. Points that are not finite (NaN, ±∞) count as 0, and −0 as 0;
//! the cleaned value is the one shown in [`Standing::points`].
//!
//! # Final grade ([`final_grades`], assignment 000)
//!
//! Over `C` championships: `S_i = grade_i / 10`, `P = Σ S_i`, `Min = C / 2` (worth grade 5),
//! `Max` = the largest `P` of all players (worth grade 10).
//! - `P < Min`: `N = P / Min · 5`;
//! - `P >= Min`: `N = (P − Min) / (Max − Min) · 5 + 5`.
//!
//! Decisions:
//! - A player missing from a championship scores `S_i = 0` there.
//! - `Max == Min`: every `P >= Min` is then the maximum, and gets `N = 10`.
//! - The two branches agree at `P = Min` (both give 5), so rounding noise at the boundary
//!   cannot move a grade. Nothing is rounded; the caller formats.
//! - `C = 1` works like any other `C` (`Min = 0.5`). `C = 0` gives no players.
//! - A grade given twice for one name in one championship: the last one counts. Grades are
//!   clamped to `0..=10`; a NaN grade counts as 0.
//! - Output order: final grade, highest first, then name.
//!
//! # Elo ([`elo`], information only)
//!
//! Bradley–Terry (logistic) maximum a posteriori ratings on the Elo scale: the expected score
//! of `i` against `j` is `1 / (1 + 10^((r_j − r_i) / 400))`. Draws (score 0.5) count as half
//! a win, as in the usual Elo expectation. Colour advantage is not modelled.
//! - Prior: every player has two virtual draws against a virtual opponent rated 1500 (as in
//!   bayeselo), so a player who won or lost everything still gets a finite rating, and a
//!   player without games gets the average.
//! - Solved by Newton's method with a backtracking line search (the log-posterior is strictly
//!   concave thanks to the prior, so the maximum is unique), the Newton system solved by
//!   conjugate gradients so memory stays linear in players and pairs; it stops when no rating
//!   moves by more than 1e-9 Elo (at most 200 steps). It agrees with Hunter's MM algorithm to
//!   1e-8 Elo and is about 100 times faster on a 150-player round robin. Deterministic: no
//!   randomness, and the games are aggregated per pair in a fixed order.
//! - The ratings are then shifted so that their mean is 1500.
//! - `error` is the half-width of a 95 % interval:
//!   `1.96 · (400 / ln 10) / sqrt(Σ p·(1 − p))`, the sum over the player's games, the virtual
//!   ones included (so it is never a division by zero), `p` the expected score.
//! - Games naming a player outside `0..n_players`, self-games (no information) and NaN scores
//!   are ignored; scores are clamped to `0..=1`.

//!
//! The championship grades are in `standings`, the final grade in `final_grade`, and
//! Elo in `elo`.

mod elo;
mod final_grade;
mod standings;

pub use elo::{Rating, elo};
pub use final_grade::{FinalGrade, final_grades};
pub use standings::{Group, Scoring, Standing, Tally, notes, standings, unmatched_late};

#[cfg(test)]
mod tests {
    pub(super) const EPS: f64 = 1e-9;

    pub(super) fn close(actual: f64, expected: f64) -> bool {
        (actual - expected).abs() < EPS
    }
}
