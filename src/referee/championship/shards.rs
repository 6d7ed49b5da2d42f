//! Splitting a championship into shards (jobs on a cluster) that are fair to
//! every player.
//!
//! # The guarantee
//!
//! [`assign`] puts every game of the schedule in exactly one of `shards` shards,
//! deterministically (a pure function of its arguments), such that
//!
//! * the shards' sizes differ by at most one game;
//! * for every player, its numbers of games in the shards differ by at most one
//!   (a self-game counts once) — whenever that is possible at all. For a few
//!   (players, shards) it is not, by a parity count ([`balance_possible`] says
//!   when: for the schedule without self-games, the smallest case is 3 players in
//!   4 shards, where everyone would need exactly one game in each shard, so each
//!   shard would hold 3 player-slots, which games of 2 slots cannot fill). There
//!   exactly one player is two apart and every other player within one, which is
//!   the best possible.
//!
//! This is promised for the championship's schedule (every ordered pair of
//! players once, with or without one self-game each). For any other list of games
//! the result is still a partition with sizes within one; the per-player balance
//! is sought the same way, not promised.
//!
//! # How
//!
//! Games are the edges of a multigraph on the players (a self-game is an edge to
//! a private extra vertex, so that it counts once) and shards are colours; a
//! player's games in a shard are its degree in that colour.
//!
//! 1. Start from whole rounds: the circle method splits the double round robin
//!    into rounds in which every player plays once (with an odd number of players
//!    one rests in each round; its self-game, if any, fills that rest), and the
//!    rounds go to the shards in turn. With an even number of players every
//!    player is then already balanced.
//! 2. Balance the players (needed for odd numbers of players). While a vertex v
//!    has colours a and b two apart, walk from v along unused edges coloured a,
//!    b, a, … and stop at the first other vertex that has more edges of the colour
//!    it was reached by than of the other: swapping a and b along that walk takes
//!    two off v's gap, leaves every vertex passed through as it was and does not
//!    widen the last one's gap; so the sum of all squared counts falls, and the
//!    descent ends. When every such walk can only come back to v, v's component
//!    in the subgraph of colours a and b is recoloured alternately along an Euler
//!    partition (trails joining its odd-degree vertices), which brings every
//!    vertex of it within one in a and b — unless all its degrees are even and
//!    its edge count odd: then one vertex of our choosing keeps a surplus of two.
//!    If that was v's lone surplus, it is moved on, to another vertex of the
//!    component or onto a third colour (through an a/c or c/b recolouring), as a
//!    fixed-seed generator picks, and the descent goes on. That such moves always
//!    find a way down is checked, not proved: every schedule up to 160 players
//!    and 64 shards needs fewer than a hundred of them; a bound stops them in any
//!    case.
//! 3. When the parity count says the balance is impossible, a dummy vertex joined
//!    to one player by the fewest edges that make the count possible is added
//!    before step 2, and its edges are dropped after; as step 2 puts those edges in
//!    different shards, that player ends at most two apart.
//! 4. Balance the shards' sizes. In the subgraph of a larger colour a and a
//!    smaller colour b, pairing each vertex's a-edges with its b-edges splits the
//!    edges into alternating trails whose ends are the unpaired edges; more of
//!    them end with colour a at both ends than with b, by the difference in
//!    size. Swapping a and b along such a trail moves one game from a to b while
//!    each end vertex only trades an a it had in surplus for a b, so no player's
//!    range widens. The trails are found by walking from a vertex with a surplus
//!    of a and stopping at the first vertex reached by an a-edge that still has
//!    one unpaired; repeated from over-full to under-full shards, this ends with
//!    sizes within one.
//!
//! Shards start as whole rounds, and a round has games from all over the
//! schedule, so a shard's games are spread over it rather than forming a block.

use std::collections::{HashMap, VecDeque};

/// No edge / no colour yet.
const NONE: u32 = u32::MAX;
/// Up to this many (vertex, shard) lists are kept in a plain vector; beyond, in a
/// hash map, so that memory follows the games rather than players × shards.
const DENSE_LISTS: usize = 1 << 20;
/// At most this many of a player's least-used shards are tried in one step, so
/// that a step stays cheap however many shards there are.
const TRY_LOW: usize = 32;

/// The shard (0-based, < shards) of each game of the schedule, by game number.
///
/// `games[k]` is game k's (first, second) player; `(i, i)` is a self-game, which
/// counts once for player i. Only the players named in `games` matter, so
/// `players` (the number of entrants) is not needed beyond them. Shards' sizes differ by at most one; every player's
/// games are spread over the shards within one of each other unless
/// [`balance_possible`] says that cannot be, and then all players but one are
/// within one and that one within two (see the module's documentation for the
/// exact promise). `shards == 0` is taken as 1. When there are at least as many
/// shards as games, game k goes to shard k and the rest stay empty.
pub fn assign(players: usize, games: &[(usize, usize)], shards: usize) -> Vec<usize> {
    let k = shards.max(1);
    if k == 1 {
        return vec![0; games.len()];
    }
    if games.len() <= k {
        return (0..games.len()).collect();
    }
    let _ = players;
    let (mut deg, loops) = degrees(games);
    let n = deg.len();
    // When no split can balance everyone, a dummy vertex joined to one player
    // (the busiest, the first of equals) absorbs the parity; see step 3.
    let mut dummy = None;
    if !feasible(&deg, loops, k) {
        let star = (0..n)
            .max_by_key(|&v| (deg[v], std::cmp::Reverse(v)))
            .unwrap_or(0);
        for extra in 1..=k {
            deg[star] += extra;
            deg.push(extra);
            let ok = feasible(&deg, loops, k);
            deg.pop();
            deg[star] -= extra;
            if ok {
                dummy = Some((star, extra));
                break;
            }
        }
    }
    let mut graph = Graph::new(n, games, k, dummy);
    graph.start_from_rounds(games);
    graph.balance_players();
    graph.drop_dummy(games.len());
    graph.balance_sizes();
    graph.colour.iter().map(|&c| c as usize).collect()
}

