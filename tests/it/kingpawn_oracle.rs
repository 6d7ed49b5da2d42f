//! The king-and-pawn tablebase (Prolog, retrograde analysis) against a brute force
//! written here from the rules (forward search by the number of White moves left): the
//! same winner and the same distance on every position, for pawns in corners, on edges
//! and in the centre, with White or Black to move.

use std::collections::BTreeMap;
use tabula::engine::Engine;
use tabula::engine::term::{self, Term};
use tabula::game::{core_file, find_game};

type Square = (i32, i32);

fn on_board((l, c): Square) -> bool {
    (1..=8).contains(&l) && (1..=8).contains(&c)
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

fn steps(s: Square) -> impl Iterator<Item = Square> {
    (-1..=1)
        .flat_map(move |dl| (-1..=1).map(move |dc| (s.0 + dl, s.1 + dc)))
        .filter(move |t| *t != s && on_board(*t))
}

fn index((l, c): Square) -> usize {
    ((l - 1) * 8 + (c - 1)) as usize
}

/// win[n][side][w][b]: White (side 0) or Black (side 1) to move, White with n moves
/// left, White wins by force.
struct Brute {
    pawn: Square,
    win: Vec<[Vec<bool>; 2]>,
}

impl Brute {
    fn new(pawn: Square, max: usize) -> Brute {
        let squares: Vec<Square> = (1..=8).flat_map(|l| (1..=8).map(move |c| (l, c))).collect();
        let mut win: Vec<[Vec<bool>; 2]> = vec![[vec![false; 4096], vec![false; 4096]]];
        let legal = |w: Square, b: Square| w != b && b != pawn && w != pawn && !adjacent(w, b);
        for n in 1..=max {
            // White to move with n moves left: a capture wins; a move that uses the last
            // one without capturing loses; leaving Black without a move wins.
            let mut white = vec![false; 4096];
            for &w in &squares {
                for &b in &squares {
                    if legal(w, b) {
                        white[index(w) * 64 + index(b)] =
                            steps(w).filter(|&t| t != b && !adjacent(t, b)).any(|t| {
                                t == pawn
                                    || (n > 1
                                        && (black_moves(pawn, t, b).is_empty()
                                            || win[n - 1][1][index(t) * 64 + index(b)]))
                            });
                    }
                }
            }
            // Black to move, White with n moves left: Black without a move loses.
            let mut black = vec![false; 4096];
            for &w in &squares {
                for &b in &squares {
                    if legal(w, b) {
                        let moves = black_moves(pawn, w, b);
                        black[index(w) * 64 + index(b)] = moves.is_empty()
                            || moves.iter().all(|&t| white[index(w) * 64 + index(t)]);
                    }
                }
            }
            win.push([white, black]);
        }
        Brute { pawn, win }
    }

    /// The least n ≤ left with which White wins, or None.
    fn value(&self, side: usize, w: Square, b: Square, left: usize) -> Option<usize> {
        (1..=left).find(|&n| self.win[n][side][index(w) * 64 + index(b)])
    }
}

fn black_moves(pawn: Square, w: Square, b: Square) -> Vec<Square> {
    steps(b)
        .filter(|&t| t != pawn && t != w && !adjacent(t, w))
        .collect()
}

fn sq((l, c): Square) -> String {
    format!("sq({l},{c})")
}

#[test]
fn the_tablebase_agrees_with_brute_force() {
    let game = find_game("kingpawn").unwrap();
    let engine = Engine::new().unwrap();
    for f in [
        core_file("game.pl"),
        game.file.clone(),
        game.players_file.clone().unwrap(),
    ] {
        engine.consult(&f).unwrap();
    }
    let mut checked = 0;
    let mut wrong = Vec::new();
    // Corners, edges and centre squares.
    for pawn in [(1, 8), (8, 1), (1, 4), (5, 8), (4, 4), (5, 3)] {
        let brute = Brute::new(pawn, 30);
        assert_eq!(brute.pawn, pawn);
        for left in [30usize, 4] {
            for side in [0usize, 1] {
                for wl in 1..=8 {
                    for wc in 1..=8 {
                        let w = (wl, wc);
                        if w == pawn {
                            continue;
                        }
                        let blacks: Vec<Square> = (1..=8)
                            .flat_map(|l| (1..=8).map(move |c| (l, c)))
                            .filter(|&b| b != pawn && b != w && !adjacent(w, b))
                            .collect();
                        let list: Vec<String> = blacks.iter().map(|&b| sq(b)).collect();
                        let goal = format!(
                            "findall(V, (member(B, [{}]), kingpawn_ai:position_value({}, {}, B, {}, {left}, V)), Vs)",
                            list.join(","),
                            side + 1,
                            sq(w),
                            sq(pawn)
                        );
                        let values = engine
                            .query_value(&goal, "Vs")
                            .unwrap_or_else(|e| panic!("{goal}: {e}"));
                        let values = term::as_list(&values).unwrap();
                        assert_eq!(values.len(), blacks.len());
                        for (&b, v) in blacks.iter().zip(&values) {
                            checked += 1;
                            let expected = brute.value(side, w, b, left);
                            let got = match v {
                                Term::Compound(name, args) if name == "white_wins" => {
                                    term::as_i64(&args[0]).map(|n| n as usize)
                                }
                                _ => None,
                            };
                            if got != expected {
                                wrong.push(format!(
                                    "pawn {pawn:?} white {w:?} black {b:?} {} to move, {left} left: brute {expected:?}, Prolog {}",
                                    if side == 0 { "White" } else { "Black" },
                                    term::to_text(v)
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    let shown: BTreeMap<usize, &String> = wrong.iter().take(20).enumerate().collect();
    assert!(
        wrong.is_empty(),
        "{} of {checked} positions differ:\n{shown:#?}",
        wrong.len()
    );
    assert!(checked > 80_000, "only {checked} positions checked");
}
