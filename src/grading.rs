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

use std::collections::BTreeMap;

/// One player's results in one championship, as the referee counted them.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// The player's name in the standings.
    pub name: String,
    /// Points: 1 per win.
    pub points: f64,
    /// Games played; a Breakthrough self-game counts once.
    pub games: u32,
    /// Games valid for the player: it made only valid moves, each within the limit.
    pub valid: u32,
    /// Games it lost by an invalid move, a time-out, a crash or a protocol error.
    pub lost_by_fault: u32,
}

/// How a championship is graded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Assignment 000: groups A and B by the fraction of valid games.
    ValidGames,
    /// Assignment 001: players with more than 10 % of games lost by fault leave the ranking.
    Faults,
    /// Points only, no grade.
    Points,
}

/// The grading group a player falls into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Breakthrough: at least 90 % of its games valid.
    A,
    /// Breakthrough: fewer than 90 % of its games valid (or no game at all).
    B,
    /// King-and-pawn: lost at most 10 % of its games by fault.
    Ranked,
    /// King-and-pawn: lost more than 10 % of its games by fault (or played no game).
    Unranked,
    /// Scoring by points: no groups.
    None,
}

impl Group {
    /// Position of the group in the standings: the better group first.
    fn order(self) -> u8 {
        match self {
            Group::A | Group::Ranked | Group::None => 0,
            Group::B | Group::Unranked => 1,
        }
    }

