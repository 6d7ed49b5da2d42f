//! The web server: axum routes, the session layer (cookie, CSRF token, request log,
//! security headers), and the pages' handlers. Who may see what:
//! - everyone (or, with `site.public = false`, everyone signed in): championships,
//!   their standings, crosstables and every game's moves, the final grades;
//! - a student: their own versions, qualification results, code and logs, and the
//!   logs of their own seats in championship games; never another student's;
//! - the teacher: everything, and the forms that run championships.

use super::auth::{self, Session, SignIn};
use super::db::{self, User};
use super::runner::{self, QUALIFICATION_GAMES};
use super::{Site, pages, submit};
use crate::championship::{self, GAMES_FILE};
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Form, Multipart, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use jiff::Timestamp;
use minijinja::{Value, context};
use rusqlite::params;
use serde::Deserialize;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

type SiteState = State<Arc<Site>>;

/// A value for a page, through its serde form.
fn ser<T: serde::Serialize>(x: T) -> Value {
    Value::from(minijinja::value::Serde(x))
}

/// The site's routes.
pub fn router(site: Arc<Site>) -> Router {
    // Uploads get a larger body limit than the other forms (see drain_limit); the
    // cap itself is checked as the file is read, and answered with 413.
    let upload_limit = drain_limit(site.config.max_upload().unwrap_or(1 << 20));
    Router::new()
        .route("/", get(home))
        .route("/championships/{id}", get(championship_page))
        .route("/championships/{id}/progress.json", get(progress_json))
        .route("/championships/{id}/page", get(championship_report))
        .route(
            "/championships/{id}/logs/{game}/{seat}",
            get(championship_log),
        )
        .route("/grades", get(grades_page))
        .route("/grades.csv", get(grades_csv))
        .route("/signin", get(signin_form).post(signin))
        .route("/signout", post(signout))
        .route("/password", get(password_form).post(set_password))
        .route("/me", get(me))
        .route(
            "/me/upload",
            post(upload).layer(DefaultBodyLimit::max(upload_limit)),
        )
        .route("/users/{login}", get(user_page))
        .route("/submissions/{id}/download", get(download))
        .route(
            "/submissions/{id}/logs/{game}/{seat}",
            get(qualification_log),
        )
        .route("/teacher", get(teacher))
        .route("/teacher/run", post(run_now))
        .route("/teacher/championships/{id}/rerun", post(rerun))
        .route("/teacher/championships/{id}/counts", post(set_counts))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(64 << 10))
        .layer(middleware::from_fn_with_state(site.clone(), session_layer))
        .with_state(site)
}

/// The most of an upload's body read: the cap, and beyond it as much again (at
/// least 8 MiB) read only to be dropped, so that a client sending a file over the
/// cap hears why rather than meeting a closed connection.
fn drain_limit(cap: u64) -> usize {
    let limit = cap.saturating_mul(2).max(8 << 20).saturating_add(64 << 10);
    usize::try_from(limit).unwrap_or(usize::MAX)
}

/// Loads the request's session (opening a visitor's one if needed), sets its cookie,
/// adds the security headers, and logs the request.
async fn session_layer(State(site): SiteState, mut req: Request, next: Next) -> Response {
    let started = Instant::now();
    let token = cookie(req.headers(), auth::COOKIE);
    let session = {
        let conn = site.db.lock();
        auth::session(&conn, token.as_deref())
    };
    let session = match session {
        Ok(s) => s,
        Err(e) => {
            site.log(&format!("session: {e}"));
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                "the site's database failed",
            )
                .into_response();
        }
    };
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let who = session
        .user
        .as_ref()
        .map_or_else(|| "-".to_string(), |u| u.login.clone());
    let new_token = session.new_token.clone();
    req.extensions_mut().insert(session);
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    if let Some(token) = new_token
        && !headers.contains_key(header::SET_COOKIE)
        && let Ok(v) = HeaderValue::from_str(&session_cookie(&site, &token))
    {
        headers.insert(header::SET_COOKIE, v);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if !path.ends_with("/progress.json") {
        site.log(&format!(
            "{method} {path} {} {who} {} ms",
            response.status().as_u16(),
            started.elapsed().as_millis()
        ));
    }
    response
}