/// Whether some split of `games` into `shards` shards keeps every player's games
/// per shard within one of each other, as far as counting can tell: each shard's
/// player-slots must be an even number of two-player games plus its self-games.
///
/// Where it says no, no split can do it (the count is a necessary condition);
/// where it says yes, [`assign`] does it for the championship's schedules (the
/// tests check all of them up to 40 players and 12 shards, and more).
pub fn balance_possible(players: usize, games: &[(usize, usize)], shards: usize) -> bool {
    let k = shards.max(1);
    if k == 1 || games.len() <= k {
        return true;
    }
    let _ = players;
    let (deg, loops) = degrees(games);
    feasible(&deg, loops, k)
}

/// Each player's number of games (a self-game once), for the players up to the
/// highest named in `games`, and the number of self-games.
fn degrees(games: &[(usize, usize)]) -> (Vec<usize>, usize) {
    let n = games.iter().fold(0, |m, &(a, b)| m.max(a + 1).max(b + 1));
    let mut deg = vec![0; n];
    let mut loops = 0;
    for &(a, b) in games {
        deg[a] += 1;
        if a == b {
            loops += 1;
        } else {
            deg[b] += 1;
        }
    }
    (deg, loops)
}

/// The counting test for a balanced split of a multigraph with vertex degrees
/// `deg`, plus `loops` vertices of degree 1 (the self-games' private ends), into
/// k ≥ 2 colours.
///
/// A vertex of degree d = qk + r has q or q+1 edges of each colour, q+1 in
/// exactly r colours. If a_s vertices have q+1 in colour s, colour s's degree sum
/// Σq + a_s must be even, so every a_s has the parity of Σq and lies between 0
/// and the number of vertices with r > 0. The 0/1 matrix (vertex, colour) ↦
/// "has q+1" must then exist with row sums r and column sums a (Gale–Ryser); the
/// most even a of the right parity is majorised by every other, so it is the one
/// to test.
fn feasible(deg: &[usize], loops: usize, k: usize) -> bool {
    let mut odd_q = 0;
    let mut total = loops;
    let mut with_rest = loops;
    let mut by_rest = vec![0usize; k];
    by_rest[1] += loops;
    for &d in deg {
        odd_q ^= (d / k) & 1;
        let r = d % k;
        total += r;
        with_rest += usize::from(r > 0);
        by_rest[r] += 1;
    }
    let lo = odd_q;
    if with_rest < lo {
        return false;
    }
    let hi = with_rest - (with_rest - lo) % 2;
    if total < k * lo || total > k * hi {
        return false;
    }
    // a_s = lo + 2⌊x/k⌋ + 2[s < x mod k], largest first; at_least[j] = #{r ≥ j}.
    let x = (total - k * lo) / 2;
    let mut at_least = vec![0usize; k + 1];
    for j in (1..k).rev() {
        at_least[j] = at_least[j + 1] + by_rest[j];
    }
    let (mut lhs, mut rhs) = (0, 0);
    for s in 0..k {
        lhs += lo + 2 * (x / k) + if s < x % k { 2 } else { 0 };
        rhs += at_least[s + 1];
        if lhs > rhs {
            return false;
        }
    }
    true
}

/// The edges of each (vertex, colour), in a vector while that stays small, else
/// in a hash map (only looked up, never iterated, so the result stays
/// deterministic).
enum Lists {
    Dense(Vec<Vec<u32>>),
    Sparse(HashMap<usize, Vec<u32>>),
}

impl Lists {
    fn get(&self, i: usize) -> &[u32] {
        match self {
            Lists::Dense(v) => v.get(i).map_or(&[], Vec::as_slice),
            Lists::Sparse(m) => m.get(&i).map_or(&[], Vec::as_slice),
        }
    }

    /// Appends e to list i; its position.
    fn push(&mut self, i: usize, e: u32) -> u32 {
        let list = match self {
            Lists::Dense(v) => match v.get_mut(i) {
                Some(list) => list,
                None => return NONE,
            },
            Lists::Sparse(m) => m.entry(i).or_default(),
        };
        list.push(e);
        (list.len() - 1) as u32
    }

    /// Removes the entry at `pos` of list i; the edge moved into `pos`, if any.
    fn swap_remove(&mut self, i: usize, pos: u32) -> Option<u32> {
        let list = match self {
            Lists::Dense(v) => v.get_mut(i)?,
            Lists::Sparse(m) => m.get_mut(&i)?,
        };
        let pos = pos as usize;
        if pos >= list.len() {
            return None;
        }
        list.swap_remove(pos);
        list.get(pos).copied()
    }
}

/// The games as a multigraph and their colouring (shards), with what the
/// balancing needs to find a vertex's edges of a colour quickly.
struct Graph {
    /// Number of colours (shards).
    k: usize,
    /// Vertices 0..players are the players.
    players: usize,
    /// Vertices 0..checked must end balanced: the players and the dummy, if any;
    /// after them come the self-games' private ends.
    checked: usize,
    /// Both ends of each edge: the games, then the dummy's edges.
    ends: Vec<[u32; 2]>,
    colour: Vec<u32>,
    /// (vertex · k + colour) ↦ its edges of that colour.
    lists: Lists,
    /// Each edge's position in the lists of its two ends.
    slot: Vec<[u32; 2]>,
    /// Every edge of each vertex, whatever the colour (offsets into `adj`).
    adj_off: Vec<usize>,
    adj: Vec<u32>,
    /// Scratch: marks of visited vertices and edges (by `stamp`), a component's
    /// vertices and edges, and vertex ↦ index within the component.
    vseen: Vec<u32>,
    eseen: Vec<u32>,
    stamp: u32,
    comp_v: Vec<u32>,
    comp_e: Vec<u32>,
    local: Vec<u32>,
    /// Scratch of step 4: per vertex, [unused a-edges, unused b-edges, used
    /// prefix of its a-list, of its b-list], valid where `tseen` has the stamp.
    tstate: Vec<[usize; 4]>,
    tseen: Vec<u32>,
    /// Fixed-seed generator for the moves of step 2.
    rng: u64,
}

