//! A student's pages: their versions with qualification results, code and logs,
//! the upload form, and their championship games; the teacher sees every
//! student's through `/users/LOGIN`.

use super::results::log_page;
use super::{
    Session_, SiteState, checked_csrf, db_error, drain_limit, html, ids, message, not_found_page,
    ser, when, when_short,
};
use crate::referee::championship::{self, GAMES_FILE};
use crate::site::auth::Session;
use crate::site::db::{self, User};
use crate::site::runner::{self, QUALIFICATION_GAMES};
use crate::site::{Site, submit};
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::PathRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use jiff::Timestamp;
use minijinja::{Value, context};
use std::sync::Arc;

/// Versions shown in full on a page; older ones are folded under a summary (all
/// kept, all downloadable).
const VERSIONS_SHOWN: usize = 5;

/// Days late of a version uploaded at `stamp`, by the deadline in the settings now
/// (as a championship starting now counts them).
pub(super) fn late_now(site: &Site, stamp: &str) -> u32 {
    stamp
        .parse::<Timestamp>()
        .map_or(0, |t| site.config.late_days(t))
}

/// A version as the pages show it.
fn version_line(site: &Site, login: &str, v: &db::Submission) -> Value {
    let dir = runner::qualification_dir(&site.course, login, v.version);
    let records = championship::read_records(&dir.join(GAMES_FILE))
        .map(|(r, _)| r)
        .unwrap_or_default();
    let logs: Vec<Value> = records
        .iter()
        .map(|r| {
            let seat = runner::qualification_seat(r);
            context! {
                url => format!("/submissions/{}/logs/{}/{seat}", v.id, r.id),
                label => format!("game {} log ({})", r.id, if seat == 1 { "moving first" } else { "moving second" }),
            }
        })
        .collect();
    context! {
        id => v.id, version => v.version, when => when(site, &v.uploaded_at),
        when_short => when_short(site, &v.uploaded_at), file_name => v.file_name.clone(),
        kind => v.kind.clone(), size => v.size, sha256 => v.sha256.clone(), status => v.status.clone(),
        summary => v.problem.clone().unwrap_or_else(|| v.summary.clone()), late_days => late_now(site, &v.uploaded_at), logs => logs,
    }
}

/// What happened to `seat` (1-based) in a game, in words.
fn seat_result(r: &crate::referee::game::GameRecord, seat: u32) -> String {
    match &r.fault {
        Some(f) if f.player == seat => format!("lost by a fault: {}", f.reason),
        Some(_) if r.winners.contains(&seat) => "won (the opponent's fault)".into(),
        _ if r.winners == [seat] => "won".into(),
        _ if r.winners.contains(&seat) => "tie".into(),
        _ => "lost".into(),
    }
}

/// A student's games in the championships, by championship (the latest first), with
/// links to the game's replay and to their own logs. A game against themselves (a
/// Breakthrough self-game) is one line.
fn own_games(site: &Site, login: &str, rows: &[db::ChampionshipRow]) -> Vec<Value> {
    let mut by_championship = Vec::new();
    for c in rows.iter().rev().filter(|c| c.status != "waiting") {
        let mut games = Vec::new();
        let dir = runner::championship_dir(&site.course, c.id);
        let records = championship::read_records(&dir.join(GAMES_FILE))
            .map(|(r, _)| r)
            .unwrap_or_default();
        for r in records
            .iter()
            .filter(|r| r.players.iter().any(|p| p == login))
        {
            let number = r.id + 1;
            let seats: Vec<u32> = (1..=r.players.len() as u32)
                .filter(|&k| r.players[k as usize - 1] == login)
                .collect();
            let replay = format!("/championships/{}/page#game-{number}", c.id);
            let log = |seat: u32| format!("/championships/{}/logs/{number}/{seat}", c.id);
            if seats.len() > 1 {
                let result = match (&r.fault, r.winners.as_slice()) {
                    (Some(f), _) => {
                        format!("{} side lost by a fault: {}", side_name(f.player), f.reason)
                    }
                    (None, [w]) => format!("{} side won", side_name(*w)),
                    _ => "tie".into(),
                };
                games.push(context! {
                    championship => c.id, id => number, replay => replay,
                    side => "both", opponent => "yourself", result => result,
                    logs => seats.iter().map(|&k| context! { url => log(k), label => side_name(k) }).collect::<Vec<_>>(),
                });
                continue;
            }
            let Some(&seat) = seats.first() else {
                continue;
            };
            let opponent = r
                .players
                .iter()
                .enumerate()
                .find(|(j, _)| *j as u32 + 1 != seat)
                .map_or_else(String::new, |(_, n)| n.clone());
            games.push(context! {
                championship => c.id, id => number, replay => replay,
                side => side_name(seat), opponent => opponent, result => seat_result(r, seat),
                logs => vec![context! { url => log(seat), label => "log" }],
            });
        }
        if !games.is_empty() {
            by_championship.push(context! { championship => c.id, games => games });
        }
    }
    by_championship
}

