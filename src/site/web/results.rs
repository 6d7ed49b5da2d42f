//! The results everyone may see (or everyone signed in, with `site.public =
//! false`): the championships, their standings, live progress and replay page, the
//! final grades; and the logs of championship games, to their owners.

use super::{
    Session_, SiteState, blocking, db_error, grade_text, html, ids, may_see_results,
    not_found_page, ser, when, when_short,
};
use crate::referee::championship::{self, GAMES_FILE};
use crate::site::SiteError;
use crate::site::db::{self, User};
use crate::site::runner;
use crate::site::{Site, auth::Session};
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use jiff::Timestamp;
use minijinja::{Value, context};
use std::collections::HashMap;

/// One line of the championships' list.
pub(super) fn championship_line(site: &Site, c: &db::ChampionshipRow) -> Value {
    let dir = runner::championship_dir(&site.course, c.id);
    let progress = runner::progress(&dir);
    let games = match &progress {
        Some(p) => format!("{} / {}", p.played, p.scheduled),
        None => String::new(),
    };
    let leader = progress
        .as_ref()
        .and_then(|p| p.points.first())
        .filter(|p| p.1 > 0.0)
        .map_or_else(String::new, |p| format!("{} ({})", p.0, p.1));
    let at = c.started_at.as_deref().unwrap_or(&c.due_at);
    context! {
        id => c.id, status => c.status.clone(), origin => c.origin.clone(), when => when(site, at),
        when_short => when_short(site, at),
        counts => c.counts, message => c.message.clone(), games => games, leader => leader,
        rerun_of => c.rerun_of,
    }
}

pub(super) async fn home(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    blocking(site, move |site| home_page(site, &s)).await
}

fn home_page(site: &Site, s: &Session) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let counted = site.db.with(|conn| {
        let rows = db::championships(conn)?;
        let students: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM users WHERE role = 'student'",
                [],
                |r| r.get(0),
            )
            .unwrap_or(0);
        let entered: i64 = conn
            .query_row(
                "SELECT COUNT(DISTINCT user_id) FROM submissions WHERE spec IS NOT NULL",
                [],
                |r| r.get(0),
            )
            .unwrap_or(0);
        Ok((rows, students, entered))
    });
    let (rows, students, entered) = match counted {
        Ok(c) => c,
        Err(e) => return db_error(site, e),
    };
    let now = Timestamp::now();
    let next = rows
        .iter()
        .filter(|c| c.status == "waiting")
        .find_map(|c| c.due_at.parse::<Timestamp>().ok().map(|t| (c, t)))
        .map(|(c, t)| {
            context! { due_epoch => t.as_second().max(now.as_second()), due_local => site.config.local(t), origin => c.origin.clone() }
        });
    // Scheduled ones not yet in the database (the worker adds them as it goes).
    let next = next.or_else(|| {
        site.config
            .scheduled_times()
            .ok()?
            .into_iter()
            .find(|t| *t > now)
            .map(|t| context! { due_epoch => t.as_second(), due_local => site.config.local(t), origin => "schedule" })
    });
    let shown: Vec<Value> = rows
        .iter()
        .rev()
        .filter(|c| c.status != "waiting")
        .map(|c| championship_line(site, c))
        .collect();
    let deadline = site.config.deadline_text();
    html(
        site,
        s,
        "home.html",
        context! {
            next => next, championships => shown, students => students, entered => entered,
            move_time => site.config.move_time, deadline => deadline,
            late_allowed => site.config.submissions.late_days_allowed,
        },
    )
}

fn read_json(path: &std::path::Path) -> Option<serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

pub(super) async fn championship(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    blocking(site, move |site| match ids(id) {
        Some(id) => championship_page(site, &s, id),
        None => not_found_page(site, &s),
    })
    .await
}

