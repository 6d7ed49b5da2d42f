//! Elo ratings, for information only: the Bradley–Terry posterior mode found by
//! Newton's method (see the module's documentation, "Elo").

use std::collections::BTreeMap;

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

#[cfg(test)]
mod tests {
    use super::*;

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