impl Graph {
    fn new(n: usize, games: &[(usize, usize)], k: usize, dummy: Option<(usize, usize)>) -> Graph {
        let checked = n + usize::from(dummy.is_some());
        let mut nv = checked;
        let mut ends = Vec::with_capacity(games.len());
        for &(a, b) in games {
            if a == b {
                ends.push([a as u32, nv as u32]);
                nv += 1;
            } else {
                ends.push([a as u32, b as u32]);
            }
        }
        if let Some((star, extra)) = dummy {
            ends.extend(std::iter::repeat_n([star as u32, n as u32], extra));
        }
        let mut adj_off = vec![0; nv + 1];
        for &[p, q] in &ends {
            adj_off[p as usize + 1] += 1;
            adj_off[q as usize + 1] += 1;
        }
        for v in 0..nv {
            adj_off[v + 1] += adj_off[v];
        }
        let mut fill = adj_off.clone();
        let mut adj = vec![0; adj_off[nv]];
        for (e, &[p, q]) in ends.iter().enumerate() {
            for v in [p as usize, q as usize] {
                adj[fill[v]] = e as u32;
                fill[v] += 1;
            }
        }
        let m = ends.len();
        let lists = if nv.saturating_mul(k) <= DENSE_LISTS {
            Lists::Dense(vec![Vec::new(); nv * k])
        } else {
            Lists::Sparse(HashMap::new())
        };
        Graph {
            k,
            players: n,
            checked,
            ends,
            colour: vec![NONE; m],
            lists,
            slot: vec![[NONE; 2]; m],
            adj_off,
            adj,
            vseen: vec![0; nv],
            eseen: vec![0; m],
            stamp: 0,
            comp_v: Vec::new(),
            comp_e: Vec::new(),
            local: vec![0; nv],
            tstate: vec![[0; 4]; nv],
            tseen: vec![0; nv],
            rng: 0x5EED_0F5A_4D5A_11CE,
        }
    }