fn side_name(seat: u32) -> &'static str {
    if seat == 1 { "first" } else { "second" }
}

/// The student's place in each finished championship: rank among how many, points
/// and grade, as its standings give them.
fn own_standings(site: &Site, login: &str, rows: &[db::ChampionshipRow]) -> Vec<Value> {
    let mut lines = Vec::new();
    for c in rows.iter().rev().filter(|c| c.status == "done") {
        let path = runner::championship_dir(&site.course, c.id).join("standings.json");
        let Some(v) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        else {
            continue;
        };
        let Some(all) = v["standings"].as_array() else {
            continue;
        };
        let Some(mine) = all.iter().find(|s| s["name"].as_str() == Some(login)) else {
            continue;
        };
        lines.push(context! {
            championship => c.id, counts => c.counts,
            rank => mine["rank"].as_u64(), of => all.len(),
            points => mine["points"].as_f64(),
            grade => mine["grade"].as_f64().map(super::grade_text),
            late_days => mine["late_days"].as_u64().filter(|&d| d > 0),
        });
    }
    lines
}

fn user_page_for(site: &Site, s: &Session, who: &User, own: bool) -> Response {
    let versions = match site.db.with(|c| db::submissions_of(c, who.id)) {
        Ok(v) => v,
        Err(e) => return db_error(site, e),
    };
    let pending = versions
        .iter()
        .any(|v| v.status == "waiting" || v.status == "running");
    let mut lines: Vec<Value> = versions
        .iter()
        .map(|v| version_line(site, &who.login, v))
        .collect();
    let older = lines.split_off(lines.len().min(VERSIONS_SHOWN));
    let deadline = site.config.deadline_text();
    let championships = site.db.with(|c| db::championships(c)).unwrap_or_default();
    html(
        site,
        s,
        "me.html",
        context! {
            who => ser(who), own => own, versions => lines, older => older, pending => pending,
            games => own_games(site, &who.login, &championships),
            standings => own_standings(site, &who.login, &championships),
            accepted => submit::ACCEPTED,
            max_upload => site.config.submissions.max_upload.clone(), deadline => deadline,
            max_uploads => site.config.submissions.max_uploads,
            upload_window => site.config.submissions.upload_window_minutes,
            qualification_games => QUALIFICATION_GAMES,
        },
    )
}

pub(super) async fn me(State(site): SiteState, axum::Extension(s): Session_) -> Response {
    super::blocking(site, move |site| match s.user.clone() {
        Some(u) => user_page_for(site, &s, &u, true),
        None => Redirect::to("/signin").into_response(),
    })
    .await
}

