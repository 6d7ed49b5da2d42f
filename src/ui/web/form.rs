//! The new-game form a page sends, checked against what the game declares: its
//! options (`game_info/1`'s `options`, each with its domain) and its players (a
//! person, or one of the levels its players file offers). Nothing a page sends
//! reaches the rules unchecked, and nothing here knows a game.

use crate::engine::term::{self, Term};
use crate::game::{Domain, GameInfo};
use crate::players::spec::PlayerSpec;
use std::collections::BTreeMap;

/// The longest text option (a position) a page may send.
const MAX_TEXT: usize = 4096;
/// The most seats a game may have.
const MAX_SEATS: usize = 8;

/// A new game, as the page's form sends it.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Form {
    /// The game's name (the server's game when left out).
    #[serde(default)]
    pub game: Option<String>,
    /// Option name → value (a number, a word, a text, or `"random"` for a seed).
    #[serde(default)]
    pub options: BTreeMap<String, serde_json::Value>,
    /// Who sits at each seat, in order: `"human"` or a level's name.
    #[serde(default)]
    pub seats: Vec<String>,
}

/// A player a game may seat beyond a person and the game's own levels (on the site: a
/// student's version of their player, or a classmate's), found by the word the form
/// sends for it.
#[derive(Debug, Clone)]
pub struct Guest {
    /// How it is started (a program, a `.lisp` or `.pl` file), always in the sandbox.
    pub spec: PlayerSpec,
    /// What the page calls it ("your version 3").
    pub name: String,
    /// Whether the game's owner may read what it writes on stderr (their own code).
    pub stderr_shown: bool,
}

/// Finds the guest a seat's word names, if it names one: `None` when the word names
/// no guest, an error in words when it names one the person may not have.
pub type FindGuest<'a> = &'a dyn Fn(&str) -> Option<Result<Guest, String>>;

/// No guests: `tabula web` seats people and the game's levels.
pub fn no_guests(_: &str) -> Option<Result<Guest, String>> {
    None
}

/// What a form asks for, checked.
#[derive(Debug)]
pub struct Checked {
    /// The options of `initial_state/2`.
    pub options: Vec<Term>,
    /// Who sits at each seat.
    pub seats: Vec<PlayerSpec>,
    /// The guests among them, by seat.
    pub guests: Vec<Option<Guest>>,
    /// The seats as the form named them (to start the game again after a restart).
    pub words: Vec<String>,
}

/// The options of `initial_state/2` and the seats the form describes, or why not
/// (words for the person at the form).
pub fn check(game: &GameInfo, form: &Form, guest: FindGuest) -> Result<Checked, String> {
    for name in form.options.keys() {
        if !game.options.iter().any(|o| &o.name == name) {
            return Err(format!("{} has no option {name:?}", game.title));
        }
    }
    let mut options = Vec::new();
    for option in &game.options {
        let Some(value) = form.options.get(&option.name) else {
            continue;
        };
        let text = match value {
            serde_json::Value::String(s) => s.trim().to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Null => continue,
            _ => return Err(format!("{}: give a number or a word", option.text)),
        };
        let term = match &option.domain {
            Domain::Integer { min, max } => {
                let n: i64 = text
                    .parse()
                    .map_err(|_| format!("{}: {text:?} is not a whole number", option.text))?;
                if n < *min || n > *max {
                    return Err(format!(
                        "{}: {n} is not between {min} and {max}",
                        option.text
                    ));
                }
                Term::integer(n)
            }
            Domain::OneOf(values) => {
                if !values.contains(&text) {
                    return Err(format!(
                        "{}: {text:?} is not one of {}",
                        option.text,
                        values.join(", ")
                    ));
                }
                Term::atom(&text)
            }
            Domain::Text => {
                if text.is_empty() {
                    continue;
                }
                if text.len() > MAX_TEXT {
                    return Err(format!("{}: at most {MAX_TEXT} characters", option.text));
                }
                Term::string(text.as_str())
            }
            Domain::Seed => match text.as_str() {
                "" | "false" | "off" => continue,
                "random" | "true" | "on" => {
                    Term::integer(rand::random::<u64>() as i64 & ((1 << 62) - 1))
                }
                digits => Term::integer(
                    digits.parse::<u64>().map_err(|_| {
                        format!("{}: {digits:?} is not a seed (a whole number)", option.text)
                    })? as i64
                        & ((1 << 62) - 1),
                ),
            },
        };
        options.push(Term::compound(&option.name, [term]));
    }
    let players = players(game, form);
    if form.seats.len() > MAX_SEATS {
        return Err(format!("at most {MAX_SEATS} seats"));
    }
    let names: Vec<String> = game.levels.iter().map(|l| l.name.clone()).collect();
    let levels: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut seats = Vec::with_capacity(players);
    let mut guests = Vec::with_capacity(players);
    let mut words = Vec::with_capacity(players);
    for k in 0..players {
        let word = form.seats.get(k).map_or("human", |s| s.trim());
        let seat = match word {
            "human" | "person" | "" => PlayerSpec::Human,
            level if levels.contains(&level) || level == "ai" => {
                PlayerSpec::Builtin(level.to_string()).resolved(&names)
            }
            other => {
                // A guest's word (looked up once: on the site, in the database).
                if let Some(found) = (other.len() <= 200).then(|| guest(other)).flatten() {
                    let found = found?;
                    seats.push(found.spec.clone());
                    guests.push(Some(found));
                    words.push(other.to_string());
                    continue;
                }
                return Err(format!(
                    "seat {}: {other:?} is not a player of {} (a person, or one of {})",
                    k + 1,
                    game.title,
                    levels.join(", ")
                ));
            }
        };
        words.push(match &seat {
            PlayerSpec::Builtin(level) => level.clone(),
            _ => "human".to_string(),
        });
        seats.push(seat);
        guests.push(None);
    }
    Ok(Checked {
        options,
        seats,
        guests,
        words,
    })
}