    /// splitmix64.
    fn random(&mut self, below: usize) -> usize {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % below.max(1) as u64) as usize
    }

    fn list(&self, v: usize, c: usize) -> &[u32] {
        self.lists.get(v * self.k + c)
    }

    fn count(&self, v: usize, c: usize) -> usize {
        self.list(v, c).len()
    }

    fn degree(&self, v: usize) -> usize {
        self.adj_off[v + 1] - self.adj_off[v]
    }

    fn other_end(&self, e: usize, v: usize) -> usize {
        let [p, q] = self.ends[e];
        if p as usize == v {
            q as usize
        } else {
            p as usize
        }
    }

    /// Takes edge e out of its two lists.
    fn unlist(&mut self, e: usize) {
        let old = self.colour[e];
        if old == NONE {
            return;
        }
        for side in 0..2 {
            let v = self.ends[e][side] as usize;
            if let Some(f) = self
                .lists
                .swap_remove(v * self.k + old as usize, self.slot[e][side])
            {
                let f = f as usize;
                let f_side = usize::from(self.ends[f][0] as usize != v);
                self.slot[f][f_side] = self.slot[e][side];
            }
        }
        self.colour[e] = NONE;
    }

    fn set_colour(&mut self, e: usize, c: usize) {
        if self.colour[e] == c as u32 {
            return;
        }
        self.unlist(e);
        for side in 0..2 {
            let v = self.ends[e][side] as usize;
            self.slot[e][side] = self.lists.push(v * self.k + c, e as u32);
        }
        self.colour[e] = c as u32;
    }

    /// Step 1: the circle method's rounds (each player once per round; with an
    /// odd number of players, the one resting plays its self-game in the first
    /// half), each round to the next shard in turn. A list of games that is not a
    /// whole schedule leaves games over; each goes where its ends have fewest.
    fn start_from_rounds(&mut self, games: &[(usize, usize)]) {
        let n = self.players;
        let mut index: Vec<(u32, u32, u32)> = games
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| (a as u32, b as u32, i as u32))
            .collect();
        index.sort_unstable();
        let mut taken = vec![false; games.len()];
        let mut take = |a: usize, b: usize| -> Option<usize> {
            let key = (a as u32, b as u32);
            let from = index.partition_point(|&(x, y, _)| (x, y) < key);
            let found = index[from..]
                .iter()
                .take_while(|&&(x, y, _)| (x, y) == key)
                .map(|&(_, _, i)| i as usize)
                .find(|&i| !taken[i])?;
            taken[found] = true;
            Some(found)
        };
        let circle = n + n % 2;
        let turning = circle - 1;
        let mut rounds: Vec<Vec<usize>> = Vec::new();
        for half in 0..2 {
            for r in 0..turning {
                let mut round = Vec::new();
                let pairs = std::iter::once((r, circle - 1)).chain(
                    (1..circle / 2).map(|i| ((r + i) % turning, (r + turning - i) % turning)),
                );
                for (x, y) in pairs {
                    let (x, y) = if half == 0 { (x, y) } else { (y, x) };
                    let game = if y >= n {
                        (half == 0).then(|| take(x, x)).flatten()
                    } else if x >= n {
                        (half == 0).then(|| take(y, y)).flatten()
                    } else {
                        take(x, y)
                    };
                    round.extend(game);
                }
                rounds.push(round);
            }
        }
        if n.is_multiple_of(2) {
            rounds.push((0..n).filter_map(|i| take(i, i)).collect());
        }
        let mut c = 0;
        for round in rounds.iter().filter(|r| !r.is_empty()) {
            for &e in round {
                self.set_colour(e, c);
            }
            c = (c + 1) % self.k;
        }
        for e in 0..self.colour.len() {
            if self.colour[e] == NONE {
                let [p, q] = self.ends[e];
                let best = (0..self.k.min(TRY_LOW))
                    .map(|i| (e + i) % self.k)
                    .min_by_key(|&c| self.count(p as usize, c) + self.count(q as usize, c))
                    .unwrap_or(0);
                self.set_colour(e, best);
            }
        }
    }

    /// The highest and lowest of v's counts over the colours.
    fn extremes(&self, v: usize) -> (usize, usize) {
        if self.degree(v) < self.k {
            // Some colour is missing; the others are those of v's edges.
            let hi = self.adj[self.adj_off[v]..self.adj_off[v + 1]]
                .iter()
                .filter(|&&e| self.colour[e as usize] != NONE)
                .map(|&e| self.count(v, self.colour[e as usize] as usize))
                .max()
                .unwrap_or(0);
            return (hi, 0);
        }
        (0..self.k).fold((0, usize::MAX), |(hi, lo), c| {
            let x = self.count(v, c);
            (hi.max(x), lo.min(x))
        })
    }

    /// Up to `limit` colours in which v has exactly `x` edges, from a rotating
    /// start so that repeated steps try different ones.
    fn colours_with(&mut self, v: usize, x: usize, limit: usize) -> Vec<usize> {
        if x > 0 && self.degree(v) < self.k {
            let mut found: Vec<usize> = self.adj[self.adj_off[v]..self.adj_off[v + 1]]
                .iter()
                .map(|&e| self.colour[e as usize])
                .filter(|&c| c != NONE && self.count(v, c as usize) == x)
                .map(|c| c as usize)
                .collect();
            found.sort_unstable();
            found.dedup();
            found.truncate(limit);
            return found;
        }
        let from = self.random(self.k);
        (0..self.k)
            .map(|i| (from + i) % self.k)
            .filter(|&c| self.count(v, c) == x)
            .take(limit)
            .collect()
    }

    /// Whether vertex x, with colours a and b level, has some other colour at a
    /// different count: a surplus moved onto x can then leave through that colour.
    fn uneven(&self, x: usize, a: usize, b: usize) -> bool {
        let level = self.count(x, a);
        if self.degree(x) + 2 < self.k {
            // Some third colour is empty at x.
            return level > 0 || self.degree(x) > 2 * level;
        }
        (0..self.k).any(|c| c != a && c != b && self.count(x, c) != level)
    }

    /// Collects the component of v in the subgraph of colours a and b.
    fn component(&mut self, a: usize, b: usize, v: usize) {
        let s = self.next_stamp();
        self.comp_v.clear();
        self.comp_e.clear();
        self.vseen[v] = s;
        self.comp_v.push(v as u32);
        let mut i = 0;
        while let Some(&x) = self.comp_v.get(i) {
            i += 1;
            let x = x as usize;
            for c in [a, b] {
                for j in 0..self.count(x, c) {
                    let e = self.list(x, c)[j] as usize;
                    if self.eseen[e] == s {
                        continue;
                    }
                    self.eseen[e] = s;
                    self.comp_e.push(e as u32);
                    let y = self.other_end(e, x);
                    if self.vseen[y] != s {
                        self.vseen[y] = s;
                        self.comp_v.push(y as u32);
                    }
                }
            }
        }
    }

    /// Recolours the collected component with a and b alternating along an Euler
    /// partition: trails joining its odd-degree vertices (an Euler circuit through
    /// an extra vertex joined to each of them), or, if there are none, one circuit
    /// from `root` starting with colour `first`. Every vertex then has a and b
    /// within one, but for `root` of a circuit of odd length. `prefer` = (y, c):
    /// the trail ending at odd vertex y ends there with colour c, so that y's
    /// extra edge is of colour c.
    fn euler(
        &mut self,
        a: usize,
        b: usize,
        root: usize,
        first: usize,
        prefer: Option<(usize, usize)>,
    ) {
        let nloc = self.comp_v.len();
        for (i, &x) in self.comp_v.iter().enumerate() {
            self.local[x as usize] = i as u32;
        }
        let mut ends: Vec<[u32; 2]> = Vec::with_capacity(self.comp_e.len() + nloc);
        let mut deg = vec![0u32; nloc + 1];
        for &e in &self.comp_e {
            let [p, q] = self.ends[e as usize];
            let (p, q) = (self.local[p as usize], self.local[q as usize]);
            ends.push([p, q]);
            deg[p as usize] += 1;
            deg[q as usize] += 1;
        }
        let real = ends.len();
        let extra = nloc as u32;
        for i in 0..nloc {
            if deg[i] % 2 == 1 {
                ends.push([i as u32, extra]);
                deg[i] += 1;
                deg[nloc] += 1;
            }
        }
        let odd = deg[nloc] > 0;
        let mut off = vec![0usize; nloc + 2];
        for i in 0..=nloc {
            off[i + 1] = off[i] + deg[i] as usize;
        }
        let mut fill = off.clone();
        let mut adj = vec![0u32; off[nloc + 1]];
        for (e, &[p, q]) in ends.iter().enumerate() {
            for v in [p as usize, q as usize] {
                adj[fill[v]] = e as u32;
                fill[v] += 1;
            }
        }
        // Hierholzer; `circuit` is the circuit's edges (reversed, which is as good).
        let start = if odd { nloc } else { self.local[root] as usize };
        let mut used = vec![false; ends.len()];
        let mut next = off.clone();
        let mut stack: Vec<(usize, u32)> = vec![(start, NONE)];
        let mut circuit: Vec<u32> = Vec::with_capacity(ends.len());
        while let Some(&(x, came_by)) = stack.last() {
            while next[x] < off[x + 1] && used[adj[next[x]] as usize] {
                next[x] += 1;
            }
            if next[x] == off[x + 1] {
                stack.pop();
                if came_by != NONE {
                    circuit.push(came_by);
                }
            } else {
                let e = adj[next[x]] as usize;
                used[e] = true;
                let [p, q] = ends[e];
                let y = if p as usize == x { q } else { p };
                stack.push((y as usize, e as u32));
            }
        }
        let swap = |c: usize| if c == a { b } else { a };
        if !odd {
            let mut c = first;
            for &e in &circuit {
                self.set_colour(self.comp_e[e as usize] as usize, c);
                c = swap(c);
            }
            return;
        }
        // Walk the circuit from the extra vertex; each stretch between two of its
        // edges is a trail between odd vertices, coloured on its own.
        let prefer = prefer.map(|(y, c)| (self.local[y] as usize, c));
        let mut at = nloc;
        let mut from = (0, nloc);
        for (i, &e) in circuit.iter().enumerate() {
            let [p, q] = ends[e as usize];
            let to = if p as usize == at { q } else { p } as usize;
            if e as usize >= real {
                if at == nloc {
                    from = (i + 1, to);
                } else {
                    let (begin, tail) = from;
                    // Either colour may start a trail; keep as many edges as can be.
                    let stay = circuit[begin..i]
                        .iter()
                        .enumerate()
                        .filter(|&(j, &f)| {
                            let now = self.colour[self.comp_e[f as usize] as usize] as usize;
                            (now == a) == j.is_multiple_of(2)
                        })
                        .count();
                    let mut c = if 2 * stay >= i - begin { a } else { b };
                    if let Some((y, want)) = prefer {
                        if tail == y {
                            c = want;
                        } else if at == y {
                            c = if (i - begin) % 2 == 1 {
                                want
                            } else {
                                swap(want)
                            };
                        }
                    }
                    for &f in &circuit[begin..i] {
                        self.set_colour(self.comp_e[f as usize] as usize, c);
                        c = swap(c);
                    }
                }
            }
            at = to;
        }
    }

    /// Step 2: brings every checked vertex's counts within one of each other
    /// (unless the bound on surplus moves stops it first, never seen on a
    /// schedule).
    fn balance_players(&mut self) {
        let checked = self.checked;
        let mut queue: VecDeque<usize> = (0..checked).collect();
        let mut queued = vec![true; checked];
        let mut moves = 0usize;
        let bound = 10_000 + 50 * self.vseen.len();
        while let Some(v) = queue.pop_front() {
            queued[v] = false;
            loop {
                let (hi, lo) = self.extremes(v);
                if hi <= lo + 1 {
                    break;
                }
                let highs = self.colours_with(v, hi, usize::MAX);
                let lows = self.colours_with(v, lo, TRY_LOW);
                match self.descend(v, &highs, &lows) {
                    Descent::Done(None) => {}
                    Descent::Done(Some(root)) => {
                        if root < checked && !queued[root] {
                            queued[root] = true;
                            queue.push_back(root);
                        }
                    }
                    Descent::Stuck(pairs) => {
                        moves += 1;
                        if moves > bound || pairs.is_empty() {
                            return;
                        }
                        let (a, b) = pairs[self.random(pairs.len())];
                        if let Some(y) = self.move_surplus(v, a, b, hi)
                            && !queued[y]
                        {
                            queued[y] = true;
                            queue.push_back(y);
                        }
                    }
                }
            }
        }
    }

    /// One descent step at v, whose colours `highs` are two above `lows` or more:
    /// rebalances the first pair whose component allows it, and says which vertex
    /// (if any) may have been put out of balance; or gives the pairs, none of
    /// which allow it.
    fn descend(&mut self, v: usize, highs: &[usize], lows: &[usize]) -> Descent {
        // Cheap first: a short alternating trail to a vertex that can take it.
        for &a in highs {
            for &b in lows {
                if self.short_trail(v, a, b) {
                    return Descent::Done(None);
                }
            }
        }
        let mut stuck = Vec::new();
        for &a in highs {
            for &b in lows {
                self.component(a, b, v);
                let mut odd = false;
                let mut squares = 0;
                let mut other = None;
                for &x in &self.comp_v {
                    let x = x as usize;
                    let (na, nb) = (self.count(x, a), self.count(x, b));
                    odd |= (na + nb) % 2 == 1;
                    let gap = na.abs_diff(nb);
                    squares += gap * gap;
                    if x != v && gap >= 2 {
                        other = Some(x);
                    }
                }
                if odd || self.comp_e.len().is_multiple_of(2) {
                    self.euler(a, b, v, a, None);
                    return Descent::Done(None);
                }
                if squares > 4 {
                    // More than v's lone surplus of two: leave the unavoidable
                    // surplus where there was one already (or anywhere but v).
                    let root = other
                        .or_else(|| self.comp_v.iter().map(|&x| x as usize).find(|&x| x != v))
                        .unwrap_or(v);
                    let first = if self.count(root, a) >= self.count(root, b) {
                        a
                    } else {
                        b
                    };
                    self.euler(a, b, root, first, None);
                    return Descent::Done(Some(root));
                }
                stuck.push((a, b));
            }
        }
        Descent::Stuck(stuck)
    }

    /// Walks from v (which has at least two more a-edges than b-edges) along
    /// unused edges alternating a, b, …, and stops at the first vertex x ≠ v
    /// that has more edges of the colour it was reached by than of the other;
    /// swapping a and b along the walk then takes two from v's gap, leaves every
    /// vertex passed through as it was, and does not widen x's gap. False if the
    /// walk can only come back to v (then v's a/b component needs the Euler
    /// partition).
    fn short_trail(&mut self, v: usize, a: usize, b: usize) -> bool {
        let s = self.next_stamp();
        self.comp_e.clear();
        let (mut x, mut c) = (v, a);
        loop {
            let list = self.lists.get(x * self.k + c);
            let Some(&e) = list.iter().find(|&&e| self.eseen[e as usize] != s) else {
                return false;
            };
            let e = e as usize;
            self.eseen[e] = s;
            self.comp_e.push(e as u32);
            let other = if c == a { b } else { a };
            x = self.other_end(e, x);
            if x != v && self.count(x, c) > self.count(x, other) {
                break;
            }
            c = other;
        }
        for i in 0..self.comp_e.len() {
            let e = self.comp_e[i] as usize;
            let swapped = if self.colour[e] as usize == a { b } else { a };
            self.set_colour(e, swapped);
        }
        true
    }

    /// A fresh mark for `vseen`, `eseen` and `tseen`.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.vseen.fill(0);
            self.eseen.fill(0);
            self.tseen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// v has a at hi, b at hi − 2, and its a/b component (all degrees even, an
    /// odd number of edges) cannot do better. Moves the surplus without changing
    /// any vertex's counts as a multiset: either onto a third colour c at hi − 1
    /// (recolouring the a/c or c/b component, where v has odd degree, so that v's
    /// extra edge is the right colour), or to another vertex of the component
    /// (the circuit then starts there); returns that vertex.
    fn move_surplus(&mut self, v: usize, a: usize, b: usize, hi: usize) -> Option<usize> {
        let middles = self.colours_with(v, hi - 1, usize::MAX);
        if !middles.is_empty() && self.random(2) == 0 {
            let c = middles[self.random(middles.len())];
            if self.random(2) == 0 {
                self.component(a, c, v);
                self.euler(a, c, v, a, Some((v, c)));
            } else {
                self.component(c, b, v);
                self.euler(c, b, v, c, Some((v, b)));
            }
            return None;
        }
        self.component(a, b, v);
        let comp: Vec<usize> = self
            .comp_v
            .iter()
            .map(|&x| x as usize)
            .filter(|&x| x != v && x < self.checked)
            .collect();
        let promising: Vec<usize> = comp
            .iter()
            .copied()
            .filter(|&x| self.uneven(x, a, b))
            .collect();
        let pool = if promising.is_empty() {
            comp
        } else {
            promising
        };
        if pool.is_empty() {
            return None;
        }
        let y = pool[self.random(pool.len())];
        let first = if self.random(2) == 0 { a } else { b };
        self.euler(a, b, y, first, None);
        Some(y)
    }

    /// Step 3's end: the dummy's edges leave the graph.
    fn drop_dummy(&mut self, games: usize) {
        for e in games..self.colour.len() {
            self.unlist(e);
        }
        self.colour.truncate(games);
    }

    /// Step 4: moves games from over-full to under-full shards along alternating
    /// trails until every shard has ⌊M/k⌋ or ⌈M/k⌉ games, the larger targets going
    /// to the shards that are largest already.
    fn balance_sizes(&mut self) {
        let m = self.colour.len();
        let mut size = vec![0usize; self.k];
        for &c in &self.colour {
            size[c as usize] += 1;
        }
        let mut order: Vec<usize> = (0..self.k).collect();
        order.sort_by_key(|&c| (std::cmp::Reverse(size[c]), c));
        let mut target = vec![m / self.k; self.k];
        for &c in order.iter().take(m % self.k) {
            target[c] += 1;
        }
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); self.k];
        for (e, &c) in self.colour.iter().enumerate() {
            members[c as usize].push(e as u32);
        }
        let mut over: Vec<usize> = (0..self.k).filter(|&c| size[c] > target[c]).collect();
        let mut under: Vec<usize> = (0..self.k).filter(|&c| size[c] < target[c]).collect();
        while let (Some(&a), Some(&b)) = (over.last(), under.last()) {
            let want = (size[a] - target[a]).min(target[b] - size[b]);
            let swapped = self.move_trails(a, b, want, &members[a]);
            if swapped.is_empty() {
                break; // cannot happen: there are at least `want` such trails
            }
            for e in swapped {
                members[self.colour[e as usize] as usize].push(e);
            }
            for c in [a, b] {
                members[c].retain(|&e| self.colour[e as usize] as usize == c);
                size[c] = members[c].len();
            }
            if size[a] <= target[a] {
                over.pop();
            }
            if size[b] >= target[b] {
                under.pop();
            }
        }
    }

    /// Splits the a/b subgraph into alternating trails, each started at a vertex
    /// with more unused a-edges than b-edges along an a-edge and followed while it
    /// can alternate, and swaps a and b along up to `want` trails that end with an
    /// a-edge too. Each such trail moves one game from a to b; its interior
    /// vertices keep their counts and its ends trade an a they had in surplus for
    /// a b. Returns the edges swapped.
    fn move_trails(&mut self, a: usize, b: usize, want: usize, a_edges: &[u32]) -> Vec<u32> {
        let s = self.next_stamp();
        let mut flips: Vec<u32> = Vec::new();
        let mut trail: Vec<u32> = Vec::new();
        let mut done = 0;
        for &start in a_edges {
            for u in self.ends[start as usize] {
                let u = u as usize;
                while done < want {
                    let su = self.trail_state(u, a, b);
                    if su[0] <= su[1] {
                        break;
                    }
                    trail.clear();
                    let (mut x, mut c) = (u, a);
                    let mut last = b;
                    while let Some(e) = self.next_unused(x, c, a, b) {
                        let side = usize::from(c == b);
                        self.eseen[e] = s;
                        trail.push(e as u32);
                        let y = self.other_end(e, x);
                        self.trail_state(y, a, b);
                        self.tstate[x][side] -= 1;
                        self.tstate[y][side] -= 1;
                        x = y;
                        last = c;
                        // y has an a-edge left unpaired: the trail may end here.
                        if c == a && self.tstate[y][0] >= self.tstate[y][1] {
                            break;
                        }
                        c = if c == a { b } else { a };
                    }
                    if last == a {
                        flips.extend_from_slice(&trail);
                        done += 1;
                    }
                }
            }
            if done >= want {
                break;
            }
        }
        for &e in &flips {
            let e = e as usize;
            let swapped = if self.colour[e] as usize == a { b } else { a };
            self.set_colour(e, swapped);
        }
        flips
    }

    /// Vertex v's entry of the step-4 scratch, filled on first use.
    fn trail_state(&mut self, v: usize, a: usize, b: usize) -> [usize; 4] {
        if self.tseen[v] != self.stamp {
            self.tseen[v] = self.stamp;
            self.tstate[v] = [self.count(v, a), self.count(v, b), 0, 0];
        }
        self.tstate[v]
    }

    /// v's first edge of colour c not yet in a trail (c is a or b).
    fn next_unused(&mut self, v: usize, c: usize, a: usize, b: usize) -> Option<usize> {
        self.trail_state(v, a, b);
        let side = usize::from(c == b);
        let list = self.lists.get(v * self.k + c);
        let mut i = self.tstate[v][2 + side];
        while i < list.len() && self.eseen[list[i] as usize] == self.stamp {
            i += 1;
        }
        self.tstate[v][2 + side] = i;
        list.get(i).map(|&e| e as usize)
    }
}