fn session_cookie(site: &Site, token: &str) -> String {
    format!(
        "{}={token}; Path=/; HttpOnly; SameSite=Lax{}",
        auth::COOKIE,
        if site.config.site.secure_cookies {
            "; Secure"
        } else {
            ""
        }
    )
}

fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// The values every page has. People's names (beside their logins) are shown to
/// those signed in only: the public sees logins, as on the course's old site.
fn base(site: &Site, session: &Session) -> Value {
    let game_title = crate::game::find_game(&site.config.game).map_or("", |g| g.title.as_str());
    let names: HashMap<String, String> = if session.user.is_some() {
        db::users(&site.db.lock())
            .unwrap_or_default()
            .into_iter()
            .map(|u| (u.login, u.name))
            .collect()
    } else {
        HashMap::new()
    };
    context! {
        course_title => site.config.title.clone(),
        game_title => game_title,
        user => session.user.clone().map(ser),
        csrf => session.csrf.clone(),
        names => names,
    }
}

fn html(site: &Site, session: &Session, name: &str, extra: Value) -> Response {
    let ctx = context! { ..extra, ..base(site, session) };
    match pages::render(name, ctx) {
        Ok(text) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response(),
        Err(e) => {
            site.log(&e);
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "this page could not be drawn",
            )
                .into_response()
        }
    }
}

fn message(
    site: &Site,
    session: &Session,
    status: StatusCode,
    heading: &str,
    text: &str,
    back: &str,
) -> Response {
    let mut r = html(
        site,
        session,
        "message.html",
        context! { heading => heading, message => text, back => back },
    );
    *r.status_mut() = status;
    r
}

fn not_found_page(site: &Site, session: &Session) -> Response {
    message(
        site,
        session,
        StatusCode::NOT_FOUND,
        "Not found",
        "There is nothing here, or it is not yours to see.",
        "/",
    )
}

async fn not_found(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
) -> Response {
    not_found_page(&site, &s)
}

fn db_error(site: &Site, e: impl std::fmt::Display) -> Response {
    site.log(&format!("database: {e}"));
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "the site's database failed",
    )
        .into_response()
}

/// Whether results may be shown to this visitor; otherwise where to send them.
fn may_see_results(site: &Site, session: &Session) -> Option<Response> {
    if site.config.site.public || session.user.is_some() {
        None
    } else {
        Some(Redirect::to("/signin").into_response())
    }
}

fn checked_csrf(site: &Site, session: &Session, given: Option<&str>) -> Option<Response> {
    match given {
        Some(token) if auth::same(token, &session.csrf) => None,
        _ => Some(message(
            site,
            session,
            StatusCode::FORBIDDEN,
            "Form expired",
            "This form was not sent from this site's page, or the page is too old: open the page again and resend.",
            "/",
        )),
    }
}

/// Why a teacher's form may not go on: not a teacher (404, as for a page that is not
/// theirs), or no valid CSRF token (403).
fn refuse_teacher_form(site: &Site, session: &Session, csrf: Option<&str>) -> Option<Response> {
    if !session.is_teacher() {
        return Some(not_found_page(site, session));
    }
    checked_csrf(site, session, csrf)
}

fn when(site: &Site, stamp: &str) -> String {
    stamp
        .parse::<Timestamp>()
        .map_or_else(|_| stamp.to_string(), |t| site.config.local(t))
}

/// One line of the championships' list.
fn championship_line(site: &Site, c: &db::ChampionshipRow) -> Value {
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
        counts => c.counts, message => c.message.clone(), games => games, leader => leader,
        rerun_of => c.rerun_of,
    }
}