fn championship_page(site: &Site, s: &Session, id: i64) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let (row, entries) = match site
        .db
        .with(|c| Ok((db::championship(c, id)?, db::entries(c, id)?)))
    {
        Ok((Some(row), entries)) => (row, entries),
        Ok((None, _)) => return not_found_page(site, s),
        Err(e) => return db_error(site, e),
    };
    let dir = runner::championship_dir(&site.course, id);
    let progress = runner::progress(&dir);
    let standings = if row.status == "done" {
        read_json(&dir.join("standings.json"))
    } else {
        None
    };
    let (rows, notes, players, crosstable) = match &standings {
        Some(v) => {
            let players: Vec<String> = v["players"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|p| p.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let cross: Vec<Value> = v["crosstable"]
                .as_array()
                .map(|rows| {
                    rows.iter()
                        .zip(&players)
                        .map(|(cells, name)| {
                            context! { name => name, cells => ser(cells) }
                        })
                        .collect()
                })
                .unwrap_or_default();
            {
                // Grades as every page shows them (the replay page and the CSV too).
                let mut standings = v["standings"].clone();
                if let Some(rows) = standings.as_array_mut() {
                    for row in rows {
                        let text = row["grade"].as_f64().map(grade_text);
                        if let Some(o) = row.as_object_mut() {
                            o.insert("grade_text".into(), serde_json::json!(text));
                        }
                    }
                }
                (ser(&standings), ser(&v["notes"]), players, cross)
            }
        }
        None => (Value::UNDEFINED, Value::UNDEFINED, Vec::new(), Vec::new()),
    };
    let percent = progress.as_ref().map_or(0.0, |p| {
        if p.scheduled == 0 {
            0.0
        } else {
            100.0 * p.played as f64 / p.scheduled as f64
        }
    });
    html(
        site,
        s,
        "championship.html",
        context! {
            c => championship_line(site, &row),
            progress => progress.map(ser),
            percent => percent,
            live => row.status == "running" || row.status == "waiting",
            palette => crate::game::palette::as_json().to_string(),
            has_page => dir.join("index.html").exists(),
            standings => rows, notes => notes, players => players, crosstable => crosstable,
            entries => ser(&entries),
        },
    )
}

pub(super) async fn standings_csv(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    blocking(site, move |site| match ids(id) {
        Some(id) => standings_csv_file(site, &s, id),
        None => not_found_page(site, &s),
    })
    .await
}

/// A finished championship's standings as CSV. Each player is named with the
/// version that played and its file as uploaded, never the place the server keeps
/// it (which `tabula tournament` was given).
fn standings_csv_file(site: &Site, s: &Session, id: i64) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let dir = runner::championship_dir(&site.course, id);
    let Some(v) = read_json(&dir.join("standings.json")) else {
        return not_found_page(site, s);
    };
    let played = site.db.with(|c| {
        let mut versions = HashMap::new();
        for e in db::entries(c, id)? {
            let file = db::submission(c, e.submission_id)?
                .map(|v| format!("{} ({})", v.file_name, v.kind))
                .unwrap_or_default();
            versions.insert(e.login, (e.version, file));
        }
        Ok(versions)
    });
    let played = match played {
        Ok(p) => p,
        Err(e) => return db_error(site, e),
    };
    let mut csv = String::from(
        "rank,player,version,file,points,games,valid_percent,faults,group,grade,late_days\n",
    );
    for row in v["standings"].as_array().into_iter().flatten() {
        let name = row["name"].as_str().unwrap_or("");
        let (version, file) = played
            .get(name)
            .map_or((String::new(), String::new()), |(n, f)| {
                (n.to_string(), f.clone())
            });
        let number = |key: &str| {
            row[key]
                .as_f64()
                .map_or_else(String::new, |x| x.to_string())
        };
        csv.push_str(&format!(
            "{},{},{version},{},{},{},{},{},{},{},{}\n",
            number("rank"),
            csv_field(name),
            csv_field(&file),
            number("points"),
            number("games"),
            row["valid"]
                .as_f64()
                .map_or_else(String::new, |x| format!("{x:.1}")),
            number("faults"),
            csv_field(row["group"].as_str().unwrap_or("")),
            row["grade"].as_f64().map_or_else(String::new, grade_text),
            number("late_days"),
        ));
    }
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"championship-{id}-standings.csv\""),
            ),
        ],
        csv,
    )
        .into_response()
}

pub(super) async fn progress_json(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    blocking(site, move |site| progress_answer(site, &s, ids(id))).await
}