/// The outcome of one descent step.
enum Descent {
    /// A pair was rebalanced; the vertex now holding a surplus of two, if any.
    Done(Option<usize>),
    /// No pair could be: these pairs' components are all even, odd-sized, and v
    /// is their only unbalanced vertex.
    Stuck(Vec<(usize, usize)>),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The championship's own schedule: the shards are tested on what is played.
    use crate::referee::championship::schedule;

    fn games(players: usize, self_games: bool) -> Vec<(usize, usize)> {
        schedule(players, self_games)
            .iter()
            .map(|p| (p.first, p.second))
            .collect()
    }

    /// Every player's spread (max − min of its games per shard), and the shards'
    /// spread of sizes; panics unless `out` is a partition into `shards`.
    fn spreads(
        players: usize,
        games: &[(usize, usize)],
        shards: usize,
        out: &[usize],
    ) -> (Vec<usize>, usize) {
        assert_eq!(out.len(), games.len());
        let mut per = vec![vec![0usize; shards]; players];
        let mut size = vec![0usize; shards];
        for (&(a, b), &s) in games.iter().zip(out) {
            assert!(s < shards, "shard {s} of {shards}");
            size[s] += 1;
            per[a][s] += 1;
            if b != a {
                per[b][s] += 1;
            }
        }
        let spread = |v: &[usize]| v.iter().max().unwrap() - v.iter().min().unwrap();
        (per.iter().map(|v| spread(v)).collect(), spread(&size))
    }

