//! A championship's grades under the assignments' rules: the groups, the grades of
//! [`standings`] (late penalties included), the ranks, and the [`notes`] that state
//! the rules (see the module's documentation, "Championship grades").

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

pub use crate::game::Scoring;

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
    use crate::referee::grading::tests::close;

    fn tally(name: &str, points: f64, games: u32, valid: u32, lost_by_fault: u32) -> Tally {
        Tally {
            name: name.to_string(),
            points,
            games,
            valid,
            lost_by_fault,
        }
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
}
