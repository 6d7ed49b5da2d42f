//! The Timbiriche player's exact endgame search, checked against an independent
//! brute-force solver written here (plain negamax over bitmasks, memoised; no chain
//! reasoning, nothing shared with the Prolog): every position of a 3 x 3-dot board, and
//! random late positions of the assignment's 5 x 6 board.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use tabula::engine::Engine;
use tabula::engine::term;
use tabula::game::{Rules, find_game};

struct Board {
    rows: usize,
    cols: usize,
    /// Segment names in a fixed order: bit k of a mask is segment k.
    names: Vec<String>,
    /// For each box, the mask of its four sides.
    boxes: Vec<u64>,
}

impl Board {
    fn new(rows: usize, cols: usize) -> Board {
        let mut names = Vec::new();
        let mut index = HashMap::new();
        for i in 0..rows {
            for j in 0..cols - 1 {
                index.insert(('h', i, j), names.len());
                names.push(format!("h({i},{j})"));
            }
        }
        for i in 0..rows - 1 {
            for j in 0..cols {
                index.insert(('v', i, j), names.len());
                names.push(format!("v({i},{j})"));
            }
        }
        let mut boxes = Vec::new();
        for i in 0..rows - 1 {
            for j in 0..cols - 1 {
                let sides = [('h', i, j), ('h', i + 1, j), ('v', i, j), ('v', i, j + 1)];
                boxes.push(sides.iter().fold(0u64, |m, s| m | 1 << index[s]));
            }
        }
        Board {
            rows,
            cols,
            names,
            boxes,
        }
    }

    fn full(&self) -> u64 {
        (1u64 << self.names.len()) - 1
    }

    /// The best (boxes the player to move takes) − (boxes the other takes) from here.
    fn solve(&self, drawn: u64, memo: &mut HashMap<u64, i32>) -> i32 {
        if drawn == self.full() {
            return 0;
        }
        if let Some(&v) = memo.get(&drawn) {
            return v;
        }
        let mut best = i32::MIN;
        for k in 0..self.names.len() {
            let bit = 1u64 << k;
            if drawn & bit != 0 {
                continue;
            }
            let after = drawn | bit;
            let closed = self
                .boxes
                .iter()
                .filter(|&&b| b & bit != 0 && b & after == b)
                .count() as i32;
            let value = if closed > 0 {
                closed + self.solve(after, memo)
            } else {
                -self.solve(after, memo)
            };
            best = best.max(value);
        }
        memo.insert(drawn, best);
        best
    }

    fn moves(&self, drawn: u64) -> String {
        let names: Vec<&str> = (0..self.names.len())
            .filter(|k| drawn & (1 << k) != 0)
            .map(|k| self.names[k].as_str())
            .collect();
        format!("[{}]", names.join(","))
    }
}

/// The rules and players of dots, loaded as tabula loads them: the players' model is
/// checked against the rules, so that level ai plays its analysis.
fn rules() -> Rules {
    Rules::load(find_game("dots").unwrap(), None).unwrap()
}

fn prolog_value(engine: &Engine, board: &Board, drawn: u64) -> i64 {
    let goal = format!(
        "game:replay(dots, [rows({}),cols({})], {}, S), dots_exact:exact_value(S, D)",
        board.rows,
        board.cols,
        board.moves(drawn)
    );
    let d = engine
        .query_value(&goal, "D")
        .unwrap_or_else(|e| panic!("{goal}: {e}"));
    term::as_i64(&d).unwrap()
}