    /// The promise: sizes within one; players within one when possible, else all
    /// but one within one and that one within two.
    fn check(players: usize, self_games: bool, shards: usize) {
        let games = games(players, self_games);
        let out = assign(players, &games, shards);
        let (players_spread, size_spread) = spreads(players, &games, shards, &out);
        let what = format!("P={players} N={shards} self={self_games}");
        assert!(size_spread <= 1, "{what}: sizes {size_spread} apart");
        let over: Vec<usize> = players_spread.iter().copied().filter(|&s| s > 1).collect();
        if balance_possible(players, &games, shards) {
            assert!(over.is_empty(), "{what}: players {over:?} apart");
        } else {
            assert_eq!(over, vec![2], "{what}: beyond one: {over:?}");
        }
    }

    /// The closed form of the impossible cases for the schedule, from the count
    /// in `feasible` (P odd, d = qN + r a player's games).
    fn impossible(players: usize, self_games: bool, shards: usize) -> bool {
        let (p, n) = (players, shards);
        let d = if self_games { 2 * p - 1 } else { 2 * p - 2 };
        let (q, r) = (d / n, d % n);
        let m = p * (p - 1) + usize::from(self_games) * p;
        if p % 2 == 0 || n == 1 || m <= n {
            return false;
        }
        if self_games {
            q % 2 == 1 && p * (r + 1) < n
        } else {
            (q % 2 == 1 && p * r < n) || n == 2 * p - 1
        }
    }

