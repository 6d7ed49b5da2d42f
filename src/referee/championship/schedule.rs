//! The schedule of a championship: its games (who plays whom, and with which seed),
//! the shards it is split into to be played apart, and the cores of the games in flight.

use serde::{Deserialize, Serialize};

/// One of the parts a championship's schedule is split into, to be played apart
/// (on a cluster's nodes) and merged: shard `number` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub number: usize,
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("--shard {s:?}: expected K/N, e.g. 2/10 (shard 2 of 10)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let number: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || number == 0 || number > count {
            return Err(format!(
                "--shard {s:?}: K must be between 1 and N (shard {number} of {count} does not exist)"
            ));
        }
        Ok(Shard { number, count })
    }
}

/// What a shard's folder says of itself (`shard.json`), beside the championship's
/// settings: which shard it is, and what the merge needs to grade as the
/// unsharded run would.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    pub shard: Shard,
    pub scoring: String,
    pub late: Vec<(String, u32)>,
    pub confinement: String,
}

/// The file a shard's folder holds its [`ShardFile`] in.
pub const SHARD_FILE: &str = "shard.json";

/// The shard (1-based) of every game of the schedule.
pub fn shard_of_games(players: usize, plan: &[Pairing], count: usize) -> Vec<usize> {
    let games: Vec<(usize, usize)> = plan.iter().map(|p| (p.first, p.second)).collect();
    crate::referee::championship::shards::assign(players, &games, count)
        .into_iter()
        .map(|s| s + 1)
        .collect()
}

/// One scheduled game: its number and the entrants at seat 1 and seat 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub id: usize,
    pub first: usize,
    pub second: usize,
}

/// The schedule: for every pair, a game each way; then the self-games.
pub fn schedule(players: usize, self_games: bool) -> Vec<Pairing> {
    let mut games = Vec::new();
    for i in 0..players {
        for j in i + 1..players {
            games.push((i, j));
            games.push((j, i));
        }
    }
    if self_games {
        games.extend((0..players).map(|i| (i, i)));
    }
    games
        .into_iter()
        .enumerate()
        .map(|(id, (first, second))| Pairing { id, first, second })
        .collect()
}

/// The seed of game `id`'s players.
pub(super) fn game_seed(seed: u64, id: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(id as u64) % (1 << 62)
}

/// The cores this process may run on.
pub fn allowed_cores() -> Vec<usize> {
    // SAFETY: sched_getaffinity fills a set we own; CPU_ISSET reads it in bounds.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return Vec::new();
        }
        (0..libc::CPU_SETSIZE as usize)
            .filter(|c| libc::CPU_ISSET(*c, &set))
            .collect()
    }
}

/// The cores of each of `jobs` games at once: the cores split into `jobs` groups
/// as even as can be; with more games than cores, games share them round the table.
/// Empty sets (no pinning) when the cores are unknown.
pub fn core_slots(jobs: usize, cores: &[usize]) -> Vec<Vec<usize>> {
    let jobs = jobs.max(1);
    if cores.is_empty() {
        return vec![Vec::new(); jobs];
    }
    if jobs >= cores.len() {
        return (0..jobs).map(|k| vec![cores[k % cores.len()]]).collect();
    }
    (0..jobs)
        .map(|k| cores[k * cores.len() / jobs..(k + 1) * cores.len() / jobs].to_vec())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_in_flight_get_cores_of_their_own() {
        assert_eq!(core_slots(2, &[0, 1]), vec![vec![0], vec![1]]);
        assert_eq!(core_slots(1, &[0, 1]), vec![vec![0, 1]]);
        assert_eq!(
            core_slots(2, &[0, 1, 2, 3, 4]),
            vec![vec![0, 1], vec![2, 3, 4]]
        );
        // More games than cores: they share, round the table.
        assert_eq!(core_slots(3, &[4, 6]), vec![vec![4], vec![6], vec![4]]);
        assert_eq!(core_slots(2, &[]), vec![Vec::<usize>::new(), Vec::new()]);
    }
}