#[test]
fn every_position_of_a_3x3_board() {
    let board = Board::new(3, 3);
    let rules = rules();
    let engine = rules.engine();
    let mut memo = HashMap::new();
    let mut wrong = Vec::new();
    for drawn in 0..=board.full() {
        if drawn == board.full() {
            continue;
        }
        let expected = board.solve(drawn, &mut memo);
        let got = prolog_value(engine, &board, drawn);
        if got != i64::from(expected) {
            wrong.push(format!(
                "{}: oracle {expected}, Prolog {got}",
                board.moves(drawn)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 4095 positions wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}

#[test]
fn random_late_positions_of_a_5x6_board() {
    let board = Board::new(5, 6);
    let rules = rules();
    let engine = rules.engine();
    let mut rng = StdRng::seed_from_u64(56);
    let n = board.names.len();
    let mut wrong = Vec::new();
    for _ in 0..300 {
        let left = rng.random_range(1..=12usize);
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(&mut rng);
        let drawn = order[..n - left].iter().fold(0u64, |m, k| m | 1 << k);
        let mut memo = HashMap::new();
        let expected = board.solve(drawn, &mut memo);
        let got = prolog_value(engine, &board, drawn);
        if got != i64::from(expected) {
            wrong.push(format!(
                "{}: oracle {expected}, Prolog {got}",
                board.moves(drawn)
            ));
            continue;
        }
        // The player's move there is one of the best.
        let goal = format!(
            "game:replay(dots, [rows(5),cols(6)], {}, S), dots_ai:choose_move(ai, S, 5000, M, _)",
            board.moves(drawn)
        );
        let mv = engine.query_value(&goal, "M").unwrap();
        let k = board
            .names
            .iter()
            .position(|s| *s == term::to_text(&mv))
            .unwrap();
        let bit = 1u64 << k;
        let after = drawn | bit;
        let closed = board
            .boxes
            .iter()
            .filter(|&&b| b & bit != 0 && b & after == b)
            .count() as i32;
        let value = if closed > 0 {
            closed + board.solve(after, &mut memo)
        } else {
            -board.solve(after, &mut memo)
        };
        if value != expected {
            wrong.push(format!(
                "{}: ai played {} worth {value}, best {expected}",
                board.moves(drawn),
                term::to_text(&mv)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of 300 positions wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}

impl Board {
    /// How many sides of box `b` are drawn.
    fn sides(&self, drawn: u64, b: usize) -> u32 {
        (self.boxes[b] & drawn).count_ones()
    }

    /// A move of a greedy player written here: close a box if it can, else draw a
    /// segment that gives no box its third side, else any segment.
    fn greedy_move(&self, drawn: u64, rng: &mut StdRng) -> usize {
        let free: Vec<usize> = (0..self.names.len())
            .filter(|k| drawn & (1 << k) == 0)
            .collect();
        let beside =
            |k: usize| (0..self.boxes.len()).filter(move |&b| self.boxes[b] & (1 << k) != 0);
        let closing: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&k| beside(k).any(|b| self.sides(drawn, b) == 3))
            .collect();
        let safe: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&k| beside(k).all(|b| self.sides(drawn, b) < 2))
            .collect();
        let pool = if !closing.is_empty() {
            closing
        } else if !safe.is_empty() {
            safe
        } else {
            free
        };
        pool[rng.random_range(0..pool.len())]
    }
}

/// Positions of games of a greedy player against itself, 14 to 18 segments before the
/// end: long chains, loops and junctions, where the search's chain reductions (one
/// segment per chain, the middle of a chain of two, the opponent's take-or-decline of a
/// long chain computed without its captures, the loony bound, the twin border segments
/// of a corner box) all come into play.
#[test]
fn greedy_positions_of_a_5x6_board() {
    let board = Board::new(5, 6);
    let rules = rules();
    let engine = rules.engine();
    let mut rng = StdRng::seed_from_u64(34);
    let mut wrong = Vec::new();
    let mut with_long_chains = 0;
    for _ in 0..40 {
        let left = rng.random_range(14..=18usize);
        let mut drawn = 0u64;
        while (board.full() & !drawn).count_ones() as usize > left {
            drawn |= 1 << board.greedy_move(drawn, &mut rng);
        }
        let goal = format!(
            "game:replay(dots, [rows(5),cols(6)], {}, S), dots_chains:long_chains(S, L)",
            board.moves(drawn)
        );
        if engine
            .query_value(&goal, "L")
            .ok()
            .and_then(|l| term::as_i64(&l))
            > Some(0)
        {
            with_long_chains += 1;
        }
        let expected = board.solve(drawn, &mut HashMap::new());
        let got = prolog_value(engine, &board, drawn);
        if got != i64::from(expected) {
            wrong.push(format!(
                "{}: oracle {expected}, Prolog {got}",
                board.moves(drawn)
            ));
        }
    }
    assert!(
        with_long_chains >= 10,
        "only {with_long_chains} of 40 positions have a long chain"
    );
    assert!(
        wrong.is_empty(),
        "{} of 40 positions wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The value of a simple loony endgame (chains and loops only) for the player who must
/// open one, by the full recursion over every component she may open (`(is_loop,
/// length)` pairs, sorted, memoised): what `dots_chains:loony_value/2` computes with
/// fewer choices (only the shortest long chain and the smallest loop).
fn loony_oracle(comps: &[(bool, i64)], memo: &mut HashMap<Vec<(bool, i64)>, i64>) -> i64 {
    if comps.is_empty() {
        return 0;
    }
    if let Some(&v) = memo.get(comps) {
        return v;
    }
    let mut best = i64::MIN;
    for i in 0..comps.len() {
        let mut rest = comps.to_vec();
        let (is_loop, n) = rest.remove(i);
        let r = loony_oracle(&rest, memo);
        let v = match (is_loop, n) {
            (false, 1 | 2) => -n - r,
            (false, _) => -(n + r).max(n - 4 - r),
            (true, _) => -(n + r).max(n - 8 - r),
        };
        best = best.max(v);
    }
    memo.insert(comps.to_vec(), best);
    best
}

#[test]
fn simple_loony_endgames_against_the_full_recursion() {
    let rules = rules();
    let engine = rules.engine();
    let mut rng = StdRng::seed_from_u64(17);
    let mut memo = HashMap::new();
    let mut wrong = Vec::new();
    for _ in 0..300 {
        let k = rng.random_range(1..=8usize);
        let mut comps: Vec<(bool, i64)> = (0..k)
            .map(|_| {
                if rng.random_range(0..10) < 7 {
                    (false, rng.random_range(1..=8))
                } else {
                    (true, rng.random_range(4..=12))
                }
            })
            .collect();
        comps.sort();
        let expected = loony_oracle(&comps, &mut memo);
        let list: Vec<String> = comps
            .iter()
            .map(|&(l, n)| format!("{}({n})", if l { "loop" } else { "chain" }))
            .collect();
        let goal = format!("dots_chains:loony_value([{}], V)", list.join(","));
        let got = engine
            .query_value(&goal, "V")
            .ok()
            .and_then(|v| term::as_i64(&v));
        if got != Some(expected) {
            wrong.push(format!("{goal}: oracle {expected}, Prolog {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