    /// The group's name as the output shows it.
    pub fn label(self) -> &'static str {
        match self {
            Group::A => "A",
            Group::B => "B",
            Group::Ranked => "ranked",
            Group::Unranked => "unranked",
            Group::None => "",
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// 1-based; players with equal points in the same group share a rank (1, 2, 2, 4).
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Points (non-finite input shown as 0).
    pub points: f64,
    /// Games played.
    pub games: u32,
    /// Fraction of its games that were valid, in `0..=1` (0 when it played no game).
    pub valid_fraction: f64,
    /// The grading group.
    pub group: Group,
    /// The grade in `0..=10`, late penalty included; `None` for [`Scoring::Points`].
    pub grade: Option<f64>,
    /// Days late, as given by the caller (0 when not given).
    pub late_days: u32,
}

/// Standings sorted by grade group then points (desc), name as the final tie-break.
pub fn standings(
    scoring: Scoring,
    tallies: &[Tally],
    late_days: &[(String, u32)],
) -> Vec<Standing> {
    let groups: Vec<Group> = tallies
        .iter()
        .map(|tally| group_of(scoring, tally))
        .collect();
    let points: Vec<f64> = tallies
        .iter()
        .map(|tally| clean_points(tally.points))
        .collect();

    // The score range of the interpolated group (A or Ranked).
    let interpolated = |group: Group| matches!(group, Group::A | Group::Ranked);
    let range = groups
        .iter()
        .zip(&points)
        .filter(|(group, _)| interpolated(**group))
        .map(|(_, &score)| score)
        .fold(None, |range: Option<(f64, f64)>, score| match range {
            None => Some((score, score)),
            Some((low, high)) => Some((low.min(score), high.max(score))),
        });

    let mut lines: Vec<Standing> = tallies
        .iter()
        .zip(groups)
        .zip(points)
        .map(|((tally, group), score)| {
            let days = late_for(&tally.name, late_days);
            let grade = match group {
                Group::A | Group::Ranked => {
                    let (low, high) = range.unwrap_or((score, score));
                    Some(interpolate(score, low, high))
                }
                Group::B => Some(5.0 * valid_fraction(tally)),
                Group::Unranked => Some(unranked_grade(tally)),
                Group::None => None,
            }
            .map(|grade| (grade - f64::from(days)).max(0.0));
            Standing {
                rank: 0,
                name: tally.name.clone(),
                points: score,
                games: tally.games,
                valid_fraction: valid_fraction(tally),
                group,
                grade,
                late_days: days,
            }
        })
        .collect();

    // Stable sort: players equal in group, points and name keep the input order.
    lines.sort_by(|left, right| {
        left.group
            .order()
            .cmp(&right.group.order())
            .then(right.points.total_cmp(&left.points))
            .then_with(|| left.name.cmp(&right.name))
    });

    // Competition ranking: 1 + the number of players strictly ahead.
    let mut rank = 1;
    for index in 0..lines.len() {
        if index > 0 {
            let (ahead, this) = (&lines[index - 1], &lines[index]);
            if ahead.group.order() != this.group.order() || ahead.points != this.points {
                rank = index + 1;
            }
        }
        lines[index].rank = rank;
    }
    lines
}

/// The names in `late_days` that match no player, so the caller can warn about a typo.
pub fn unmatched_late(tallies: &[Tally], late_days: &[(String, u32)]) -> Vec<String> {
    let mut unmatched: Vec<String> = late_days
        .iter()
        .filter(|(name, _)| !tallies.iter().any(|tally| &tally.name == name))
        .map(|(name, _)| name.clone())
        .collect();
    unmatched.sort();
    unmatched.dedup();
    unmatched
}

/// The rules and choices behind a scoring, as sentences for the output's "notes".
pub fn notes(scoring: Scoring) -> Vec<String> {
    let late = "A late submission loses one grade point per day late, the grade floored at 0; \
                the penalty changes the grade, not the order.";
    let ties = "Players with equal points in the same group share a rank; the order between \
                them is by name.";
    let lines: &[&str] = match scoring {
        Scoring::ValidGames => &[
            "Scoring of assignment 000 (Breakthrough): 1 point per win.",
            "A game is valid for a player if it made only valid moves, each within the time \
             limit; an invalid move or a time-out gives the game to the opponent.",
            "Group A: at least 90 % of its games valid. Group B: fewer than 90 %.",
            "Group A: the top score of group A gets 10, the bottom score of group A gets 5, \
             the others linearly between by points.",
            "CHOICE: if every player of group A has the same score (or group A has one \
             player), all of them get 10.",
            "Group B: grade 5.0 x PV, PV the fraction of its games that were valid.",
            "CHOICE: a player that played no game is in group B with grade 0.",
            "A self-game counts as one game for its player.",
            late,
            ties,
        ],
        Scoring::Faults => &[
            "Scoring of assignment 001 (king-and-pawn chase): 1 point per win, 0 per loss; \
             an invalid move, a time-out, a crash or a protocol error is a loss whatever the \
             position.",
            "Minimum functioning: a player that lost more than 10 % of its games by fault \
             leaves the ranking (unranked); exactly 10 % stays ranked.",
            "Ranked players: the first gets 10, the last 5, the others by linear \
             interpolation of their points into [5, 10].",
            "CHOICE: if every ranked player has the same points, or a single player is \
             ranked, they get 10.",
            "CHOICE: the assignment left the grade of unranked players open (between 0 and \
             5, by how often the program made invalid moves); tabula gives \
             5 x (1 - fraction of games lost by fault).",
            "CHOICE: a player that played no game is unranked with grade 0.",
            "A late submission loses one grade point per day late, the grade floored at 0 \
             (as the assignment says); the penalty changes the grade, not the order.",
            ties,
        ],
        Scoring::Points => &[
            "Scoring by points: 1 point per win; no grades.",
            "Players with equal points share a rank; the order between them is by name.",
        ],
    };
    lines.iter().map(|line| (*line).to_string()).collect()
}

/// One player's final grade over several championships (assignment 000).
#[derive(Debug, Clone, PartialEq)]
pub struct FinalGrade {
    /// The player's name.
    pub name: String,
    /// `P`, the sum of the normalised championship grades `S_i = grade_i / 10`.
    pub p: f64,
    /// `N`, the final grade in `0..=10`, unrounded.
    pub grade: f64,
}

/// Final grade over C championships (assignment 000): input one map name -> grade (0..10) per
/// championship; output per player: (name, P, N), best first. A player missing from a
/// championship scores S_i = 0 there.
pub fn final_grades(championships: &[Vec<(String, f64)>]) -> Vec<FinalGrade> {
    // C is at most the number of slices, far below 2^53: the conversion is exact.
    let count = championships.len() as f64;
    let min = count / 2.0;

    let mut totals: BTreeMap<&str, f64> = BTreeMap::new();
    for championship in championships {
        // The last grade given for a name in one championship counts.
        let mut this_one: BTreeMap<&str, f64> = BTreeMap::new();
        for (name, grade) in championship {
            this_one.insert(name.as_str(), clean_grade(*grade));
        }
        for (name, grade) in this_one {
            *totals.entry(name).or_insert(0.0) += grade / 10.0;
        }
    }

    let max = totals.values().copied().fold(0.0, f64::max);
    let mut grades: Vec<FinalGrade> = totals
        .into_iter()
        .map(|(name, p)| {
            let grade = if p < min {
                // min > 0 here: p >= 0 and p < min.
                p / min * 5.0
            } else if max > min {
                (p - min) / (max - min) * 5.0 + 5.0
            } else {
                // Max == Min: every P >= Min is the maximum.
                10.0
            };
            FinalGrade {
                name: name.to_string(),
                p,
                grade,
            }
        })
        .collect();
    grades.sort_by(|left, right| {
        right
            .grade
            .total_cmp(&left.grade)
            .then_with(|| left.name.cmp(&right.name))
    });
    grades
}

/// An Elo rating with its uncertainty (information only).
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The rating; the mean over all players is 1500.
    pub elo: f64,
    /// Half-width of a 95 % interval: the rating is `elo ± error`.
    pub error: f64,
}

