//! `tabula bench search GAME`: computer players searching a fixed suite of positions with
//! no clock, so that two versions of a search compare on the same work: the positions
//! searched (or iterations run) and the CPU time, hence so many a second, and the move
//! and value found in each (which a faster search should keep, or better).
//!
//! Every game's generic players are measured: `alphabeta` to `--depth`, `mcts` for
//! `--iterations`, on the positions `players:bench_positions/2` gives. A game's own
//! players are measured first when they offer it, with `bench_positions(-Texts)`
//! (position texts, written out so that the suite stays fixed) and
//! `search_to_depth(+State, +Depth, -Move, -Info)` (Info: `reason(R)`, `depth(D)`,
//! `nodes(N)`, `ms(T)`).

use super::*;
use crate::game::{GameOptions, OptionValue};

/// One position's search: the best CPU time of the rounds, and what it found.
struct Searched {
    nodes: i64,
    ms: i64,
    depth: i64,
    mv: String,
    reason: String,
}

pub(super) fn bench_search(
    names: &[String],
    rules_file: Option<&Path>,
    depth: u32,
    iterations: u32,
    rounds: u32,
) -> Result<(), GameError> {
    // The game by its name, or by the rules file --rules gives (then the name may go).
    let name = match (names, rules_file) {
        ([name], _) => Some(name.as_str()),
        ([], Some(_)) => None,
        _ => {
            return Err(GameError::Usage(
                "bench search measures one game: tabula bench search GAME [--rules FILE] \
                 [--depth D] [--iterations N]"
                    .into(),
            ));
        }
    };
    if depth == 0 {
        return Err(GameError::Usage("--depth must be 1 or more".into()));
    }
    if iterations == 0 {
        return Err(GameError::Usage("--iterations must be 1 or more".into()));
    }
    let info = game_info(name, rules_file)?;
    let rules = Rules::load(info, rules_file)?;
    let rounds = rounds.max(1);
    if rules.players_module().is_some()
        && let Ok(pm) = offering_module(&rules, &["bench_positions/1", "search_to_depth/4"], || {
            GameError::Usage(String::new())
        })
    {
        own_players(info, &rules, &pm, depth, rounds)?;
        println!();
    }
    generic_players(info, &rules, depth, iterations, rounds)
}

/// The game's own players' search bench.
fn own_players(
    info: &GameInfo,
    rules: &Rules,
    pm: &str,
    depth: u32,
    rounds: u32,
) -> Result<(), GameError> {
    let no_bench = || {
        GameError::Usage(format!(
            "the players of {} offer no search bench (bench_positions/1 and \
             search_to_depth/4 in their module)",
            info.name
        ))
    };
    let texts: Vec<String> = term::as_list(
        &rules
            .engine()
            .query_value(&format!("{pm}:bench_positions(Ps)"), "Ps")?,
    )
    .unwrap_or_default()
    .iter()
    .filter_map(term::as_text)
    .collect();
    if texts.is_empty() {
        return Err(no_bench());
    }
    let mut states = Vec::new();
    for text in &texts {
        let mut options = GameOptions::from_pairs(&[]);
        options.set("position", OptionValue::Text(text.clone()));
        states.push(rules.initial_state(&options.terms())?);
    }
    println!(
        "{}'s own player searched to depth {depth} (each iteration with its quiescence), no clock: {} \
         positions, {} in CPU time",
        info.name,
        texts.len(),
        rounds_text(rounds)
    );
    let mut best: Vec<Option<Searched>> = (0..states.len()).map(|_| None).collect();
    for _ in 0..rounds {
        for (k, state) in states.iter().enumerate() {
            let goal = format!("{pm}:search_to_depth({}, {depth}, M, I)", state.text());
            let mut b = rules.engine().query_once(&goal)?.ok_or_else(|| {
                GameError::Contract(format!("search_to_depth/4 failed on {}", texts[k]))
            })?;
            let mv = b.remove("M").unwrap_or(Term::atom("none"));
            let searched = searched_from(rules, state.term(), mv, b.get("I"), "nodes");
            same_or_faster(&mut best[k], searched, k)?;
        }
    }
    print_table(&best, "positions");
    Ok(())
}