    #[test]
    fn every_schedule_up_to_40_players_and_12_shards() {
        for self_games in [false, true] {
            for players in 1..=40 {
                for shards in 1..=12 {
                    check(players, self_games, shards);
                }
            }
        }
    }

    #[test]
    fn large_schedules() {
        for players in [100, 150] {
            for shards in [7, 10, 32, 50] {
                for self_games in [false, true] {
                    check(players, self_games, shards);
                }
            }
        }
    }

    #[test]
    fn odd_and_large_schedules() {
        for (players, shards) in [
            (99, 7),
            (101, 50),
            (151, 32),
            (149, 64),
            (61, 120),
            (45, 89),
            (45, 90),
        ] {
            for self_games in [false, true] {
                check(players, self_games, shards);
            }
        }
    }

    /// A wider sweep than the brief's (slow in a debug build): run with
    /// `cargo test --release -- --ignored`.
    #[test]
    #[ignore]
    fn every_schedule_up_to_160_players_and_64_shards() {
        for self_games in [false, true] {
            for players in 1..=160 {
                for shards in 1..=64 {
                    check(players, self_games, shards);
                }
            }
        }
    }

    #[test]
    fn three_hundred_players_fifty_shards() {
        for self_games in [false, true] {
            for players in [300, 301] {
                let games = games(players, self_games);
                let t = std::time::Instant::now();
                let out = assign(players, &games, 50);
                let took = t.elapsed();
                let (players_spread, size_spread) = spreads(players, &games, 50, &out);
                assert!(size_spread <= 1 && players_spread.iter().all(|&s| s <= 1));
                println!(
                    "P={players} N=50 self={self_games}: {} games in {took:?}",
                    games.len()
                );
            }
        }
    }