/// Elo from game results (information only): players 0..n, games (white, black, score of
/// white 1/0.5/0).
pub fn elo(n_players: usize, games: &[(usize, usize, f64)]) -> Vec<Rating> {
    if n_players == 0 {
        return Vec::new();
    }
    let pairs = aggregate(n_players, games);
    let strengths = fit_strengths(n_players, &pairs);
    let (_, information) = slope(&strengths, &pairs);

    let mean = strengths.iter().sum::<f64>() / n_players as f64;
    strengths
        .iter()
        .zip(&information)
        .map(|(&strength, &information)| Rating {
            elo: 1500.0 + (strength - mean) * ELO_PER_NAT,
            error: if information > 0.0 {
                1.96 * ELO_PER_NAT / information.sqrt()
            } else {
                f64::INFINITY
            },
        })
        .collect()
}

/// Virtual draws each player has against a 1500 opponent (the prior).
const PRIOR_GAMES: f64 = 2.0;
/// Elo points per natural-log unit of strength: 400 / ln 10.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;
/// Convergence: no rating moves by more than this many Elo points in one Newton step.
const TOLERANCE: f64 = 1e-9;
/// At most this many Newton steps (a handful are needed in practice).
const MAX_NEWTON_STEPS: usize = 200;
/// The line search gives up below this fraction of a Newton step.
const MIN_SCALE: f64 = 1e-12;

/// The games between two players (`first < second`), summed.
#[derive(Debug, Clone, PartialEq)]
struct Pair {
    first: usize,
    second: usize,
    games: f64,
    first_score: f64,
}

/// Sums the usable games per pair of players, in a fixed order.
fn aggregate(n_players: usize, games: &[(usize, usize, f64)]) -> Vec<Pair> {
    let mut sums: BTreeMap<(usize, usize), (f64, f64)> = BTreeMap::new();
    for &(white, black, result) in games {
        if white >= n_players || black >= n_players || white == black || result.is_nan() {
            continue;
        }
        let result = result.clamp(0.0, 1.0);
        let (key, first_score) = if white < black {
            ((white, black), result)
        } else {
            ((black, white), 1.0 - result)
        };
        let sum = sums.entry(key).or_insert((0.0, 0.0));
        sum.0 += 1.0;
        sum.1 += first_score;
    }
    sums.into_iter()
        .map(|((first, second), (games, first_score))| Pair {
            first,
            second,
            games,
            first_score,
        })
        .collect()
}

/// `ln σ(x) = −ln(1 + e^(−x))`, computed without overflow.
fn log_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// `σ(x) = 1 / (1 + e^(−x))`, the expected score at a strength difference `x` (natural units).
fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// The log-posterior of strengths (natural units, the virtual opponent at 0).
fn log_posterior(strengths: &[f64], pairs: &[Pair]) -> f64 {
    let games: f64 = pairs
        .iter()
        .map(|pair| {
            let difference = strengths[pair.first] - strengths[pair.second];
            pair.first_score * log_sigmoid(difference)
                + (pair.games - pair.first_score) * log_sigmoid(-difference)
        })
        .sum();
    let prior: f64 = strengths
        .iter()
        .map(|&strength| 0.5 * PRIOR_GAMES * (log_sigmoid(strength) + log_sigmoid(-strength)))
        .sum();
    games + prior
}

/// The gradient of the log-posterior, and each player's Fisher information
/// `Σ p·(1 − p)` over its games, the virtual ones included (the diagonal of the curvature).
fn slope(strengths: &[f64], pairs: &[Pair]) -> (Vec<f64>, Vec<f64>) {
    let mut gradient: Vec<f64> = strengths
        .iter()
        .map(|&strength| PRIOR_GAMES * (0.5 - sigmoid(strength)))
        .collect();
    let mut information: Vec<f64> = strengths
        .iter()
        .map(|&strength| PRIOR_GAMES * sigmoid(strength) * sigmoid(-strength))
        .collect();
    for pair in pairs {
        let difference = strengths[pair.first] - strengths[pair.second];
        let (expected, weight) = pair_terms(pair, difference);
        gradient[pair.first] += pair.first_score - expected;
        gradient[pair.second] -= pair.first_score - expected;
        information[pair.first] += weight;
        information[pair.second] += weight;
    }
    (gradient, information)
}

/// A pair's expected score for its first player and its weight `games · p · (1 − p)`.
fn pair_terms(pair: &Pair, difference: f64) -> (f64, f64) {
    let p = sigmoid(difference);
    (pair.games * p, pair.games * p * sigmoid(-difference))
}