fn progress_answer(site: &Site, s: &Session, id: Option<i64>) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let row = match id.map(|id| site.db.with(|c| db::championship(c, id))) {
        Some(Ok(Some(r))) => r,
        // Said in JSON too, so that a page or a script polling for a championship
        // that is about to start reads an answer, not an empty body.
        Some(Ok(None)) | None => {
            let id = id.map_or_else(|| "?".to_string(), |i| i.to_string());
            return (
                StatusCode::NOT_FOUND,
                axum::Json(serde_json::json!({
                    "status": "none",
                    "error": format!("there is no championship {id} (yet)"),
                })),
            )
                .into_response();
        }
        Some(Err(e)) => return db_error(site, e),
    };
    let progress = runner::progress(&runner::championship_dir(&site.course, row.id));
    axum::Json(serde_json::json!({ "status": row.status, "progress": progress })).into_response()
}

/// How often a live view looks for moves, and how long a stream lasts at most (the
/// page then opens another).
const LIVE_LOOK: std::time::Duration = std::time::Duration::from_millis(200);
const LIVE_STREAM: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// A championship live, as Server-Sent Events: its progress, the standings so far and
/// the games in flight with their boards, sent again at every change (a move, a game
/// ended); the stream ends when the championship does. Who may see it is who may see
/// the championship's page.
pub(super) async fn live(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    use axum::response::sse::{Event, KeepAlive, Sse};
    let Some(id) = ids(id) else {
        return blocking(site, move |site| not_found_page(site, &s)).await;
    };
    let s2 = s.clone();
    let first = blocking(site.clone(), move |site| live_answer(site, &s2, id)).await;
    if first.status() != StatusCode::OK {
        return first;
    }
    // Each stream looks at the files and the database a few times a second: their
    // number is bounded, and a page beyond it is told to come back.
    let Some(slot) = LiveSlot::take() else {
        return blocking(site, move |site| {
            let mut r = super::message(
                site,
                &s,
                StatusCode::SERVICE_UNAVAILABLE,
                "Too many people are following live",
                &format!(
                    "{MAX_LIVE_STREAMS} pages follow championships live at this moment: reload this page in a minute."
                ),
                &format!("/championships/{id}"),
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("30"));
            r
        })
        .await;
    };
    let started = std::time::Instant::now();
    // The slot goes with the stream's state: given back when the stream is dropped.
    let state = (site, String::new(), false, slot);
    let stream = futures_util::stream::unfold(state, move |(site, last, ended, slot)| async move {
        // The last event said how it ended: the stream ends.
        if ended {
            return None;
        }
        loop {
            if started.elapsed() > LIVE_STREAM {
                return None;
            }
            let site2 = site.clone();
            let now = tokio::task::spawn_blocking(move || live_now(&site2, id))
                .await
                .ok()
                .flatten()?;
            let text = now.to_string();
            if text != last {
                let ended = !matches!(now["status"].as_str(), Some("running" | "waiting"));
                let event = Event::default().data(text.clone());
                return Some((
                    Ok::<_, std::convert::Infallible>(event),
                    (site, text, ended, slot),
                ));
            }
            tokio::time::sleep(LIVE_LOOK).await;
        }
    });
    // A proxy in front (nginx) passes each event on at once, not in buffered chunks.
    (
        [("x-accel-buffering", "no")],
        Sse::new(stream).keep_alive(KeepAlive::new().interval(std::time::Duration::from_secs(15))),
    )
        .into_response()
}

/// The most pages following championships live at once.
const MAX_LIVE_STREAMS: usize = 200;
static LIVE_STREAMS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One of the live streams the site allows, given back when the stream ends.
struct LiveSlot;

impl LiveSlot {
    fn take() -> Option<LiveSlot> {
        use std::sync::atomic::Ordering;
        LIVE_STREAMS
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_LIVE_STREAMS).then_some(n + 1)
            })
            .ok()
            .map(|_| LiveSlot)
    }
}