pub(super) async fn user_page(
    State(site): SiteState,
    axum::Extension(s): Session_,
    login: Result<Path<String>, PathRejection>,
) -> Response {
    super::blocking(site, move |site| {
        if !s.is_teacher() {
            return not_found_page(site, &s);
        }
        let Some(login) = ids(login) else {
            return not_found_page(site, &s);
        };
        // The user is looked up first and the connection given back: the page
        // then takes its own.
        match site.db.with(|c| db::user_by_login(c, &login)) {
            Ok(Some(u)) => user_page_for(site, &s, &u, false),
            Ok(None) => not_found_page(site, &s),
            Err(e) => db_error(site, e),
        }
    })
    .await
}

pub(super) async fn upload(
    State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Response {
    // The form's answers are drawn on the blocking threads like every page's.
    let say = |site: &Arc<Site>, status: StatusCode, heading: &'static str, text: String| {
        let s = s.clone();
        super::blocking(site.clone(), move |site| {
            message(site, &s, status, heading, &text, "/me")
        })
    };
    let mut multipart = match multipart {
        Ok(m) => m,
        Err(e) => {
            return say(
                &site,
                StatusCode::BAD_REQUEST,
                "Upload not read",
                format!("The form could not be read: {}", e.body_text()),
            )
            .await;
        }
    };
    let cap = site.config.max_upload().unwrap_or(1 << 20);
    let too_large = |site: &Arc<Site>| {
        say(
            site,
            StatusCode::PAYLOAD_TOO_LARGE,
            "Upload too large",
            format!(
                "The file is larger than this course accepts ({}).",
                site.config.submissions.max_upload
            ),
        )
    };
    // A body announced far too large is refused before it is read (the client may
    // then see the connection close instead of the answer).
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > drain_limit(cap) as u64) {
        return too_large(&site).await;
    }
    let mut csrf = None;
    let mut file: Option<(String, Vec<u8>)> = None;
    // Past the cap, the rest of the body is read and dropped (up to the route's
    // limit), so that the browser, still sending, gets the answer.
    let mut over = false;
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return too_large(&site).await,
            Err(e) => {
                return say(
                    &site,
                    StatusCode::BAD_REQUEST,
                    "Upload not read",
                    format!("The form could not be read: {e}"),
                )
                .await;
            }
        };
        match field.name() {
            Some("csrf") if !over => csrf = field.text().await.ok(),
            Some("file") if !over => {
                let name = field.file_name().unwrap_or("").to_string();
                let mut data = Vec::new();
                loop {
                    match field.chunk().await {
                        Ok(Some(chunk)) => {
                            if over || data.len() as u64 + chunk.len() as u64 > cap {
                                over = true;
                                data = Vec::new();
                            } else {
                                data.extend_from_slice(&chunk);
                            }
                        }
                        Ok(None) => break,
                        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                            return too_large(&site).await;
                        }
                        Err(e) => {
                            return say(
                                &site,
                                StatusCode::BAD_REQUEST,
                                "Upload not read",
                                format!("The file could not be read: {e}"),
                            )
                            .await;
                        }
                    }
                }
                file = Some((name, data));
            }
            _ => while let Ok(Some(_)) = field.chunk().await {},
        }
    }
    // A visitor's form is read (and dropped) before the answer, so that the
    // browser, still sending, hears it rather than meeting a closed connection.
    let Some(user) = s.user.clone() else {
        return Redirect::to("/signin").into_response();
    };
    if over {
        return too_large(&site).await;
    }
    super::blocking(site, move |site| {
        store_upload(site, &s, user, csrf.as_deref(), file)
    })
    .await
}

