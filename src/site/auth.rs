//! Accounts and sessions: one-time sign-in codes handed out by the teacher, passwords
//! the students choose (argon2 hashes), session cookies whose tokens are kept only as
//! hashes, a CSRF token per session checked on every form, and sign-in attempts
//! limited per account and per address.

use super::db::{self, User};
use super::error::SiteError;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jiff::{Timestamp, ToSpan};
use rand::RngCore;
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const COOKIE: &str = "tabula_session";
/// How long a signed-in session lasts.
pub const SIGNED_IN_HOURS: i64 = 14 * 24;
/// How long a visitor's session (for the sign-in form's CSRF token) lasts.
pub const VISITOR_HOURS: i64 = 24;
/// Failed sign-ins allowed per account, and per address, in the window below.
pub const MAX_FAILURES_PER_LOGIN: i64 = 5;
pub const MAX_FAILURES_PER_ADDRESS: i64 = 30;
pub const FAILURE_WINDOW_MINUTES: i64 = 15;
/// The shortest password accepted.
pub const MIN_PASSWORD: usize = 8;

/// A random token: 32 bytes from the operating system's generator, base64url.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A one-time sign-in code a person can read out and type: 12 letters and digits
/// without look-alikes, in groups of four (about 60 bits).
pub fn sign_in_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 12];
    rand::rng().fill_bytes(&mut bytes);
    let letters: Vec<char> = bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect();
    letters
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// A code as typed: case, blanks and dashes do not matter.
fn normal_code(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

pub fn sha256_hex(data: &[u8]) -> String {
    let digest = Sha256::digest(data);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The argon2id hash of a secret, in PHC form.
pub fn hash_secret(secret: &str) -> Result<String, SiteError> {
    Argon2::default()
        .hash_password(secret.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| SiteError::Hash(e.to_string()))
}

fn verify_secret(secret: &str, hash: &str) -> bool {
    PasswordVerifier::<str>::verify_password(&Argon2::default(), secret.as_bytes(), hash).is_ok()
}

/// Compares two strings in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Adds a person, or gives an existing one a new code (and forgets their password,
/// keeping their name and role unless new ones are given): returns the one-time
/// code to hand them.
pub fn add_user(
    conn: &Connection,
    login: &str,
    name: Option<&str>,
    role: Option<&str>,
) -> Result<String, SiteError> {
    check_login(login)?;
    let code = sign_in_code();
    let hash = hash_secret(&normal_code(&code))?;
    let now = Timestamp::now().to_string();
    conn.execute(
        "INSERT INTO users (login, name, role, code_hash, created_at)
         VALUES (?1, COALESCE(?2, ?1), COALESCE(?3, 'student'), ?4, ?5)
         ON CONFLICT(login) DO UPDATE SET name = COALESCE(?2, name), role = COALESCE(?3, role),
             code_hash = excluded.code_hash, password_hash = NULL",
        params![login, name, role, hash, now],
    )
    .map_err(|source| SiteError::Doing {
        doing: format!("cannot add {login}"),
        source,
    })?;
    // A new code ends the sessions opened with the old password.
    conn.execute(
        "DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE login = ?1)",
        params![login],
    )
    .map_err(|source| SiteError::Doing {
        doing: format!("cannot add {login}"),
        source,
    })?;
    Ok(code)
}

/// A login is what names a player everywhere (standings, folders, Lisp packages):
/// letters, digits, `_`, `-` and `.`, starting with a letter or digit.
pub fn check_login(login: &str) -> Result<(), SiteError> {
    let ok = !login.is_empty()
        && login.len() <= 64
        && login
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        && login.starts_with(|c: char| c.is_ascii_alphanumeric());
    if ok {
        Ok(())
    } else {
        Err(SiteError::BadLogin(login.to_string()))
    }
}

/// The session a request carries.
#[derive(Debug, Clone)]
pub struct Session {
    pub token_hash: String,
    pub csrf: String,
    pub user: Option<User>,
    /// A token to send back in a cookie (a new session).
    pub new_token: Option<String>,
    /// A new visitor's form token, to send back in the visit cookie ([`VISIT_COOKIE`]).
    pub new_visit: Option<String>,
}

impl Session {
    pub fn is_teacher(&self) -> bool {
        self.user.as_ref().is_some_and(User::is_teacher)
    }
}

/// The cookie that carries a visitor's form token. Visitors (people not signed in)
/// are not kept in the database, which a flood of requests without cookies would
/// fill: the token of their forms comes back with the form and in this cookie, and
/// the two must agree (a "double submit": another site can neither read nor set it).
pub const VISIT_COOKIE: &str = "tabula_visit";

/// Whether `text` can be a token [`random_token`] made: 43 URL-safe characters.
fn looks_like_token(text: &str) -> bool {
    text.len() == 43
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The session of the cookie's token, if it is alive; otherwise a visitor's, whose
/// form token is the visit cookie's (`visit`), or a new one when `may_open` (sent
/// back in that cookie), or else a passing one (it matches no form). Only signing in
/// writes a session in the database.
pub fn session(
    conn: &Connection,
    token: Option<&str>,
    visit: Option<&str>,
    may_open: bool,
) -> rusqlite::Result<Session> {
    let now = Timestamp::now().to_string();
    if let Some(token) = token {
        let hash = sha256_hex(token.as_bytes());
        let found: Option<(Option<i64>, String)> = conn
            .query_row(
                "SELECT user_id, csrf FROM sessions WHERE token_hash = ?1 AND expires_at > ?2",
                params![hash, now],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if let Some((user_id, csrf)) = found {
            let user = match user_id {
                Some(id) => db::user_by_id(conn, id)?,
                None => None,
            };
            return Ok(Session {
                token_hash: hash,
                csrf,
                user,
                new_token: None,
                new_visit: None,
            });
        }
    }
    let visitor = |csrf: String, new_visit: Option<String>| Session {
        token_hash: String::new(),
        csrf,
        user: None,
        new_token: None,
        new_visit,
    };
    Ok(match visit.filter(|v| looks_like_token(v)) {
        Some(kept) => visitor(kept.to_string(), None),
        None if may_open => {
            let csrf = random_token();
            visitor(csrf.clone(), Some(csrf))
        }
        None => visitor(random_token(), None),
    })
}

/// Opens a session (for a user, or a visitor), returning it with its token to set.
pub fn new_session(conn: &Connection, user: Option<User>) -> rusqlite::Result<Session> {
    let token = random_token();
    let hash = sha256_hex(token.as_bytes());
    let csrf = random_token();
    let now = Timestamp::now();
    let hours = if user.is_some() {
        SIGNED_IN_HOURS
    } else {
        VISITOR_HOURS
    };
    let expires = now.checked_add(hours.hours()).unwrap_or(now);
    // Expired sessions go as new ones come.
    conn.execute(
        "DELETE FROM sessions WHERE expires_at <= ?1",
        params![now.to_string()],
    )?;
    conn.execute(
        "INSERT INTO sessions (token_hash, user_id, csrf, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            hash,
            user.as_ref().map(|u| u.id),
            csrf,
            now.to_string(),
            expires.to_string()
        ],
    )?;
    Ok(Session {
        token_hash: hash,
        csrf,
        user,
        new_token: Some(token),
        new_visit: None,
    })
}

/// Ends a session.
pub fn end_session(conn: &Connection, token_hash: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM sessions WHERE token_hash = ?1",
        params![token_hash],
    )?;
    Ok(())
}

/// What a sign-in attempt came to.
#[derive(Debug)]
pub enum SignIn {
    /// The password was right.
    Password(User),
    /// The one-time code was right: the person must now choose a password.
    Code(User),
    /// Wrong login, password or code (which one is not said).
    Wrong,
    /// Too many failures lately: try again in this many minutes.
    Limited(i64),
}

fn recent_failures(conn: &Connection, key: &str) -> rusqlite::Result<(i64, Option<String>)> {
    let since = Timestamp::now()
        .checked_sub(FAILURE_WINDOW_MINUTES.minutes())
        .unwrap_or_else(|_| Timestamp::now())
        .to_string();
    conn.query_row(
        "SELECT COUNT(*), MIN(at) FROM signin_failures WHERE key = ?1 AND at > ?2",
        params![key, since],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Checks a login and a secret (password, or the one-time code while no password
/// is set), counting failures per login and per address.
pub fn sign_in(
    conn: &Connection,
    login: &str,
    secret: &str,
    address: &str,
) -> rusqlite::Result<SignIn> {
    let login_key = format!("login:{}", login.to_ascii_lowercase());
    let address_key = format!("address:{address}");
    for (key, max) in [
        (&login_key, MAX_FAILURES_PER_LOGIN),
        (&address_key, MAX_FAILURES_PER_ADDRESS),
    ] {
        let (count, oldest) = recent_failures(conn, key)?;
        if count >= max {
            let wait = oldest.and_then(|t| t.parse::<Timestamp>().ok()).map_or(
                FAILURE_WINDOW_MINUTES,
                |t| {
                    let until = t.as_second() + FAILURE_WINDOW_MINUTES * 60;
                    ((until - Timestamp::now().as_second()) / 60 + 1).max(1)
                },
            );
            return Ok(SignIn::Limited(wait));
        }
    }
    let row: Option<(i64, Option<String>, Option<String>)> = conn
        .query_row(
            "SELECT id, password_hash, code_hash FROM users WHERE login = ?1",
            params![login],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let outcome = match row {
        Some((id, Some(password_hash), _)) if verify_secret(secret, &password_hash) => {
            db::user_by_id(conn, id)?.map(SignIn::Password)
        }
        Some((id, None, Some(code_hash))) if verify_secret(&normal_code(secret), &code_hash) => {
            db::user_by_id(conn, id)?.map(SignIn::Code)
        }
        Some(_) => None,
        None => {
            // Spend the time a hash takes, so that unknown logins are not told apart.
            let _ = verify_secret(
                secret,
                "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            );
            None
        }
    };
    match outcome {
        Some(ok) => {
            conn.execute(
                "DELETE FROM signin_failures WHERE key = ?1",
                params![login_key],
            )?;
            Ok(ok)
        }
        None => {
            let now = Timestamp::now().to_string();
            for key in [&login_key, &address_key] {
                conn.execute(
                    "INSERT INTO signin_failures (key, at) VALUES (?1, ?2)",
                    params![key, now],
                )?;
            }
            Ok(SignIn::Wrong)
        }
    }
}

/// Sets a user's password (after a code sign-in), which uses up the code and ends
/// their other sessions.
pub fn set_password(
    conn: &Connection,
    user_id: i64,
    password: &str,
    keep_session: &str,
) -> Result<(), SiteError> {
    if password.chars().count() < MIN_PASSWORD {
        return Err(SiteError::ShortPassword(MIN_PASSWORD));
    }
    if password.len() > 1024 {
        return Err(SiteError::LongPassword);
    }
    let hash = hash_secret(password)?;
    conn.execute(
        "UPDATE users SET password_hash = ?1, code_hash = NULL WHERE id = ?2",
        params![hash, user_id],
    )
    .map_err(|source| SiteError::Doing {
        doing: "cannot set the password".into(),
        source,
    })?;
    conn.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND token_hash != ?2",
        params![user_id, keep_session],
    )
    .map_err(|source| SiteError::Doing {
        doing: "cannot set the password".into(),
        source,
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_typed_loosely() {
        let code = sign_in_code();
        assert_eq!(code.len(), 14);
        let hash = hash_secret(&normal_code(&code)).unwrap();
        assert!(verify_secret(
            &normal_code(&code.to_lowercase().replace('-', " ")),
            &hash
        ));
        assert!(!verify_secret("WRONGWRONGWR", &hash));
    }

    #[test]
    fn logins_are_names() {
        assert!(check_login("ra973451").is_ok());
        assert!(check_login("ana.maria-2").is_ok());
        for bad in ["", "../x", "a b", "-x", "é"] {
            assert!(check_login(bad).is_err(), "{bad}");
        }
    }
}