    #[test]
    fn impossible_cases_are_exactly_the_counted_ones() {
        let mut seen = Vec::new();
        for self_games in [false, true] {
            for players in 1..=60 {
                let games = games(players, self_games);
                for shards in 1..=30 {
                    let possible = balance_possible(players, &games, shards);
                    assert_eq!(
                        !possible,
                        impossible(players, self_games, shards),
                        "P={players} N={shards} self={self_games}"
                    );
                    if !possible && players <= 40 && shards <= 12 {
                        seen.push((players, shards, self_games));
                    }
                }
            }
        }
        // Within the tested range: P ≡ 3 (mod 4) with N = 4, P ≡ 5 (mod 8) with
        // N = 8, P ≡ 7 (mod 12) with N = 12, N = 2P − 1, and two more; with
        // self-games only two.
        let mut expected: Vec<(usize, usize, bool)> = vec![
            (5, 7, false),
            (7, 11, false),
            (3, 5, false),
            (5, 9, false),
            (3, 5, true),
            (5, 9, true),
        ];
        expected.extend((3..=40).step_by(4).map(|p| (p, 4, false)));
        expected.extend((5..=40).step_by(8).map(|p| (p, 8, false)));
        expected.extend((7..=40).step_by(12).map(|p| (p, 12, false)));
        expected.sort_unstable();
        seen.sort_unstable();
        assert_eq!(seen, expected);
    }

    /// Exhaustive proof of the two smallest impossible cases: no split at all
    /// keeps every player within one.
    #[test]
    fn smallest_impossible_cases_by_brute_force() {
        for (players, self_games, shards) in [(3, false, 4), (3, true, 5)] {
            let games = games(players, self_games);
            assert!(!balance_possible(players, &games, shards));
            let total = shards.pow(games.len() as u32);
            let mut best = usize::MAX;
            for code in 0..total {
                let mut c = code;
                let out: Vec<usize> = (0..games.len())
                    .map(|_| {
                        let s = c % shards;
                        c /= shards;
                        s
                    })
                    .collect();
                let (sp, _) = spreads(players, &games, shards, &out);
                best = best.min(*sp.iter().max().unwrap());
            }
            assert_eq!(best, 2, "P={players} N={shards} self={self_games}");
        }
        // And the smallest possible neighbours are achieved.
        check(3, false, 3);
        check(3, true, 4);
    }

    #[test]
    fn deterministic() {
        for (players, shards, self_games) in [
            (37, 8, false),
            (31, 12, true),
            (40, 7, false),
            (23, 5, true),
        ] {
            let games = games(players, self_games);
            assert_eq!(
                assign(players, &games, shards),
                assign(players, &games, shards)
            );
        }
    }

    #[test]
    fn more_shards_than_games() {
        for (players, shards) in [(1, 3), (2, 5), (3, 7), (3, 6)] {
            for self_games in [false, true] {
                let games = games(players, self_games);
                let out = assign(players, &games, shards);
                let (sp, size) = spreads(players, &games, shards, &out);
                assert!(size <= 1 && sp.iter().all(|&s| s <= 1));
                if shards >= games.len() {
                    let mut sorted = out.clone();
                    sorted.dedup();
                    assert_eq!(sorted.len(), games.len(), "one game per shard");
                }
            }
        }
        assert_eq!(assign(4, &[], 3), Vec::<usize>::new());
        assert_eq!(assign(3, &games(3, false), 0), vec![0; 6]);
    }

    /// Each shard's games are spread over the schedule: none is a contiguous
    /// block; each has games in the first and the last quarter.
    #[test]
    fn shards_spread_over_the_schedule() {
        for (players, shards, self_games) in [
            (20, 4, false),
            (21, 6, true),
            (40, 12, false),
            (13, 8, false),
        ] {
            let games = games(players, self_games);
            let out = assign(players, &games, shards);
            let quarter = games.len() / 4;
            for s in 0..shards {
                assert!(
                    out[..quarter].contains(&s),
                    "shard {s} misses the first quarter"
                );
                assert!(
                    out[games.len() - quarter..].contains(&s),
                    "shard {s} misses the last quarter"
                );
            }
        }
    }

    /// Lists that are not a whole schedule: still a partition with sizes within
    /// one.
    #[test]
    fn other_lists_of_games() {
        let mut x: u64 = 12345;
        let mut next = |below: usize| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((x >> 33) % below as u64) as usize
        };
        for _ in 0..50 {
            let players = 1 + next(15);
            let len = next(200);
            let shards = 1 + next(9);
            let games: Vec<(usize, usize)> =
                (0..len).map(|_| (next(players), next(players))).collect();
            let out = assign(players, &games, shards);
            let (_, size) = spreads(players, &games, shards, &out);
            assert!(size <= 1);
        }
        // Players numbered beyond `players` are taken in.
        let out = assign(2, &[(0, 5), (5, 0), (3, 4)], 2);
        assert!(out.iter().all(|&s| s < 2));
    }
}