/// Keeps an upload read whole: its CSRF token checked, the file stored as a new
/// version, and the qualification worker woken.
fn store_upload(
    site: &Site,
    s: &Session,
    user: User,
    csrf: Option<&str>,
    file: Option<(String, Vec<u8>)>,
) -> Response {
    if let Some(r) = checked_csrf(site, s, csrf) {
        return r;
    }
    let Some((name, data)) = file.filter(|(n, _)| !n.is_empty()) else {
        return message(
            site,
            s,
            StatusCode::BAD_REQUEST,
            "No file",
            "Choose a file to upload.",
            "/me",
        );
    };
    match submit::store(&site.course, &site.db, &site.config, &user, &name, &data) {
        Ok(id) => {
            site.log(&format!(
                "upload: {} {name:?} is submission {id}",
                user.login
            ));
            site.kick();
            Redirect::to("/me").into_response()
        }
        Err(refused) => message(
            site,
            s,
            StatusCode::from_u16(refused.status).unwrap_or(StatusCode::BAD_REQUEST),
            if refused.status == 429 {
                "Too many uploads"
            } else {
                "Upload refused"
            },
            &refused.message,
            "/me",
        ),
    }
}

/// The submission, if this visitor may see its code and logs (its owner, or the
/// teacher).
fn own_submission(site: &Site, s: &Session, id: i64) -> Option<(db::Submission, String)> {
    let user = s.user.as_ref()?;
    let sub = site.db.with(|c| db::submission(c, id)).ok()??;
    if sub.user_id != user.id && !user.is_teacher() {
        return None;
    }
    let owner = site.db.with(|c| db::user_by_id(c, sub.user_id)).ok()??;
    Some((sub, owner.login))
}

pub(super) async fn download(
    State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    super::blocking(site, move |site| download_file(site, &s, ids(id))).await
}

fn download_file(site: &Site, s: &Session, id: Option<i64>) -> Response {
    let Some((sub, _)) = id.and_then(|id| own_submission(site, s, id)) else {
        return not_found_page(site, s);
    };
    let dir = site.course.join(&sub.dir);
    // A single file is the version's folder's one file; an archive is kept beside it.
    let path = if sub.kind == "archive" {
        dir.parent().and_then(|p| {
            std::fs::read_dir(p)
                .ok()?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .find(|f| {
                    f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with(&format!("{}.", sub.version)))
                })
        })
    } else {
        std::fs::read_dir(&dir)
            .ok()
            .and_then(|mut d| d.find_map(Result::ok))
            .map(|e| e.path())
    };
    let Some(bytes) = path.and_then(|p| std::fs::read(p).ok()) else {
        return not_found_page(site, s);
    };
    let name: String = sub
        .file_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "._-".contains(*c))
        .collect();
    (
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        Body::from(bytes),
    )
        .into_response()
}

pub(super) async fn qualification_log(
    State(site): SiteState,
    axum::Extension(s): Session_,
    path: Result<Path<(i64, usize, usize)>, PathRejection>,
) -> Response {
    super::blocking(site, move |site| match ids(path) {
        Some((id, game, seat)) => qualification_log_page(site, &s, id, game, seat),
        None => not_found_page(site, &s),
    })
    .await
}

/// The log of the version's own seat in one of its qualification games (the
/// other seat is `random`'s, nobody's to read).
fn qualification_log_page(site: &Site, s: &Session, id: i64, game: usize, seat: usize) -> Response {
    let Some((sub, login)) = own_submission(site, s, id) else {
        return not_found_page(site, s);
    };
    if game == 0 || game > QUALIFICATION_GAMES as usize {
        return not_found_page(site, s);
    }
    let dir = runner::qualification_dir(&site.course, &login, sub.version);
    let records = championship::read_records(&dir.join(GAMES_FILE))
        .map(|(r, _)| r)
        .unwrap_or_default();
    let own_seat = records
        .iter()
        .find(|r| r.id == game)
        .map(runner::qualification_seat);
    if own_seat != Some(seat as u32) {
        return not_found_page(site, s);
    }
    let path = runner::qualification_dir(&site.course, &login, sub.version)
        .join("logs")
        .join(format!("game-{game}-player-{seat}.log"));
    log_page(
        site,
        s,
        &path,
        &format!(
            "Version {} of {login}: qualification game {game}",
            sub.version
        ),
        if s.is_teacher() { "/teacher" } else { "/me" },
    )
}