impl Drop for LiveSlot {
    fn drop(&mut self) {
        LIVE_STREAMS.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

/// Whether the live view may be seen, as a page would answer.
fn live_answer(site: &Site, s: &Session, id: i64) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    match site.db.with(|c| db::championship(c, id)) {
        Ok(Some(_)) => StatusCode::OK.into_response(),
        Ok(None) => not_found_page(site, s),
        Err(e) => db_error(site, e),
    }
}

/// The championship now: its status, progress and games in flight.
fn live_now(site: &Site, id: i64) -> Option<serde_json::Value> {
    let row = site.db.with(|c| db::championship(c, id)).ok()??;
    let dir = runner::championship_dir(&site.course, id);
    let running = if row.status == "running" {
        runner::live_games(&dir)
    } else {
        Vec::new()
    };
    Some(serde_json::json!({
        "status": row.status,
        "progress": runner::progress(&dir),
        "running": running,
    }))
}

pub(super) async fn report(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
) -> Response {
    blocking(site, move |site| match ids(id) {
        Some(id) => report_page(site, &s, id),
        None => not_found_page(site, &s),
    })
    .await
}

fn report_page(site: &Site, s: &Session, id: i64) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let path = runner::championship_dir(&site.course, id).join("index.html");
    match std::fs::read_to_string(&path) {
        Ok(text) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response(),
        Err(_) => not_found_page(site, s),
    }
}

/// A log shown to its owner (or the teacher), as text in a page.
pub(super) fn log_page(
    site: &Site,
    s: &Session,
    path: &std::path::Path,
    heading: &str,
    back: &str,
) -> Response {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).to_string(),
        Err(_) => String::new(),
    };
    let note = if text.is_empty() {
        "The player wrote nothing on stderr."
    } else {
        "What the player wrote on stderr (its first 256 KiB)."
    };
    html(
        site,
        s,
        "log.html",
        context! { heading => heading, text => text, note => note, back => back },
    )
}

pub(super) async fn championship_log(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    path: Result<Path<(i64, usize, usize)>, PathRejection>,
) -> Response {
    blocking(site, move |site| match (ids(path), s.user.clone()) {
        (_, None) => Redirect::to("/signin").into_response(),
        (Some((id, game, seat)), Some(user)) => {
            championship_log_page(site, &s, &user, id, game, seat)
        }
        (None, Some(_)) => not_found_page(site, &s),
    })
    .await
}

/// A seat's log of a championship game, to its owner or the teacher; `game` is
/// the game's number as every page shows it (from 1).
fn championship_log_page(
    site: &Site,
    s: &Session,
    user: &User,
    id: i64,
    game: usize,
    seat: usize,
) -> Response {
    let dir = runner::championship_dir(&site.course, id);
    let records = championship::read_records(&dir.join(GAMES_FILE))
        .map(|(r, _)| r)
        .unwrap_or_default();
    let Some(record) = records.iter().find(|r| r.id + 1 == game) else {
        return not_found_page(site, s);
    };
    let owner = seat >= 1 && record.players.get(seat - 1) == Some(&user.login);
    if !(owner || user.is_teacher()) || seat == 0 || seat > record.players.len() {
        return not_found_page(site, s);
    }
    let path = dir
        .join("logs")
        .join(format!("game-{}-player-{seat}.log", record.id));
    log_page(
        site,
        s,
        &path,
        &format!(
            "Championship {id}, game {game}, {}'s log",
            record.players[seat - 1]
        ),
        &format!("/championships/{id}"),
    )
}

/// One line of the final grades: the player, their grade in each counted
/// championship (None: not in it), P, and the final grade.
type FinalLine = (String, Vec<Option<f64>>, f64, f64);

/// The final grades: each counted, finished championship's grades, and the
/// assignment's formula over them.
fn final_grades(site: &Site) -> Result<(Vec<i64>, Vec<FinalLine>), SiteError> {
    let rows = site.db.with(|c| db::championships(c))?;
    let mut counted = Vec::new();
    let mut per: Vec<Vec<(String, f64)>> = Vec::new();
    for c in rows.iter().filter(|c| c.status == "done" && c.counts) {
        let Some(v) =
            read_json(&runner::championship_dir(&site.course, c.id).join("standings.json"))
        else {
            continue;
        };
        let grades: Vec<(String, f64)> = v["standings"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| Some((s["name"].as_str()?.to_string(), s["grade"].as_f64()?)))
                    .collect()
            })
            .unwrap_or_default();
        if grades.is_empty() {
            continue;
        }
        counted.push(c.id);
        per.push(grades);
    }
    // A student in no counted championship scores 0 in each (the formula's rule
    // for a player missing from one), so the table has the whole class.
    let mut formula = per.clone();
    if let Some(first) = formula.first_mut() {
        let students = site.db.with(|c| db::users(c))?;
        for u in students.iter().filter(|u| !u.is_teacher()) {
            if !per.iter().flatten().any(|(n, _)| *n == u.login) {
                first.push((u.login.clone(), 0.0));
            }
        }
    }
    let finals = crate::referee::grading::final_grades(&formula);
    let table = finals
        .into_iter()
        .map(|f| {
            let each = per
                .iter()
                .map(|c| c.iter().rev().find(|(n, _)| *n == f.name).map(|(_, g)| *g))
                .collect();
            (f.name, each, f.p, f.grade)
        })
        .collect();
    Ok((counted, table))
}

