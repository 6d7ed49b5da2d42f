//! `tabula bench exact GAME`: how far from the end a game's exact endgame search proves
//! the value within a budget (its horizon). A game's players offer this with
//! `exact_horizon_positions(-ByCount)` (`Count-Texts` pairs: a count of moves left and
//! positions that have it, written out so that the suite stays fixed) and
//! `exact_horizon_solve(+Text, +BudgetMs, -Info)` (Info: `solved(true|false)`, `ms(T)`,
//! `nodes(N)`, `value(V)`). Rust only counts and prints; what a position is, and what
//! solving it means, stays in the Prolog.

use super::*;

/// One position's attempt.
struct Attempt {
    solved: bool,
    ms: i64,
    nodes: i64,
}

pub(super) fn bench_exact(
    names: &[String],
    budget_ms: u64,
    positions: Option<u32>,
) -> Result<(), GameError> {
    let [name] = names else {
        return Err(GameError::Usage(
            "bench exact measures one game: tabula bench exact GAME [--budget MS]".into(),
        ));
    };
    if budget_ms == 0 {
        return Err(GameError::Usage("--budget must be 1 ms or more".into()));
    }
    let info = game_info(Some(name), None)?;
    let rules = Rules::load(info, None)?;
    let no_bench = || {
        GameError::Usage(format!(
            "the players of {} offer no exact-search bench (exact_horizon_positions/1 and \
             exact_horizon_solve/3 in their module)",
            info.name
        ))
    };
    let pm = super::bench_search::offering_module(
        &rules,
        &["exact_horizon_positions/1", "exact_horizon_solve/3"],
        no_bench,
    )?;
    let by_count = term::as_list(
        &rules
            .engine()
            .query_value(&format!("{pm}:exact_horizon_positions(Ps)"), "Ps")?,
    )
    .unwrap_or_default();
    let mut suite: Vec<(i64, Vec<String>)> = by_count
        .iter()
        .filter_map(|pair| {
            let [count, texts] = term::args(pair, "-", 2)? else {
                return None;
            };
            let texts: Vec<String> = term::as_list(texts)?
                .iter()
                .filter_map(term::as_text)
                .collect();
            Some((term::as_i64(count)?, texts))
        })
        .collect();
    suite.sort_by_key(|(count, _)| *count);
    if let Some(n) = positions {
        for (_, texts) in &mut suite {
            texts.truncate(n.max(1) as usize);
        }
    }
    if suite.iter().all(|(_, texts)| texts.is_empty()) {
        return Err(no_bench());
    }
    println!(
        "{}: the exact search within {budget_ms} ms of CPU a position, by moves left \
         (ms: all positions, the unsolved at what they spent; positions searched: the solved)",
        info.name
    );
    println!(
        "{:>5} {:>7} {:>9} {:>7} {:>11} {:>11}",
        "left", "solved", "median ms", "max ms", "median pos", "max pos"
    );
    // The horizon: the largest count up to which every position of every count is solved.
    let mut horizon = None;
    let mut unbroken = true;
    for (count, texts) in &suite {
        let mut attempts = Vec::new();
        for text in texts {
            let goal = format!(
                "{pm}:exact_horizon_solve({}, {budget_ms}, I)",
                term::quote_string(text)
            );
            let items = rules
                .engine()
                .query_value(&goal, "I")
                .ok()
                .and_then(|i| term::as_list(&i))
                .ok_or_else(|| {
                    GameError::Contract(format!("exact_horizon_solve/3 failed on {text:?}"))
                })?;
            let item = |name: &str| {
                items
                    .iter()
                    .find_map(|t| term::args(t, name, 1).map(|a| a[0].clone()))
            };
            attempts.push(Attempt {
                solved: item("solved").as_ref().and_then(term::as_atom) == Some("true"),
                ms: item("ms").as_ref().and_then(term::as_i64).unwrap_or(0),
                nodes: item("nodes").as_ref().and_then(term::as_i64).unwrap_or(0),
            });
        }
        let solved = attempts.iter().filter(|a| a.solved).count();
        let ms: Vec<i64> = attempts.iter().map(|a| a.ms).collect();
        let nodes: Vec<i64> = attempts
            .iter()
            .filter(|a| a.solved)
            .map(|a| a.nodes)
            .collect();
        println!(
            "{:>5} {:>7} {:>9} {:>7} {:>11} {:>11}",
            count,
            format!("{solved}/{}", attempts.len()),
            median(&ms),
            ms.iter().max().map_or("-".into(), |m| m.to_string()),
            median(&nodes),
            nodes.iter().max().map_or("-".into(), |m| m.to_string()),
        );
        unbroken &= solved == attempts.len();
        if unbroken {
            horizon = Some(*count);
        }
    }
    match horizon {
        Some(h) => println!("horizon {h} moves left: every position up to {h} solved"),
        None => println!("horizon none: not every position of the smallest count solved"),
    }
    Ok(())
}

fn median(xs: &[i64]) -> String {
    if xs.is_empty() {
        return "-".into();
    }
    let mut v = xs.to_vec();
    v.sort_unstable();
    v[v.len() / 2].to_string()
}