async fn home(State(site): SiteState, axum::Extension(s): axum::Extension<Session>) -> Response {
    if let Some(r) = may_see_results(&site, &s) {
        return r;
    }
    let (rows, students, entered) = {
        let conn = site.db.lock();
        let rows = match db::championships(&conn) {
            Ok(r) => r,
            Err(e) => return db_error(&site, e),
        };
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
        (rows, students, entered)
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
        .map(|c| championship_line(&site, c))
        .collect();
    let deadline = site
        .config
        .deadline()
        .ok()
        .flatten()
        .map(|t| site.config.local(t));
    html(
        &site,
        &s,
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

async fn championship_page(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
) -> Response {
    if let Some(r) = may_see_results(&site, &s) {
        return r;
    }
    let (row, entries) = {
        let conn = site.db.lock();
        match (db::championship(&conn, id), db::entries(&conn, id)) {
            (Ok(Some(row)), Ok(entries)) => (row, entries),
            (Ok(None), _) => return not_found_page(&site, &s),
            (Err(e), _) | (_, Err(e)) => return db_error(&site, e),
        }
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
            (ser(&v["standings"]), ser(&v["notes"]), players, cross)
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
        &site,
        &s,
        "championship.html",
        context! {
            c => championship_line(&site, &row),
            progress => progress.map(ser),
            percent => percent,
            live => row.status == "running" || row.status == "waiting",
            has_page => dir.join("index.html").exists(),
            standings => rows, notes => notes, players => players, crosstable => crosstable,
            entries => ser(&entries),
        },
    )
}

async fn progress_json(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
) -> Response {
    if let Some(r) = may_see_results(&site, &s) {
        return r;
    }
    let row = match db::championship(&site.db.lock(), id) {
        Ok(Some(r)) => r,
        // Said in JSON too, so that a page or a script polling for a championship
        // that is about to start reads an answer, not an empty body.
        Ok(None) => {
            return (
                StatusCode::NOT_FOUND,
                axum::Json(serde_json::json!({
                    "status": "none",
                    "error": format!("there is no championship {id} (yet)"),
                })),
            )
                .into_response();
        }
        Err(e) => return db_error(&site, e),
    };
    let progress = runner::progress(&runner::championship_dir(&site.course, id));
    axum::Json(serde_json::json!({ "status": row.status, "progress": progress })).into_response()
}

async fn championship_report(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
) -> Response {
    if let Some(r) = may_see_results(&site, &s) {
        return r;
    }
    let path = runner::championship_dir(&site.course, id).join("index.html");
    match std::fs::read_to_string(&path) {
        Ok(text) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response(),
        Err(_) => not_found_page(&site, &s),
    }
}

/// A log shown to its owner (or the teacher), as text in a page.
fn log_page(
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

async fn championship_log(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path((id, game, seat)): Path<(i64, usize, usize)>,
) -> Response {
    let Some(user) = s.user.clone() else {
        return Redirect::to("/signin").into_response();
    };
    let dir = runner::championship_dir(&site.course, id);
    let records = championship::read_records(&dir.join(GAMES_FILE))
        .map(|(r, _)| r)
        .unwrap_or_default();
    let Some(record) = records.iter().find(|r| r.id == game) else {
        return not_found_page(&site, &s);
    };
    let owner = seat >= 1 && record.players.get(seat - 1) == Some(&user.login);
    if !(owner || user.is_teacher()) || seat == 0 || seat > record.players.len() {
        return not_found_page(&site, &s);
    }
    let path = dir
        .join("logs")
        .join(format!("game-{game}-player-{seat}.log"));
    log_page(
        &site,
        &s,
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
fn final_grades(site: &Site) -> Result<(Vec<i64>, Vec<FinalLine>), String> {
    let rows = db::championships(&site.db.lock()).map_err(|e| e.to_string())?;
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
        let students = db::users(&site.db.lock()).map_err(|e| e.to_string())?;
        for u in students.iter().filter(|u| !u.is_teacher()) {
            if !per.iter().flatten().any(|(n, _)| *n == u.login) {
                first.push((u.login.clone(), 0.0));
            }
        }
    }
    let finals = crate::grading::final_grades(&formula);
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

async fn grades_page(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
) -> Response {
    if let Some(r) = may_see_results(&site, &s) {
        return r;
    }
    let (counted, table) = match final_grades(&site) {
        Ok(t) => t,
        Err(e) => return db_error(&site, e),
    };
    let grades: Vec<Value> = table
        .iter()
        .map(|(name, each, p, grade)| context! { name => name, each => each, p => p, grade => grade })
        .collect();
    html(
        &site,
        &s,
        "grades.html",
        context! { count => counted.len(), min => counted.len() as f64 / 2.0, counted => counted, grades => grades },
    )
}

async fn grades_csv(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
) -> Response {
    if !s.is_teacher() {
        return not_found_page(&site, &s);
    }
    let (counted, table) = match final_grades(&site) {
        Ok(t) => t,
        Err(e) => return db_error(&site, e),
    };
    let names: HashMap<String, String> = db::users(&site.db.lock())
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
            csv.push_str(&g.map_or_else(|| ",".to_string(), |g| format!(",{g:.2}")));
        }
        csv.push_str(&format!(",{p:.4},{grade:.2}\n"));
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
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

async fn signin_form(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
) -> Response {
    html(&site, &s, "signin.html", context! {})
}

#[derive(Deserialize)]
struct SignInForm {
    csrf: Option<String>,
    login: String,
    secret: String,
}

async fn signin(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(form): Form<SignInForm>,
) -> Response {
    if let Some(r) = checked_csrf(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let login = form.login.trim().to_string();
    let site2 = site.clone();
    // Behind a proxy every request comes from it: the client is the address it
    // appended last to X-Forwarded-For.
    let forwarded = headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty());
    let address = match forwarded {
        Some(a) if site.config.site.behind_proxy => a,
        _ => addr.ip().to_string(),
    };
    let secret = form.secret;
    let outcome = tokio::task::spawn_blocking(move || {
        let conn = site2.db.lock();
        auth::sign_in(&conn, &login, &secret, &address)
    })
    .await;
    let outcome = match outcome {
        Ok(Ok(o)) => o,
        Ok(Err(e)) => return db_error(&site, e),
        Err(e) => return db_error(&site, e),
    };
    let user = match outcome {
        SignIn::Password(u) | SignIn::Code(u) => u,
        SignIn::Wrong => {
            return message(
                &site,
                &s,
                StatusCode::UNAUTHORIZED,
                "Not signed in",
                "That login and password (or code) do not match.",
                "/signin",
            );
        }
        SignIn::Limited(minutes) => {
            return message(
                &site,
                &s,
                StatusCode::TOO_MANY_REQUESTS,
                "Too many attempts",
                &format!(
                    "Too many failed sign-ins: try again in {minutes} minute{}.",
                    if minutes == 1 { "" } else { "s" }
                ),
                "/signin",
            );
        }
    };
    let needs_password = !user.has_password;
    // A new session on sign-in: a token seen before signing in is worth nothing after.
    let new = {
        let conn = site.db.lock();
        let _ = auth::end_session(&conn, &s.token_hash);
        auth::new_session(&conn, Some(user))
    };
    let new = match new {
        Ok(n) => n,
        Err(e) => return db_error(&site, e),
    };
    let to = if needs_password { "/password" } else { "/me" };
    let mut r = Redirect::to(to).into_response();
    if let Some(token) = new.new_token
        && let Ok(v) = HeaderValue::from_str(&session_cookie(&site, &token))
    {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

#[derive(Deserialize)]
struct CsrfForm {
    csrf: Option<String>,
}

async fn signout(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Some(r) = checked_csrf(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let _ = auth::end_session(&site.db.lock(), &s.token_hash);
    let mut r = Redirect::to("/").into_response();
    let expired = format!(
        "{}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{}",
        auth::COOKIE,
        if site.config.site.secure_cookies {
            "; Secure"
        } else {
            ""
        }
    );
    if let Ok(v) = HeaderValue::from_str(&expired) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

async fn password_form(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
) -> Response {
    match &s.user {
        None => return Redirect::to("/signin").into_response(),
        Some(u) if u.has_password => return Redirect::to("/me").into_response(),
        Some(_) => {}
    }
    html(
        &site,
        &s,
        "password.html",
        context! { min_password => auth::MIN_PASSWORD },
    )
}

#[derive(Deserialize)]
struct PasswordForm {
    csrf: Option<String>,
    password: String,
    again: String,
}

async fn set_password(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Form(form): Form<PasswordForm>,
) -> Response {
    if let Some(r) = checked_csrf(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let Some(user) = s.user.clone() else {
        return Redirect::to("/signin").into_response();
    };
    // A password is chosen once, after signing in with a code; a forgotten one is
    // replaced through a new code from the teacher.
    if user.has_password {
        return message(
            &site,
            &s,
            StatusCode::FORBIDDEN,
            "Password already chosen",
            "You chose your password already. To change it, ask your teacher for a new sign-in code.",
            "/me",
        );
    }
    if form.password != form.again {
        return message(
            &site,
            &s,
            StatusCode::BAD_REQUEST,
            "Passwords differ",
            "The two passwords differ: type the same one twice.",
            "/password",
        );
    }
    let site2 = site.clone();
    let keep = s.token_hash.clone();
    let result = tokio::task::spawn_blocking(move || {
        auth::set_password(&site2.db.lock(), user.id, &form.password, &keep)
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    match result {
        Ok(()) => Redirect::to("/me").into_response(),
        Err(e) => message(
            &site,
            &s,
            StatusCode::BAD_REQUEST,
            "Password not set",
            &e,
            "/password",
        ),
    }
}

/// Days late of a version uploaded at `stamp`, by the deadline in the settings now
/// (as a championship starting now counts them).
fn late_now(site: &Site, stamp: &str) -> u32 {
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
        id => v.id, version => v.version, when => when(site, &v.uploaded_at), file_name => v.file_name.clone(),
        kind => v.kind.clone(), size => v.size, sha256 => v.sha256.clone(), status => v.status.clone(),
        summary => v.problem.clone().unwrap_or_else(|| v.summary.clone()), late_days => late_now(site, &v.uploaded_at), logs => logs,
    }
}

/// A student's games in the championships, with links to their own logs.
fn own_games(site: &Site, login: &str) -> Vec<Value> {
    let rows = db::championships(&site.db.lock()).unwrap_or_default();
    let mut games = Vec::new();
    for c in rows.iter().rev().filter(|c| c.status != "waiting") {
        let dir = runner::championship_dir(&site.course, c.id);
        let records = championship::read_records(&dir.join(GAMES_FILE))
            .map(|(r, _)| r)
            .unwrap_or_default();
        for r in records
            .iter()
            .filter(|r| r.players.iter().any(|p| p == login))
        {
            for (i, name) in r.players.iter().enumerate() {
                if name != login {
                    continue;
                }
                let seat = i as u32 + 1;
                let opponent = r
                    .players
                    .iter()
                    .enumerate()
                    .find(|(j, _)| *j != i)
                    .map_or_else(String::new, |(_, n)| n.clone());
                let result = match &r.fault {
                    Some(f) if f.player == seat => format!("lost by a fault: {}", f.reason),
                    Some(_) if r.winners.contains(&seat) => "won (the opponent's fault)".into(),
                    _ if r.winners == [seat] => "won".into(),
                    _ if r.winners.contains(&seat) => "tie".into(),
                    _ => "lost".into(),
                };
                games.push(context! {
                    championship => c.id, id => r.id,
                    side => if seat == 1 { "first" } else { "second" },
                    opponent => opponent, result => result,
                    log => format!("/championships/{}/logs/{}/{seat}", c.id, r.id),
                });
            }
        }
    }
    games
}

fn user_page_for(site: &Site, s: &Session, who: &User, own: bool) -> Response {
    let versions = match db::submissions_of(&site.db.lock(), who.id) {
        Ok(v) => v,
        Err(e) => return db_error(site, e),
    };
    let pending = versions
        .iter()
        .any(|v| v.status == "waiting" || v.status == "running");
    let lines: Vec<Value> = versions
        .iter()
        .map(|v| version_line(site, &who.login, v))
        .collect();
    let deadline = site
        .config
        .deadline()
        .ok()
        .flatten()
        .map(|t| site.config.local(t));
    html(
        site,
        s,
        "me.html",
        context! {
            who => ser(who), own => own, versions => lines, pending => pending,
            games => own_games(site, &who.login), accepted => submit::ACCEPTED,
            max_upload => site.config.submissions.max_upload.clone(), deadline => deadline,
            qualification_games => QUALIFICATION_GAMES,
        },
    )
}

async fn me(State(site): SiteState, axum::Extension(s): axum::Extension<Session>) -> Response {
    match s.user.clone() {
        Some(u) => user_page_for(&site, &s, &u, true),
        None => Redirect::to("/signin").into_response(),
    }
}

async fn user_page(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(login): Path<String>,
) -> Response {
    if !s.is_teacher() {
        return not_found_page(&site, &s);
    }
    match db::user_by_login(&site.db.lock(), &login) {
        Ok(Some(u)) => user_page_for(&site, &s, &u, false),
        Ok(None) => not_found_page(&site, &s),
        Err(e) => db_error(&site, e),
    }
}

async fn upload(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    headers: HeaderMap,
    mut multipart: Multipart,
) -> Response {
    let Some(user) = s.user.clone() else {
        return Redirect::to("/signin").into_response();
    };
    let cap = site.config.max_upload().unwrap_or(1 << 20);
    let too_large = |site: &Site| {
        message(
            site,
            &s,
            StatusCode::PAYLOAD_TOO_LARGE,
            "Upload too large",
            &format!(
                "The file is larger than this course accepts ({}).",
                site.config.submissions.max_upload
            ),
            "/me",
        )
    };
    // A body announced far too large is refused before it is read (the client may
    // then see the connection close instead of the answer).
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > drain_limit(cap) as u64) {
        return too_large(&site);
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
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return too_large(&site),
            Err(e) => {
                return message(
                    &site,
                    &s,
                    StatusCode::BAD_REQUEST,
                    "Upload not read",
                    &format!("The form could not be read: {e}"),
                    "/me",
                );
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
                            return too_large(&site);
                        }
                        Err(e) => {
                            return message(
                                &site,
                                &s,
                                StatusCode::BAD_REQUEST,
                                "Upload not read",
                                &format!("The file could not be read: {e}"),
                                "/me",
                            );
                        }
                    }
                }
                file = Some((name, data));
            }
            _ => while let Ok(Some(_)) = field.chunk().await {},
        }
    }
    if over {
        return too_large(&site);
    }
    if let Some(r) = checked_csrf(&site, &s, csrf.as_deref()) {
        return r;
    }
    let Some((name, data)) = file.filter(|(n, _)| !n.is_empty()) else {
        return message(
            &site,
            &s,
            StatusCode::BAD_REQUEST,
            "No file",
            "Choose a file to upload.",
            "/me",
        );
    };
    let site2 = site.clone();
    let stored = tokio::task::spawn_blocking(move || {
        submit::store(&site2.course, &site2.db, &site2.config, &user, &name, &data)
            .map(|id| (id, user.login, name))
    })
    .await;
    match stored {
        Ok(Ok((id, login, name))) => {
            site.log(&format!("upload: {login} {name:?} is submission {id}"));
            site.kick();
            Redirect::to("/me").into_response()
        }
        Ok(Err(refused)) => message(
            &site,
            &s,
            StatusCode::from_u16(refused.status).unwrap_or(StatusCode::BAD_REQUEST),
            "Upload refused",
            &refused.message,
            "/me",
        ),
        Err(e) => db_error(&site, e),
    }
}

/// The submission, if this visitor may see its code and logs (its owner, or the
/// teacher).
fn own_submission(site: &Site, s: &Session, id: i64) -> Option<(db::Submission, String)> {
    let user = s.user.as_ref()?;
    let conn = site.db.lock();
    let sub = db::submission(&conn, id).ok()??;
    if sub.user_id != user.id && !user.is_teacher() {
        return None;
    }
    let owner = db::user_by_id(&conn, sub.user_id).ok()??;
    Some((sub, owner.login))
}

async fn download(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
) -> Response {
    let Some((sub, _)) = own_submission(&site, &s, id) else {
        return not_found_page(&site, &s);
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
        return not_found_page(&site, &s);
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

async fn qualification_log(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path((id, game, seat)): Path<(i64, usize, usize)>,
) -> Response {
    let Some((sub, login)) = own_submission(&site, &s, id) else {
        return not_found_page(&site, &s);
    };
    if !(1..=2).contains(&seat) || game == 0 || game > QUALIFICATION_GAMES as usize {
        return not_found_page(&site, &s);
    }
    let path = runner::qualification_dir(&site.course, &login, sub.version)
        .join("logs")
        .join(format!("game-{game}-player-{seat}.log"));
    log_page(
        &site,
        &s,
        &path,
        &format!(
            "Version {} of {login}: qualification game {game}",
            sub.version
        ),
        if s.is_teacher() { "/teacher" } else { "/me" },
    )
}

async fn teacher(State(site): SiteState, axum::Extension(s): axum::Extension<Session>) -> Response {
    if !s.is_teacher() {
        return not_found_page(&site, &s);
    }
    let (rows, users, subs) = {
        let conn = site.db.lock();
        match (
            db::championships(&conn),
            db::users(&conn),
            db::all_submissions(&conn),
        ) {
            (Ok(r), Ok(u), Ok(s)) => (r, u, s),
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return db_error(&site, e),
        }
    };
    let logins: HashMap<i64, String> = users.iter().map(|u| (u.id, u.login.clone())).collect();
    let roster: Vec<Value> = users
        .iter()
        .map(|u| {
            let mine: Vec<&db::Submission> = subs.iter().filter(|v| v.user_id == u.id).collect();
            context! {
                login => u.login.clone(), name => u.name.clone(), role => u.role.clone(),
                has_password => u.has_password, versions => mine.len(),
                latest => mine.first().map(|v| v.status.clone()),
            }
        })
        .collect();
    let submissions: Vec<Value> = subs
        .iter()
        .map(|v| {
            context! {
                id => v.id, when => when(&site, &v.uploaded_at), login => logins.get(&v.user_id).cloned(),
                version => v.version, file_name => v.file_name.clone(), kind => v.kind.clone(), size => v.size,
                status => v.status.clone(), summary => v.problem.clone().unwrap_or_else(|| v.summary.clone()),
                late_days => late_now(&site, &v.uploaded_at),
            }
        })
        .collect();
    let schedule: Vec<String> = site
        .config
        .scheduled_times()
        .unwrap_or_default()
        .into_iter()
        .map(|t| site.config.local(t))
        .collect();
    let lines: Vec<Value> = rows
        .iter()
        .rev()
        .map(|c| championship_line(&site, c))
        .collect();
    html(
        &site,
        &s,
        "teacher.html",
        context! { championships => lines, roster => roster, submissions => submissions, schedule => schedule },
    )
}

#[derive(Deserialize)]
struct RunForm {
    csrf: Option<String>,
    counts: Option<String>,
}

async fn run_now(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Form(form): Form<RunForm>,
) -> Response {
    if let Some(r) = refuse_teacher_form(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let counts = form.counts.as_deref() == Some("yes");
    // The row and its id under one lock: another insert cannot come between.
    let inserted = {
        let conn = site.db.lock();
        conn.execute(
            "INSERT INTO championships (origin, due_at, seed, status, counts) VALUES ('teacher', ?1, ?2, 'waiting', ?3)",
            params![Timestamp::now().to_string(), runner::fresh_seed(), counts],
        )
        .map(|_| conn.last_insert_rowid())
    };
    match inserted {
        Ok(id) => {
            site.log(&format!("championship {id} asked for by the teacher"));
            site.kick();
            Redirect::to(&format!("/championships/{id}")).into_response()
        }
        Err(e) => db_error(&site, e),
    }
}

async fn rerun(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Some(r) = refuse_teacher_form(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let old = match db::championship(&site.db.lock(), id) {
        Ok(Some(c)) => c,
        Ok(None) => return not_found_page(&site, &s),
        Err(e) => return db_error(&site, e),
    };
    if old.status == "cancelled" {
        return message(
            &site,
            &s,
            StatusCode::CONFLICT,
            "Nothing to re-run",
            "That championship was cancelled before any game: run a new one instead.",
            "/teacher",
        );
    }
    if old.status == "running" || old.status == "waiting" {
        return message(
            &site,
            &s,
            StatusCode::CONFLICT,
            "Not finished",
            "That championship has not finished: it cannot be re-run yet.",
            "/teacher",
        );
    }
    // The re-run takes the place of the one it repeats in the final grade.
    let result = {
        let mut conn = site.db.lock();
        conn.transaction().and_then(|tx| {
            tx.execute(
                "INSERT INTO championships (origin, due_at, seed, status, counts, rerun_of) VALUES ('teacher', ?1, ?2, 'waiting', ?3, ?4)",
                params![Timestamp::now().to_string(), old.seed, old.counts, id],
            )?;
            let new = tx.last_insert_rowid();
            tx.execute("UPDATE championships SET counts = 0 WHERE id = ?1", params![id])?;
            tx.commit()?;
            Ok(new)
        })
    };
    match result {
        Ok(new) => {
            site.log(&format!("championship {new}: a re-run of {id}"));
            site.kick();
            Redirect::to(&format!("/championships/{new}")).into_response()
        }
        Err(e) => db_error(&site, e),
    }
}

async fn set_counts(
    State(site): SiteState,
    axum::Extension(s): axum::Extension<Session>,
    Path(id): Path<i64>,
    Form(form): Form<RunForm>,
) -> Response {
    if let Some(r) = refuse_teacher_form(&site, &s, form.csrf.as_deref()) {
        return r;
    }
    let counts = form.counts.as_deref() == Some("yes");
    match site.db.lock().execute(
        "UPDATE championships SET counts = ?2 WHERE id = ?1",
        params![id, counts],
    ) {
        Ok(_) => Redirect::to("/teacher").into_response(),
        Err(e) => db_error(&site, e),
    }
}

/// Runs the site until Ctrl-C or SIGTERM: the web server on `listen`, and the
/// qualification and championship workers.
pub fn serve(site: Site, listen: &str) -> Result<(), String> {
    let site = Arc::new(site);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the web server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
        for (name, work) in [
            (
                "qualification",
                runner::qualification_worker as fn(Arc<Site>),
            ),
            (
                "championships",
                runner::championship_worker as fn(Arc<Site>),
            ),
        ] {
            let site = site.clone();
            std::thread::Builder::new()
                .name(name.into())
                .spawn(move || work(site))
                .map_err(|e| format!("cannot start the {name} worker: {e}"))?;
        }
        site.log(&format!(
            "serving {} on http://{addr}/",
            site.course.display()
        ));
        println!("listening on http://{addr}/");
        let app = router(site.clone()).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, app)
            .with_graceful_shutdown(shutdown())
            .await
            .map_err(|e| format!("the web server stopped: {e}"))?;
        site.log("stopped");
        Ok(())
    })
}

async fn shutdown() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(t) => t,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