/// The strengths (natural units, the virtual opponent at 0) of the posterior mode.
///
/// Newton's method with a backtracking line search: the log-posterior is strictly concave
/// (the prior makes it so), hence a unique maximum that Newton reaches in a few steps. The
/// Newton system is solved by conjugate gradients, so memory stays linear in the number of
/// players and pairs.
fn fit_strengths(n_players: usize, pairs: &[Pair]) -> Vec<f64> {
    let mut strengths = vec![0.0; n_players];
    let mut value = log_posterior(&strengths, pairs);
    for _ in 0..MAX_NEWTON_STEPS {
        let (gradient, diagonal) = slope(&strengths, pairs);
        let weights: Vec<f64> = pairs
            .iter()
            .map(|pair| pair_terms(pair, strengths[pair.first] - strengths[pair.second]).1)
            .collect();
        let step = newton_step(&gradient, &diagonal, &weights, pairs);

        let mut scale = 1.0;
        loop {
            let trial: Vec<f64> = strengths
                .iter()
                .zip(&step)
                .map(|(strength, change)| strength + scale * change)
                .collect();
            let trial_value = log_posterior(&trial, pairs);
            // Accept anything no worse than rounding noise: near the maximum the gain of a
            // step is below what f64 can show.
            if trial_value >= value - 1e-12 * (1.0 + value.abs()) {
                strengths = trial;
                value = trial_value;
                break;
            }
            scale /= 2.0;
            if scale < MIN_SCALE {
                return strengths;
            }
        }
        let moved = step
            .iter()
            .map(|change| (scale * change).abs())
            .fold(0.0, f64::max);
        if moved * ELO_PER_NAT < TOLERANCE {
            break;
        }
    }
    strengths
}

/// Solves `A · x = gradient` by preconditioned conjugate gradients, `A` the negative Hessian
/// of the log-posterior: `diagonal` on the diagonal and `−weight` for each pair. `A` is
/// symmetric positive definite (diagonally dominant by the prior's share), and every
/// iterate is an ascent direction even if the loop stops early.
fn newton_step(gradient: &[f64], diagonal: &[f64], weights: &[f64], pairs: &[Pair]) -> Vec<f64> {
    let apply = |vector: &[f64]| -> Vec<f64> {
        let mut out: Vec<f64> = diagonal.iter().zip(vector).map(|(d, v)| d * v).collect();
        for (pair, weight) in pairs.iter().zip(weights) {
            out[pair.first] -= weight * vector[pair.second];
            out[pair.second] -= weight * vector[pair.first];
        }
        out
    };
    let dot =
        |left: &[f64], right: &[f64]| -> f64 { left.iter().zip(right).map(|(l, r)| l * r).sum() };
    let precondition = |residual: &[f64]| -> Vec<f64> {
        residual
            .iter()
            .zip(diagonal)
            .map(|(r, d)| r / d.max(f64::MIN_POSITIVE))
            .collect()
    };

    let mut solution = vec![0.0; gradient.len()];
    let mut residual = gradient.to_vec();
    let mut preconditioned = precondition(&residual);
    let mut direction = preconditioned.clone();
    let mut agreement = dot(&residual, &preconditioned);
    let enough = 1e-24 * dot(gradient, gradient);
    for _ in 0..2 * gradient.len() + 10 {
        if agreement <= 0.0 || dot(&residual, &residual) <= enough {
            break;
        }
        let image = apply(&direction);
        let curvature = dot(&direction, &image);
        if curvature.is_nan() || curvature <= 0.0 {
            break;
        }
        let length = agreement / curvature;
        for ((x, r), (d, i)) in solution
            .iter_mut()
            .zip(residual.iter_mut())
            .zip(direction.iter().zip(&image))
        {
            *x += length * d;
            *r -= length * i;
        }
        preconditioned = precondition(&residual);
        let next_agreement = dot(&residual, &preconditioned);
        let ratio = next_agreement / agreement;
        for (d, z) in direction.iter_mut().zip(&preconditioned) {
            *d = z + ratio * *d;
        }
        agreement = next_agreement;
    }
    solution
}

/// The group of a tally under a scoring.
fn group_of(scoring: Scoring, tally: &Tally) -> Group {
    let games = u64::from(tally.games);
    match scoring {
        Scoring::ValidGames => {
            let valid = u64::from(tally.valid.min(tally.games));
            if games > 0 && 10 * valid >= 9 * games {
                Group::A
            } else {
                Group::B
            }
        }
        Scoring::Faults => {
            let faults = u64::from(tally.lost_by_fault.min(tally.games));
            if games > 0 && 10 * faults <= games {
                Group::Ranked
            } else {
                Group::Unranked
            }
        }
        Scoring::Points => Group::None,
    }
}

/// Fraction of the games that were valid, 0 without games.
fn valid_fraction(tally: &Tally) -> f64 {
    if tally.games == 0 {
        0.0
    } else {
        f64::from(tally.valid.min(tally.games)) / f64::from(tally.games)
    }
}

/// `5 × (1 − fraction of games lost by fault)`, 0 without games.
fn unranked_grade(tally: &Tally) -> f64 {
    if tally.games == 0 {
        0.0
    } else {
        let faults = f64::from(tally.lost_by_fault.min(tally.games));
        5.0 * (1.0 - faults / f64::from(tally.games))
    }
}

/// 10 for the high score, 5 for the low score, linear between; 10 when they are equal.
fn interpolate(points: f64, low: f64, high: f64) -> f64 {
    if high > low {
        5.0 + 5.0 * (points - low) / (high - low)
    } else {
        10.0
    }
}

/// Non-finite points count as 0, and −0 as 0.
fn clean_points(points: f64) -> f64 {
    if points.is_finite() && points != 0.0 {
        points
    } else {
        0.0
    }
}