pub(super) async fn grades(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    blocking(site, move |site| grades_page(site, &s)).await
}

fn grades_page(site: &Site, s: &Session) -> Response {
    if let Some(r) = may_see_results(site, s) {
        return r;
    }
    let (counted, table) = match final_grades(site) {
        Ok(t) => t,
        Err(e) => return db_error(site, e),
    };
    let shown: Vec<String> = table.iter().map(|(_, _, _, g)| grade_text(*g)).collect();
    let ranks = competition_ranks(&shown);
    let grades: Vec<Value> = table
        .iter()
        .zip(shown)
        .zip(ranks)
        .map(|(((name, each, p, _), grade), rank)| {
            let each: Vec<Option<String>> = each.iter().map(|g| g.map(grade_text)).collect();
            context! { rank => rank, name => name, each => each, p => format!("{p:.3}"), grade => grade }
        })
        .collect();
    html(
        site,
        s,
        "grades.html",
        context! { count => counted.len(), min => counted.len() as f64 / 2.0, counted => counted, grades => grades },
    )
}

/// Standard competition ranks (1, 2, 2, 4) of values sorted best first: equal
/// values share the rank of the first of them, as the standings rank ties.
fn competition_ranks<T: PartialEq>(sorted: &[T]) -> Vec<usize> {
    let mut ranks = Vec::with_capacity(sorted.len());
    for (k, value) in sorted.iter().enumerate() {
        let rank = match ranks.last() {
            Some(&before) if k > 0 && sorted[k - 1] == *value => before,
            _ => k + 1,
        };
        ranks.push(rank);
    }
    ranks
}

pub(super) async fn grades_csv(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    blocking(site, move |site| grades_csv_file(site, &s)).await
}

fn grades_csv_file(site: &Site, s: &Session) -> Response {
    if !s.is_teacher() {
        return not_found_page(site, s);
    }
    let (counted, table) = match final_grades(site) {
        Ok(t) => t,
        Err(e) => return db_error(site, e),
    };
    let names: HashMap<String, String> = site
        .db
        .with(|c| db::users(c))
        .unwrap_or_default()
        .into_iter()
        .map(|u| (u.login, u.name))
        .collect();
    let mut csv = String::from("login,name");
    for c in &counted {
        csv.push_str(&format!(",championship_{c}"));
    }
    csv.push_str(",p,final_grade\n");
    for (login, each, p, grade) in &table {
        let name = names.get(login).cloned().unwrap_or_default();
        csv.push_str(&format!("{},{}", csv_field(login), csv_field(&name)));
        for g in each {
            csv.push_str(&g.map_or_else(|| ",".to_string(), |g| format!(",{}", grade_text(g))));
        }
        csv.push_str(&format!(",{p:.4},{}\n", grade_text(*grade)));
    }
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"grades.csv\"",
            ),
        ],
        csv,
    )
        .into_response()
}

fn csv_field(s: &str) -> String {
    // A field a spreadsheet would run as a formula is quoted as text.
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::{competition_ranks, csv_field};

    #[test]
    fn ties_share_the_rank_of_the_first_of_them() {
        assert_eq!(
            competition_ranks(&["9.00", "7.50", "7.50", "7.50", "2.00"]),
            [1, 2, 2, 2, 5]
        );
        assert_eq!(competition_ranks(&[1, 1]), [1, 1]);
        assert!(competition_ranks::<u8>(&[]).is_empty());
    }

    #[test]
    fn csv_fields_a_spreadsheet_would_run_are_text() {
        for (given, kept) in [
            ("=1+2", "'=1+2"),
            ("+1", "'+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1+2", "'\t=1+2"),
            ("\r=1", "\"'\r=1\""),
            ("Ann, B.", "\"Ann, B.\""),
            ("plain", "plain"),
        ] {
            assert_eq!(csv_field(given), kept, "{given:?}");
        }
    }
}
