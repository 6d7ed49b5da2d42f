//! Who gets a place when a game asks for one. Each open game holds a place (its
//! thread, its Prolog machine, its players' processes); a finished game holds none.
//! The places are shared fairly: a person holds at most `per_person` games, and when
//! every place is taken, a person who holds fewer than their share (the places
//! divided among the people holding them and the one asking) takes one from a
//! person holding more than theirs: that person's game seen longest ago ends, and is
//! kept finished with the reason. Otherwise, as for nobody's games (`tabula web`),
//! the game idle longest makes room once it has been idle a minute.

use super::{Limits, Refusal};
use std::collections::HashMap;
use std::time::Duration;

/// A game that holds a place: its number, whose it is, and how long since a page
/// looked at it.
#[derive(Debug, Clone)]
pub(super) struct Holder<'a> {
    pub id: u64,
    pub owner: Option<&'a str>,
    pub idle: Duration,
}

/// What a request for a place gets.
#[derive(Debug, PartialEq)]
pub(super) enum Admission {
    /// A place is free.
    Free,
    /// Game `id` ends to give its place, for the reason said (to its owner).
    Ends { id: u64, why: String },
}

/// How long a game must have been idle before any new game may end it.
const IDLE_ENOUGH: Duration = Duration::from_secs(60);

/// Whether `owner` may start (or reopen) a game now, given the games holding places.
pub(super) fn admit(
    holders: &[Holder],
    owner: Option<&str>,
    limits: &Limits,
) -> Result<Admission, Refusal> {
    let mut held: HashMap<Option<&str>, usize> = HashMap::new();
    for h in holders {
        *held.entry(h.owner).or_default() += 1;
    }
    let mine = held.get(&owner).copied().unwrap_or(0);
    if let (Some(most), Some(_)) = (limits.per_person, owner)
        && mine >= most
    {
        return Err(Refusal::YoursFull(most));
    }
    let places = limits.max_games;
    if holders.len() < places {
        return Ok(Admission::Free);
    }
    let people = held.len() + usize::from(mine == 0);
    let share = (places / people.max(1)).max(1);
    if owner.is_some() && mine < share {
        // The game seen longest ago among those of people over their share.
        let taken = holders
            .iter()
            .filter(|h| h.owner.is_some() && held.get(&h.owner).copied().unwrap_or(0) > share)
            .max_by(|a, b| a.idle.cmp(&b.idle).then(b.id.cmp(&a.id)));
        if let Some(h) = taken {
            return Ok(Admission::Ends {
                id: h.id,
                why: format!(
                    "This game ended to give its place to another person: all {places} places were taken, \
                     and you held more than your share ({share} each while {people} people play). \
                     Its moves and record are kept."
                ),
            });
        }
    }
    let idlest = holders
        .iter()
        .max_by(|a, b| a.idle.cmp(&b.idle).then(b.id.cmp(&a.id)));
    match idlest {
        Some(h) if h.idle >= IDLE_ENOUGH => Ok(Admission::Ends {
            id: h.id,
            why: format!(
                "This game ended to make room for a new one: all {places} places were taken and nobody \
                 had looked at it for {} minutes.",
                h.idle.as_secs() / 60
            ),
        }),
        _ if owner.is_some() && mine >= share => Err(Refusal::Full(format!(
            "all {places} places for games are taken, and you hold your share already ({share} each \
             while {people} people play): end one of your games, or wait for a place"
        ))),
        _ => Err(Refusal::Full(format!(
            "all {places} places for games are taken: try again in a few minutes (a game nobody looks \
             at ends after {} minutes)",
            limits.idle.as_secs().div_ceil(60)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_games: usize, per_person: usize) -> Limits {
        Limits {
            max_games,
            per_person: Some(per_person),
            ..Limits::default()
        }
    }

    fn holder(id: u64, owner: &str, idle_secs: u64) -> Holder<'_> {
        Holder {
            id,
            owner: Some(owner),
            idle: Duration::from_secs(idle_secs),
        }
    }

    #[test]
    fn a_person_holds_at_most_their_own_cap() {
        let held = [holder(1, "ana", 0), holder(2, "ana", 0)];
        assert!(matches!(
            admit(&held, Some("ana"), &limits(16, 2)),
            Err(Refusal::YoursFull(2))
        ));
        assert!(matches!(
            admit(&held, Some("bia"), &limits(16, 2)),
            Ok(Admission::Free)
        ));
    }

    #[test]
    fn a_newcomer_takes_the_place_seen_longest_ago_of_someone_over_their_share() {
        // 4 places, ana and bia hold 2 each, all looked at just now: cid's share is 1
        // (4 places, 3 people), and bia's game 3, seen longest ago of theirs, ends.
        let held = [
            holder(1, "ana", 2),
            holder(2, "ana", 1),
            holder(3, "bia", 5),
            holder(4, "bia", 0),
        ];
        match admit(&held, Some("cid"), &limits(4, 2)) {
            Ok(Admission::Ends { id, why }) => {
                assert_eq!(id, 3);
                assert!(why.contains("1 each while 3 people play"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_person_at_their_share_waits_when_nobody_is_over_theirs() {
        // 4 places held by 4 people, one each, none idle: a fifth waits, and so
        // does one of them asking for a second.
        let held = [
            holder(1, "ana", 5),
            holder(2, "bia", 5),
            holder(3, "cid", 5),
            holder(4, "dan", 5),
        ];
        assert!(matches!(
            admit(&held, Some("eva"), &limits(4, 2)),
            Err(Refusal::Full(_))
        ));
        let Err(Refusal::Full(words)) = admit(&held, Some("ana"), &limits(4, 2)) else {
            panic!("ana holds her share");
        };
        assert!(words.contains("you hold your share"), "{words}");
        // A game idle for a minute makes room for anyone.
        let mut idle = held.to_vec();
        idle[2].idle = Duration::from_secs(61);
        assert!(matches!(
            admit(&idle, Some("eva"), &limits(4, 2)),
            Ok(Admission::Ends { id: 3, .. })
        ));
    }

    #[test]
    fn eight_people_with_two_games_each_leave_a_ninth_a_place() {
        let logins: Vec<String> = (0..8).map(|k| format!("p{k}")).collect();
        let held: Vec<Holder> = (0..16u64)
            .map(|k| holder(k, &logins[(k / 2) as usize], 16 - k))
            .collect();
        // The share is 16 / 9 = 1: p0's game 0, seen longest ago, ends.
        assert!(matches!(
            admit(&held, Some("newcomer"), &limits(16, 2)),
            Ok(Admission::Ends { id: 0, .. })
        ));
    }

    #[test]
    fn nobodys_games_make_room_only_once_idle_a_minute() {
        let held = [
            Holder {
                id: 1,
                owner: None,
                idle: Duration::from_secs(30),
            },
            Holder {
                id: 2,
                owner: None,
                idle: Duration::from_secs(90),
            },
        ];
        let unlimited = Limits {
            max_games: 2,
            ..Limits::default()
        };
        assert!(matches!(
            admit(&held, None, &unlimited),
            Ok(Admission::Ends { id: 2, .. })
        ));
        assert!(matches!(
            admit(
                &held[..1],
                None,
                &Limits {
                    max_games: 1,
                    ..Limits::default()
                }
            ),
            Err(Refusal::Full(_))
        ));
    }
}