/// A championship grade in `0..=10`; NaN counts as 0.
fn clean_grade(grade: f64) -> f64 {
    if grade.is_nan() {
        0.0
    } else {
        grade.clamp(0.0, 10.0)
    }
}

/// Days late for a player: the last entry for its name, 0 when none.
fn late_for(name: &str, late_days: &[(String, u32)]) -> u32 {
    late_days
        .iter()
        .rev()
        .find(|(late_name, _)| late_name == name)
        .map_or(0, |&(_, days)| days)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPS: f64 = 1e-9;

    fn tally(name: &str, points: f64, games: u32, valid: u32, lost_by_fault: u32) -> Tally {
        Tally {
            name: name.to_string(),
            points,
            games,
            valid,
            lost_by_fault,
        }
    }

    fn close(actual: f64, expected: f64) -> bool {
        (actual - expected).abs() < EPS
    }

    fn grade_of(lines: &[Standing], name: &str) -> f64 {
        lines
            .iter()
            .find(|line| line.name == name)
            .and_then(|line| line.grade)
            .unwrap_or(f64::NAN)
    }

    fn summary(lines: &[Standing]) -> Vec<(usize, String, Group)> {
        lines
            .iter()
            .map(|line| (line.rank, line.name.clone(), line.group))
            .collect()
    }

    #[test]
    fn breakthrough_four_players_all_valid() {
        // Points 6, 4, 4, 1, every game valid: all in group A, low 1, high 6.
        // 6 -> 10; 4 -> 5 + 5·(4−1)/(6−1) = 5 + 3 = 8; 1 -> 5.
        let tallies = [
            tally("dan", 1.0, 7, 7, 0),
            tally("bea", 4.0, 7, 7, 0),
            tally("ann", 6.0, 7, 7, 0),
            tally("cid", 4.0, 7, 7, 0),
        ];
        let lines = standings(Scoring::ValidGames, &tallies, &[]);
        assert_eq!(
            summary(&lines),
            vec![
                (1, "ann".to_string(), Group::A),
                (2, "bea".to_string(), Group::A),
                (2, "cid".to_string(), Group::A),
                (4, "dan".to_string(), Group::A),
            ]
        );
        let grades: Vec<f64> = lines.iter().filter_map(|line| line.grade).collect();
        assert_eq!(grades, vec![10.0, 8.0, 8.0, 5.0]);
        assert!(lines.iter().all(|line| line.valid_fraction == 1.0));
    }

    #[test]
    fn breakthrough_group_b_and_the_90_percent_line() {
        // ann 17 of 20 valid = 85 % -> group B, 5.0 · 0.85 = 4.25 (despite the most points).
        // bea 18 of 20 = 90 % exactly -> group A; cid 20 of 20 -> group A.
        // Group A range: low 3 (cid), high 5 (bea): bea 10, cid 5.
        let tallies = [
            tally("ann", 9.0, 20, 17, 3),
            tally("bea", 5.0, 20, 18, 2),
            tally("cid", 3.0, 20, 20, 0),
        ];
        let lines = standings(Scoring::ValidGames, &tallies, &[]);
        assert_eq!(
            summary(&lines),
            vec![
                (1, "bea".to_string(), Group::A),
                (2, "cid".to_string(), Group::A),
                (3, "ann".to_string(), Group::B),
            ]
        );
        assert!(close(grade_of(&lines, "ann"), 4.25));
        assert!(close(grade_of(&lines, "bea"), 10.0));
        assert!(close(grade_of(&lines, "cid"), 5.0));
        assert!(close(lines[2].valid_fraction, 0.85));
    }

    #[test]
    fn breakthrough_ninety_percent_in_thirds() {
        // 27 of 30 = 90 % -> A; 26 of 30 = 86.67 % -> B with 5 · 26/30 = 4.333…
        let tallies = [tally("a", 1.0, 30, 27, 0), tally("b", 1.0, 30, 26, 0)];
        let lines = standings(Scoring::ValidGames, &tallies, &[]);
        assert_eq!(lines[0].group, Group::A);
        assert_eq!(lines[1].group, Group::B);
        assert!(close(grade_of(&lines, "b"), 5.0 * 26.0 / 30.0));
    }

    #[test]
    fn breakthrough_everyone_equal_gets_ten() {
        // high == low == 3 -> the CHOICE: all of group A get 10, all share rank 1.
        let tallies = [
            tally("x", 3.0, 6, 6, 0),
            tally("y", 3.0, 6, 6, 0),
            tally("z", 3.0, 6, 6, 0),
        ];
        let lines = standings(Scoring::ValidGames, &tallies, &[]);
        assert!(lines.iter().all(|line| line.rank == 1));
        assert!(lines.iter().all(|line| line.grade == Some(10.0)));
        let names: Vec<&str> = lines.iter().map(|line| line.name.as_str()).collect();
        assert_eq!(names, vec!["x", "y", "z"]);
    }

    #[test]
    fn breakthrough_single_player() {
        // One player, its self-game only: group A of one -> 10.
        let lines = standings(Scoring::ValidGames, &[tally("solo", 1.0, 1, 1, 0)], &[]);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].rank, 1);
        assert_eq!(lines[0].grade, Some(10.0));
    }

    #[test]
    fn breakthrough_no_valid_game_and_no_game() {
        // "crash" played 4 games, none valid: group B, 5 · 0/4 = 0.
        // "absent" played none: group B, grade 0, valid fraction 0 (not 0/0).
        let tallies = [
            tally("crash", 0.0, 4, 0, 4),
            tally("absent", 0.0, 0, 0, 0),
            tally("ok", 2.0, 4, 4, 0),
        ];
        let lines = standings(Scoring::ValidGames, &tallies, &[]);
        assert_eq!(
            summary(&lines),
            vec![
                (1, "ok".to_string(), Group::A),
                (2, "absent".to_string(), Group::B),
                (2, "crash".to_string(), Group::B),
            ]
        );
        assert_eq!(grade_of(&lines, "crash"), 0.0);
        assert_eq!(grade_of(&lines, "absent"), 0.0);
        assert_eq!(grade_of(&lines, "ok"), 10.0);
        assert!(lines.iter().all(|line| !line.valid_fraction.is_nan()));
    }

    #[test]
    fn kingpawn_ranked_and_unranked() {
        // 50 games each. ann 5 faults = 10 % exactly -> ranked; bob 6 faults = 12 % ->
        // unranked, 5 · (1 − 0.12) = 4.4, though it has the most points.
        // Ranked: ann 30, cid 20, dee 10 -> 10, 5 + 5·(20−10)/(30−10) = 7.5, 5.
        let tallies = [
            tally("ann", 30.0, 50, 45, 5),
            tally("bob", 40.0, 50, 44, 6),
            tally("cid", 20.0, 50, 50, 0),
            tally("dee", 10.0, 50, 50, 0),
        ];
        let lines = standings(Scoring::Faults, &tallies, &[]);
        assert_eq!(
            summary(&lines),
            vec![
                (1, "ann".to_string(), Group::Ranked),
                (2, "cid".to_string(), Group::Ranked),
                (3, "dee".to_string(), Group::Ranked),
                (4, "bob".to_string(), Group::Unranked),
            ]
        );
        assert!(close(grade_of(&lines, "ann"), 10.0));
        assert!(close(grade_of(&lines, "cid"), 7.5));
        assert!(close(grade_of(&lines, "dee"), 5.0));
        assert!(close(grade_of(&lines, "bob"), 4.4));
    }

    #[test]
    fn kingpawn_single_ranked_and_no_games() {
        // One ranked player -> 10; a player without games is unranked with 0.
        let tallies = [tally("one", 2.0, 4, 4, 0), tally("none", 0.0, 0, 0, 0)];
        let lines = standings(Scoring::Faults, &tallies, &[]);
        assert_eq!(grade_of(&lines, "one"), 10.0);
        assert_eq!(lines[1].group, Group::Unranked);
        assert_eq!(grade_of(&lines, "none"), 0.0);
    }

    #[test]
    fn late_days_cost_a_point_each_floored_at_zero() {
        // ann 10 − 2 days = 8; bob 5 − 7 days -> 0 (floored); the order stays by points.
        // The last entry for a name wins (ann: 3 then 2 -> 2); "zed" matches nobody.
        let tallies = [tally("ann", 4.0, 8, 8, 0), tally("bob", 2.0, 8, 8, 0)];
        let late = [
            ("ann".to_string(), 3),
            ("bob".to_string(), 7),
            ("ann".to_string(), 2),
            ("zed".to_string(), 1),
        ];
        let lines = standings(Scoring::Faults, &tallies, &late);
        assert_eq!(lines[0].name, "ann");
        assert_eq!(lines[0].late_days, 2);
        assert!(close(grade_of(&lines, "ann"), 8.0));
        assert_eq!(grade_of(&lines, "bob"), 0.0);
        assert_eq!(unmatched_late(&tallies, &late), vec!["zed".to_string()]);

        let lines = standings(Scoring::ValidGames, &tallies, &late);
        assert!(close(grade_of(&lines, "ann"), 8.0));
    }

    #[test]
    fn points_scoring_has_no_grade() {
        let tallies = [
            tally("b", 1.5, 3, 3, 0),
            tally("a", 1.5, 3, 3, 0),
            tally("c", 2.0, 3, 1, 2),
        ];
        let late = [("a".to_string(), 1)];
        let lines = standings(Scoring::Points, &tallies, &late);
        assert_eq!(
            summary(&lines),
            vec![
                (1, "c".to_string(), Group::None),
                (2, "a".to_string(), Group::None),
                (2, "b".to_string(), Group::None),
            ]
        );
        assert!(lines.iter().all(|line| line.grade.is_none()));
        assert_eq!(lines[1].late_days, 1);
    }

    #[test]
    fn odd_input_never_panics_or_gives_nan() {
        // valid > games and faults > games are clamped; NaN and infinite points count as 0.
        let tallies = [
            tally("nan", f64::NAN, 5, 9, 9),
            tally("inf", f64::INFINITY, 5, 5, 0),
            tally("neg", -0.0, 5, 5, 0),
            tally("max", 1.0, u32::MAX, u32::MAX, 0),
        ];
        for scoring in [Scoring::ValidGames, Scoring::Faults, Scoring::Points] {
            let lines = standings(scoring, &tallies, &[("inf".to_string(), u32::MAX)]);
            assert_eq!(lines.len(), 4);
            for line in &lines {
                assert!(line.points.is_finite());
                assert!((0.0..=1.0).contains(&line.valid_fraction));
                if let Some(grade) = line.grade {
                    assert!((0.0..=10.0).contains(&grade), "{line:?}");
                }
            }
        }
        assert!(standings(Scoring::Faults, &[], &[]).is_empty());
    }

    #[test]
    fn notes_mention_the_choices() {
        assert!(
            notes(Scoring::ValidGames)
                .iter()
                .any(|line| line.contains("CHOICE") && line.contains("all of them get 10"))
        );
        assert!(
            notes(Scoring::Faults)
                .iter()
                .any(|line| line.contains("left the grade of unranked players open"))
        );
        assert!(!notes(Scoring::Points).is_empty());
    }

    #[test]
    fn final_grade_one_championship() {
        // C = 1: Min = 0.5. Grades 10, 8, 5, 2 -> P = 1.0, 0.8, 0.5, 0.2; Max = 1.0.
        // 1.0 -> 10; 0.8 -> (0.8−0.5)/(1.0−0.5)·5 + 5 = 0.6·5 + 5 = 8; 0.5 -> 5;
        // 0.2 < 0.5 -> 0.2/0.5·5 = 2.
        let championship = vec![
            ("d".to_string(), 2.0),
            ("b".to_string(), 8.0),
            ("a".to_string(), 10.0),
            ("c".to_string(), 5.0),
        ];
        let grades = final_grades(&[championship]);
        let got: Vec<(&str, f64)> = grades
            .iter()
            .map(|grade| (grade.name.as_str(), grade.grade))
            .collect();
        let expected = [("a", 10.0), ("b", 8.0), ("c", 5.0), ("d", 2.0)];
        assert_eq!(got.len(), expected.len());
        for ((name, grade), (want_name, want)) in got.iter().zip(expected) {
            assert_eq!(*name, want_name);
            assert!(close(*grade, want), "{name}: {grade} != {want}");
        }
    }

    #[test]
    fn final_grade_three_championships() {
        // C = 3: Min = 1.5.
        // alice 10, 10, 8 -> P = 1 + 1 + 0.8 = 2.8 = Max -> N = 10.
        // bob 5, 7, 6 -> P = 1.8 >= 1.5 -> (1.8−1.5)/(2.8−1.5)·5 + 5 = 0.3/1.3·5 + 5 = 6.1538…
        // carol 4, absent, 6 -> P = 0.4 + 0 + 0.6 = 1.0 < 1.5 -> 1.0/1.5·5 = 3.333…
        // dave only in the third, 5 -> P = 0.5 -> 0.5/1.5·5 = 1.666…
        let first = vec![
            ("alice".to_string(), 10.0),
            ("bob".to_string(), 5.0),
            ("carol".to_string(), 4.0),
        ];
        let second = vec![("alice".to_string(), 10.0), ("bob".to_string(), 7.0)];
        let third = vec![
            ("alice".to_string(), 8.0),
            ("bob".to_string(), 6.0),
            ("carol".to_string(), 6.0),
            ("dave".to_string(), 5.0),
        ];
        let grades = final_grades(&[first, second, third]);
        let names: Vec<&str> = grades.iter().map(|grade| grade.name.as_str()).collect();
        assert_eq!(names, vec!["alice", "bob", "carol", "dave"]);
        assert!(close(grades[0].p, 2.8));
        assert!(close(grades[0].grade, 10.0));
        assert!(close(grades[1].p, 1.8));
        assert!(close(grades[1].grade, 0.3 / 1.3 * 5.0 + 5.0));
        assert!(close(grades[2].p, 1.0));
        assert!(close(grades[2].grade, 10.0 / 3.0));
        assert!(close(grades[3].grade, 5.0 / 3.0));
    }

    #[test]
    fn final_grade_max_equals_min_and_edges() {
        // C = 2, Min = 1: everyone 5 and 5 -> P = 1 = Min = Max -> N = 10 (not 0/0).
        let one = vec![("a".to_string(), 5.0), ("b".to_string(), 5.0)];
        let grades = final_grades(&[one.clone(), one]);
        assert!(grades.iter().all(|grade| grade.grade == 10.0));

        // Nobody reaches Min: only the first branch. C = 2, P = 0.4 -> 0.4/1·5 = 2.
        let low = vec![("a".to_string(), 4.0)];
        let grades = final_grades(&[low, Vec::new()]);
        assert!(close(grades[0].grade, 2.0));

        // No championship: no players. NaN, negative and > 10 grades are cleaned.
        assert!(final_grades(&[]).is_empty());
        let odd = vec![
            ("nan".to_string(), f64::NAN),
            ("neg".to_string(), -3.0),
            ("big".to_string(), 40.0),
        ];
        let grades = final_grades(&[odd]);
        assert!(grades.iter().all(|grade| grade.grade.is_finite()));
        assert_eq!(grades[0].name, "big");
        assert_eq!(grades[0].grade, 10.0);
        assert_eq!(grades[1].grade, 0.0);
    }

    #[test]
    fn elo_symmetric_results_give_equal_ratings() {
        // Three players, each pair plays twice and each game is won once by each side.
        let games = [
            (0, 1, 1.0),
            (1, 0, 1.0),
            (0, 2, 0.5),
            (2, 0, 0.5),
            (1, 2, 0.0),
            (2, 1, 0.0),
        ];
        let ratings = elo(3, &games);
        for rating in &ratings {
            assert!((rating.elo - 1500.0).abs() < 1e-6, "{ratings:?}");
            assert!(rating.error.is_finite() && rating.error > 0.0);
        }
    }

    #[test]
    fn elo_stronger_player_rates_higher() {
        // 0 beats 1 three times of four; 1 beats 2 three times of four.
        let games = [
            (0, 1, 1.0),
            (1, 0, 0.0),
            (0, 1, 1.0),
            (1, 0, 1.0),
            (1, 2, 1.0),
            (2, 1, 0.0),
            (1, 2, 1.0),
            (2, 1, 1.0),
        ];
        let ratings = elo(3, &games);
        assert!(ratings[0].elo > ratings[1].elo);
        assert!(ratings[1].elo > ratings[2].elo);
        let mean: f64 = ratings.iter().map(|rating| rating.elo).sum::<f64>() / 3.0;
        assert!((mean - 1500.0).abs() < 1e-6);
        // Deterministic.
        assert_eq!(elo(3, &games), ratings);
    }

    #[test]
    fn elo_all_wins_is_finite() {
        // Player 0 wins all 20 games against player 1.
        let games: Vec<(usize, usize, f64)> = (0..20)
            .map(|index| {
                if index % 2 == 0 {
                    (0, 1, 1.0)
                } else {
                    (1, 0, 0.0)
                }
            })
            .collect();
        let ratings = elo(2, &games);
        assert!(
            ratings
                .iter()
                .all(|r| r.elo.is_finite() && r.error.is_finite())
        );
        assert!(ratings[0].elo > ratings[1].elo + 200.0);
        assert!((ratings[0].elo + ratings[1].elo - 3000.0).abs() < 1e-6);
    }

    #[test]
    fn elo_with_two_players_matches_the_closed_form() {
        // 0 scores 3 of 4 against 1. With the prior the posterior mode solves, for
        // g = 10^(r0/400), h = 10^(r1/400) (virtual opponent at 1):
        //   4 = 4·g/(g+h) + 2·g/(g+1),   2 = 4·h/(g+h) + 2·h/(h+1)  (the scores, prior included).
        // Check that the fitted ratings satisfy the first equation.
        let games = [(0, 1, 1.0), (1, 0, 0.0), (0, 1, 1.0), (1, 0, 1.0)];
        let ratings = elo(2, &games);
        let shift = 1500.0;
        // The raw ratings (virtual opponent at 0) have mean 0 here: swapping the players and
        // reversing every result maps the data onto itself, so h = 1/g and centring adds 1500.
        let g = 10f64.powf((ratings[0].elo - shift) / 400.0);
        let h = 10f64.powf((ratings[1].elo - shift) / 400.0);
        assert!((g * h - 1.0).abs() < 1e-6);
        let expected_score = 4.0 * g / (g + h) + 2.0 * g / (g + 1.0);
        assert!((expected_score - 4.0).abs() < 1e-6, "{expected_score}");
    }

    #[test]
    fn elo_odd_input() {
        // Out-of-range players, self-games and NaN scores are ignored; no games -> 1500.
        assert!(elo(0, &[(0, 1, 1.0)]).is_empty());
        let ratings = elo(2, &[(0, 5, 1.0), (1, 1, 1.0), (0, 1, f64::NAN)]);
        assert!(ratings.iter().all(|r| (r.elo - 1500.0).abs() < 1e-9));
        // Prior only: information 2 · 0.25 = 0.5; error = 1.96 · 173.72 / 0.7071 = 481.5.
        assert!((ratings[0].error - 1.96 * ELO_PER_NAT / 0.5f64.sqrt()).abs() < 1e-9);
        // Scores outside 0..=1 are clamped: 2.0 counts as a win.
        assert_eq!(elo(2, &[(0, 1, 2.0)]), elo(2, &[(0, 1, 1.0)]));
    }
}
