//! Timbiriche through the contract, checked against an independent oracle written here
//! from the assignment's text (box detection with the H/V neighbours): random games on
//! random boards, every move's closed boxes, the extra turn, the scores, the length.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use tabula::engine::term::{self, Term};
use tabula::game::{Judged, Outcome, Rules, Verdict, find_game};

/// The oracle's board: which segments are drawn.
struct Oracle {
    rows: usize,
    cols: usize,
    drawn: HashSet<(char, usize, usize)>,
}

impl Oracle {
    fn segments(&self) -> usize {
        self.rows * (self.cols - 1) + (self.rows - 1) * self.cols
    }

    fn has(&self, k: char, i: usize, j: usize) -> bool {
        self.drawn.contains(&(k, i, j))
    }

    /// The boxes (top-left dot) that drawing `seg` closes, as the assignment says:
    /// H[i,j] closes the box above with H[i-1,j], V[i-1,j], V[i-1,j+1] and the box
    /// below with H[i+1,j], V[i,j], V[i,j+1]; V[i,j] closes the box on the left with
    /// V[i,j-1], H[i,j-1], H[i+1,j-1] and on the right with V[i,j+1], H[i,j], H[i+1,j].
    fn closes(&self, (k, i, j): (char, usize, usize)) -> Vec<(usize, usize)> {
        let mut boxes = Vec::new();
        if k == 'h' {
            if i > 0
                && self.has('h', i - 1, j)
                && self.has('v', i - 1, j)
                && self.has('v', i - 1, j + 1)
            {
                boxes.push((i - 1, j));
            }
            if i + 1 < self.rows
                && self.has('h', i + 1, j)
                && self.has('v', i, j)
                && self.has('v', i, j + 1)
            {
                boxes.push((i, j));
            }
        } else {
            if j > 0
                && self.has('v', i, j - 1)
                && self.has('h', i, j - 1)
                && self.has('h', i + 1, j - 1)
            {
                boxes.push((i, j - 1));
            }
            if j + 1 < self.cols
                && self.has('v', i, j + 1)
                && self.has('h', i, j)
                && self.has('h', i + 1, j)
            {
                boxes.push((i, j));
            }
        }
        boxes
    }
}

fn seg_of(mv: &Term) -> (char, usize, usize) {
    for (name, k) in [("h", 'h'), ("v", 'v')] {
        if let Some([i, j]) = term::args(mv, name, 2) {
            return (
                k,
                term::as_i64(i).unwrap() as usize,
                term::as_i64(j).unwrap() as usize,
            );
        }
    }
    panic!("not a segment: {}", term::to_text(mv));
}

fn box_of(event: &Term) -> Option<(usize, usize)> {
    let [i, j] = term::args(event, "box", 2)? else {
        return None;
    };
    Some((term::as_i64(i)? as usize, term::as_i64(j)? as usize))
}

#[test]
fn random_games_agree_with_the_oracle() {
    let rules = Rules::load(find_game("dots").unwrap(), None).unwrap();
    let box_points = term::as_i64(
        &rules
            .engine()
            .query_value("dots:box_points(P)", "P")
            .unwrap(),
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(2026);
    for game in 0..12 {
        let rows = rng.random_range(2..=7usize);
        let cols = rng.random_range(2..=7usize);
        let players = rng.random_range(2..=4u32);
        let options = [
            Term::compound("rows", [Term::integer(rows as i64)]),
            Term::compound("cols", [Term::integer(cols as i64)]),
            Term::compound("players", [Term::integer(players)]),
        ];
        let mut state = rules.initial_state(&options).unwrap();
        assert_eq!(rules.players(&state).unwrap(), players);
        let mut oracle = Oracle {
            rows,
            cols,
            drawn: HashSet::new(),
        };
        let mut owned = vec![0i64; players as usize];
        let mut to_move = 1u32;
        let mut plies = 0;
        while let Outcome::Ongoing = rules.outcome(&state).unwrap() {
            assert_eq!(
                rules.to_move(&state).unwrap(),
                Some(to_move),
                "game {game} ply {plies}"
            );
            // The one-query status a referee asks says the same.
            assert_eq!(
                rules.status(&state).unwrap(),
                (Outcome::Ongoing, Some(to_move))
            );
            let moves = rules.legal_moves(&state).unwrap();
            assert_eq!(moves.len(), oracle.segments() - oracle.drawn.len());
            assert!(rules.has_legal_move(&state).unwrap());
            let mv = moves[rng.random_range(0..moves.len())].clone();
            // Judging the move's text in one query (a referee's way) plays it as
            // apply/2 does, and writes it as move_text does.
            let text = rules.move_text(&state, &mv).unwrap();
            let judged = rules.judge(&state, &text).unwrap();
            let Judged::Played {
                mv: read,
                notation,
                next: judged_next,
                events: judged_events,
            } = judged
            else {
                panic!("{text} judged {judged:?}")
            };
            assert_eq!(read, mv);
            assert_eq!(notation.as_deref(), Some(text.as_str()));
            assert_eq!(
                rules.judge_move(&state, &mv).unwrap(),
                Judged::Played {
                    mv: mv.clone(),
                    notation: Some(text.clone()),
                    next: judged_next.clone(),
                    events: judged_events.clone(),
                }
            );
            let seg = seg_of(mv.term());
            let expected = oracle.closes(seg);
            let (next, events) = rules
                .apply(&state, &mv)
                .unwrap()
                .expect("a legal move applies");
            let mut closed: Vec<_> = events.iter().filter_map(box_of).collect();
            closed.sort();
            assert_eq!(closed, expected, "{rows}x{cols} move {}", mv.text());
            assert_eq!((&judged_next, &judged_events), (&next, &events));
            // Drawing it again is now refused, with a reason.
            assert!(!rules.is_legal(&next, &mv).unwrap());
            assert!(matches!(
                rules.judge(&next, &text).unwrap(),
                Judged::Illegal { mv: m, .. } if m == mv
            ));
            assert_eq!(
                rules.judge(&next, "no such move").unwrap(),
                Judged::Unreadable
            );
            assert!(rules.explain_illegal(&next, &mv).unwrap().is_some());
            oracle.drawn.insert(seg);
            owned[to_move as usize - 1] += expected.len() as i64;
            if expected.is_empty() {
                to_move = to_move % players + 1;
            }
            state = next;
            plies += 1;
        }
        assert_eq!(
            plies,
            oracle.segments(),
            "a game lasts one move per segment"
        );
        assert!(!rules.has_legal_move(&state).unwrap());
        assert!(matches!(
            rules.status(&state).unwrap(),
            (Outcome::Over { .. }, None)
        ));
        let Outcome::Over { scores, result } = rules.outcome(&state).unwrap() else {
            unreachable!()
        };
        let expected: Vec<i64> = owned.iter().map(|b| b * box_points).collect();
        assert_eq!(scores, expected);
        assert_eq!(
            scores.iter().sum::<i64>(),
            box_points * ((rows - 1) * (cols - 1)) as i64
        );
        let best = *scores.iter().max().unwrap();
        let top: Vec<u32> = (1..=players)
            .filter(|p| scores[*p as usize - 1] == best)
            .collect();
        match result {
            Verdict::Winner(p) => assert_eq!(vec![p], top),
            Verdict::Tie(ps) => {
                assert!(top.len() > 1);
                assert_eq!(ps, top);
            }
        }
        assert_eq!(rules.to_move(&state).unwrap(), None);
        assert!(rules.legal_moves(&state).unwrap().is_empty());
    }
}