/// The options of `initial_state/2` as the form gives them again: a number, a word
/// (an atom) or a text, by option name.
pub fn as_form_options(options: &[Term]) -> serde_json::Map<String, serde_json::Value> {
    options
        .iter()
        .filter_map(|t| match t {
            Term::Compound(name, args) if args.len() == 1 => {
                let v = &args[0];
                let value = term::as_i64(v)
                    .map(serde_json::Value::from)
                    .or_else(|| term::as_text(v).map(serde_json::Value::from))?;
                Some((name.clone(), value))
            }
            _ => None,
        })
        .collect()
}

/// The number of seats: the `players` option when the game has one, else its sides,
/// else two.
fn players(game: &GameInfo, form: &Form) -> usize {
    let from_option = game
        .options
        .iter()
        .find(|o| o.name == "players")
        .and_then(|o| {
            form.options
                .get("players")
                .and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()))
                .or(o.default_integer())
        })
        .and_then(|n| usize::try_from(n).ok());
    from_option
        .unwrap_or(if game.sides.is_empty() {
            2
        } else {
            game.sides.len()
        })
        .clamp(1, MAX_SEATS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shipped game with two whole-number options and a `random` player, and the
    /// names and bounds of those options (found, not named: Rust names no game).
    fn a_game_with_two_numbers() -> (&'static GameInfo, Vec<(String, i64, i64)>) {
        crate::game::catalog()
            .games
            .iter()
            .find_map(|g| {
                let numbers: Vec<(String, i64, i64)> = g
                    .options
                    .iter()
                    .filter_map(|o| match o.domain {
                        Domain::Integer { min, max } => Some((o.name.clone(), min, max)),
                        _ => None,
                    })
                    .collect();
                (numbers.len() >= 2 && g.levels.iter().any(|l| l.name == "random"))
                    .then_some((*g, numbers))
            })
            .expect("a game with two whole-number options")
    }

    fn form(json: serde_json::Value) -> Form {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn options_are_checked_against_their_domains() {
        let (game, numbers) = a_game_with_two_numbers();
        let ((first, min, max), (second, min2, _)) = (&numbers[0], &numbers[1]);
        let mut options = serde_json::Map::new();
        options.insert(first.clone(), serde_json::json!(min));
        // A number may come as text, as a form's field sends it.
        options.insert(second.clone(), serde_json::json!(min2.to_string()));
        let Checked { options, seats, .. } = check(
            game,
            &form(serde_json::json!({"options": options, "seats": ["human", "random"]})),
            &no_guests,
        )
        .unwrap();
        assert_eq!(options.len(), 2, "{options:?}");
        assert!(seats[0].is_human() && !seats[1].is_human());
        let too_big = check(
            game,
            &form(serde_json::json!({"options": {first.as_str(): max + 1}})),
            &no_guests,
        )
        .unwrap_err();
        assert!(too_big.contains("not between"), "{too_big}");
        let unknown = check(
            game,
            &form(serde_json::json!({"options": {"bogus": 1}})),
            &no_guests,
        )
        .unwrap_err();
        assert!(unknown.contains("no option \"bogus\""), "{unknown}");
        let player = check(
            game,
            &form(serde_json::json!({"seats": ["cmd:rm -rf /"]})),
            &no_guests,
        )
        .unwrap_err();
        assert!(player.contains("is not a player"), "{player}");
    }

    #[test]
    fn guests_are_seated_by_their_word_and_kept_by_it() {
        let (game, _) = a_game_with_two_numbers();
        let guest = |word: &str| match word {
            "version:2" => Some(Ok(Guest {
                spec: PlayerSpec::Command(vec!["python3".into(), "bot.py".into()]),
                name: "your version 2".into(),
                stderr_shown: true,
            })),
            "version:9" => Some(Err("you have no version 9".to_string())),
            _ => None,
        };
        let checked = check(
            game,
            &form(serde_json::json!({"seats": ["human", "version:2"]})),
            &guest,
        )
        .unwrap();
        assert!(checked.seats[0].is_human() && checked.seats[1].is_program());
        assert!(checked.guests[0].is_none());
        assert_eq!(checked.guests[1].as_ref().unwrap().name, "your version 2");
        assert_eq!(checked.words, ["human", "version:2"]);
        let missing = check(
            game,
            &form(serde_json::json!({"seats": ["human", "version:9"]})),
            &guest,
        )
        .unwrap_err();
        assert_eq!(missing, "you have no version 9");
        // Without guests, the same word is no player.
        let none = check(
            game,
            &form(serde_json::json!({"seats": ["human", "version:2"]})),
            &no_guests,
        )
        .unwrap_err();
        assert!(none.contains("is not a player"), "{none}");
    }

    #[test]
    fn unknown_fields_are_refused() {
        assert!(serde_json::from_value::<Form>(serde_json::json!({"gmae": "a game"})).is_err());
    }
}
