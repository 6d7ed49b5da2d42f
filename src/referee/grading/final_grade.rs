//! The final grade of assignment 000, over several championships (see the module's
//! documentation, "Final grade").

use std::collections::BTreeMap;

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

/// A championship grade in `0..=10`; NaN counts as 0.
fn clean_grade(grade: f64) -> f64 {
    if grade.is_nan() {
        0.0
    } else {
        grade.clamp(0.0, 10.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::grading::tests::close;

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
}