/// The generic players' search bench: alphabeta to `depth`, mcts for `iterations`.
fn generic_players(
    info: &GameInfo,
    rules: &Rules,
    depth: u32,
    iterations: u32,
    rounds: u32,
) -> Result<(), GameError> {
    rules.load_generic_players()?;
    let game = term::quote_atom(rules.module());
    let list = rules
        .engine()
        .query_value(&format!("players:bench_positions({game}, Ss)"), "Ss")?;
    let states: Vec<Term> = term::as_list(&list).unwrap_or_default();
    if states.is_empty() {
        return Err(GameError::Contract(format!(
            "{} gave no position to search from (players:bench_positions/2)",
            info.name
        )));
    }
    for (level, work, unit) in [
        ("alphabeta", depth, "positions"),
        ("mcts", iterations, "iterations"),
    ] {
        println!(
            "The generic {level}, {}, no clock: {} positions (the start, and of three random games), {} in CPU time",
            if level == "alphabeta" {
                format!("to depth {work}")
            } else {
                format!("{work} iterations")
            },
            states.len(),
            rounds_text(rounds)
        );
        let mut best: Vec<Option<Searched>> = (0..states.len()).map(|_| None).collect();
        for _ in 0..rounds {
            for (k, state) in states.iter().enumerate() {
                let goal = format!(
                    "players:bench_search({game}, {level}, {}, {work}, M, I)",
                    term::to_text(state)
                );
                let Some(mut b) = rules.engine().query_once(&goal)? else {
                    continue; // a finished game: nothing to search
                };
                let mv = b.remove("M").unwrap_or(Term::atom("none"));
                let searched = searched_from(rules, state, mv, b.get("I"), "work");
                same_or_faster(&mut best[k], searched, k)?;
            }
        }
        print_table(&best, unit);
        println!();
    }
    Ok(())
}

/// What one search found, from its move and `Info` list (`key(N)` the work done).
fn searched_from(
    rules: &Rules,
    state: &Term,
    mv: Term,
    info: Option<&Term>,
    key: &str,
) -> Searched {
    let items = info.and_then(term::as_list).unwrap_or_default();
    let item = |name: &str| {
        items
            .iter()
            .find_map(|t| term::args(t, name, 1).map(|a| a[0].clone()))
    };
    let number = |name: &str| item(name).as_ref().and_then(term::as_i64).unwrap_or(0);
    let state = game::State::from_answer(state.clone());
    Searched {
        nodes: number(key),
        ms: number("ms"),
        depth: number("depth"),
        mv: rules
            .move_text(&state, &game::Move::new(mv.clone()))
            .unwrap_or_else(|_| term::to_text(&mv)),
        reason: item("reason")
            .map(|r| rules.reason_text(&r))
            .unwrap_or_default(),
    }
}

/// Keeps the faster of two rounds of position `k`, which must have done the same work.
fn same_or_faster(
    slot: &mut Option<Searched>,
    searched: Searched,
    k: usize,
) -> Result<(), GameError> {
    match slot {
        Some(old) if old.nodes != searched.nodes || old.mv != searched.mv => {
            Err(GameError::Contract(format!(
                "the search of position {} is not the same from one round to the \
                 next ({} and {}, then {} and {}): it must not depend on \
                 the clock or on chance to be measured",
                k + 1,
                old.nodes,
                old.mv,
                searched.nodes,
                searched.mv
            )))
        }
        Some(old) if old.ms <= searched.ms => Ok(()),
        _ => {
            *slot = Some(searched);
            Ok(())
        }
    }
}

/// The table of the searches, a line a position, and the totals.
fn print_table(best: &[Option<Searched>], unit: &str) {
    println!(
        "{:>3} {:>10} {:>8} {:>10} {:>5}  {:<8} value",
        "#", unit, "CPU ms", "a second", "depth", "move"
    );
    let (mut nodes, mut ms) = (0i64, 0i64);
    let mut moves = Vec::new();
    for (k, s) in best.iter().enumerate() {
        let Some(s) = s else { continue };
        nodes += s.nodes;
        ms += s.ms;
        moves.push(s.mv.clone());
        println!(
            "{:>3} {:>10} {:>8} {:>10} {:>5}  {:<8} {}",
            k + 1,
            s.nodes,
            s.ms,
            per_second(s.nodes, s.ms),
            s.depth,
            s.mv,
            s.reason
        );
    }
    println!(
        "total {} {unit} in {:.2} s of CPU: {} a second",
        nodes,
        ms as f64 / 1000.0,
        per_second(nodes, ms)
    );
    println!("moves {}", moves.join(" "));
}

/// The players module of `rules`, quoted, when it defines every predicate of `preds`
/// (`name/arity`); else the error `missing` makes.
pub(super) fn offering_module(
    rules: &Rules,
    preds: &[&str],
    missing: impl Fn() -> GameError,
) -> Result<String, GameError> {
    let pm = term::quote_atom(rules.players_module().ok_or_else(&missing)?);
    for pi in preds {
        let goal = format!("current_predicate({pm}:{pi})");
        if rules.engine().query_once(&goal)?.is_none() {
            return Err(missing());
        }
    }
    Ok(pm)
}

/// "one round", or "the best of N rounds".
fn rounds_text(rounds: u32) -> String {
    if rounds == 1 {
        "one round".to_string()
    } else {
        format!("the best of {rounds} rounds")
    }
}

fn per_second(nodes: i64, ms: i64) -> String {
    if ms <= 0 {
        return "-".into();
    }
    format!("{:.0}", nodes as f64 * 1000.0 / ms as f64)
}
