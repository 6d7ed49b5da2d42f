//! The web server: axum routes, the session layer (cookie, CSRF token, request log,
//! security headers), and the helpers every page uses; the pages themselves are in
//! `results` (championships and grades), `account` (signing in and out), `students`
//! (versions, uploads, code and logs) and `teacher` (the teacher's forms). Who may
//! see what:
//! - everyone (or, with `site.public = false`, everyone signed in): championships,
//!   their standings, crosstables and every game's moves, the final grades;
//! - a student: their own versions, qualification results, code and logs, and the
//!   logs of their own seats in championship games; never another student's;
//! - the teacher: everything, and the forms that run championships.
//!
//! No handler waits on the async workers: each page's work (the database, files,
//! hashing) runs on the blocking threads through [`blocking`], every request has a
//! deadline ([`PAGE_TIMEOUT`]), and the database is a pool with no lock of ours, so
//! one slow or stuck page cannot hold the others up.

mod account;
mod listen;
mod play;
mod results;
mod students;
mod teacher;

use super::auth::{self, Session};
use super::db;
use super::{Site, SiteError, pages};
use axum::Router;
use axum::extract::rejection::{FormRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Form, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use jiff::Timestamp;
use minijinja::{Value, context};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

type SiteState = State<Arc<Site>>;
type Session_ = axum::Extension<Session>;

/// The longest a page may take before the visitor is told the site is busy.
pub const PAGE_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest an upload may take to arrive and be stored.
pub const UPLOAD_TIMEOUT: Duration = Duration::from_secs(120);
/// How long a stop (SIGTERM, Ctrl-C) waits for the requests under way.
pub const STOP_GRACE: Duration = Duration::from_secs(3);
/// How long a request's body (a form, a move) may take to arrive; an upload has
/// [`UPLOAD_TIMEOUT`].
pub const BODY_TIMEOUT: Duration = Duration::from_secs(20);

/// A value for a page, through its serde form.
fn ser<T: serde::Serialize>(x: T) -> Value {
    Value::from(minijinja::value::Serde(x))
}

/// Every route the site answers, method and path (the route-walking test reads
/// this list, so that a new page is walked as soon as it exists).
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/"),
    ("GET", "/championships/{id}"),
    ("GET", "/championships/{id}/progress.json"),
    ("GET", "/championships/{id}/page"),
    ("GET", "/championships/{id}/standings.csv"),
    ("GET", "/championships/{id}/live"),
    ("GET", "/board.js"),
    ("GET", "/championships/{id}/logs/{game}/{seat}"),
    ("GET", "/grades"),
    ("GET", "/grades.csv"),
    ("GET", "/signin"),
    ("POST", "/signin"),
    ("POST", "/signout"),
    ("GET", "/password"),
    ("POST", "/password"),
    ("GET", "/me"),
    ("POST", "/me/upload"),
    ("GET", "/users/{login}"),
    ("GET", "/submissions/{id}/download"),
    ("GET", "/submissions/{id}/logs/{game}/{seat}"),
    ("GET", "/teacher"),
    ("POST", "/teacher/run"),
    ("POST", "/teacher/championships/{id}/rerun"),
    ("POST", "/teacher/championships/{id}/counts"),
    ("GET", "/play"),
    ("GET", "/play/api/catalog"),
    ("GET", "/play/api/games"),
    ("POST", "/play/api/games"),
    ("GET", "/play/api/games/{id}"),
    ("GET", "/play/api/games/{id}/events"),
    ("POST", "/play/api/games/{id}/move"),
    ("POST", "/play/api/games/{id}/undo"),
    ("POST", "/play/api/games/{id}/hint"),
    ("POST", "/play/api/games/{id}/end"),
    ("GET", "/play/api/games/{id}/record"),
    ("GET", "/play/api/games/{id}/positions"),
    ("POST", "/play/api/preview"),
];

/// The site's routes.
pub fn router(site: Arc<Site>) -> Router {
    // Uploads get a larger body limit than the other forms (see drain_limit); the
    // cap itself is checked as the file is read, and answered with 413.
    let upload_limit = drain_limit(site.config.max_upload().unwrap_or(1 << 20));
    let pages = Router::new()
        .route("/", get(results::home))
        .route("/championships/{id}", get(results::championship))
        .route(
            "/championships/{id}/progress.json",
            get(results::progress_json),
        )
        .route("/championships/{id}/page", get(results::report))
        .route(
            "/championships/{id}/standings.csv",
            get(results::standings_csv),
        )
        .route(
            "/championships/{id}/logs/{game}/{seat}",
            get(results::championship_log),
        )
        .route("/grades", get(results::grades))
        .route("/grades.csv", get(results::grades_csv))
        .route("/signin", get(account::signin_form).post(account::signin))
        .route("/signout", post(account::signout))
        .route(
            "/password",
            get(account::password_form).post(account::set_password),
        )
        .route("/me", get(students::me))
        .route("/users/{login}", get(students::user_page))
        .route("/submissions/{id}/download", get(students::download))
        .route(
            "/submissions/{id}/logs/{game}/{seat}",
            get(students::qualification_log),
        )
        .route("/teacher", get(teacher::teacher))
        .route("/teacher/run", post(teacher::run_now))
        .route("/teacher/championships/{id}/rerun", post(teacher::rerun))
        .route(
            "/teacher/championships/{id}/counts",
            post(teacher::set_counts),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(not_allowed)
        .layer(DefaultBodyLimit::max(64 << 10))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            PAGE_TIMEOUT,
        ));
    let uploads = Router::new()
        .route(
            "/me/upload",
            post(students::upload).layer(DefaultBodyLimit::max(upload_limit)),
        )
        .layer(RequestBodyTimeoutLayer::new(UPLOAD_TIMEOUT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            UPLOAD_TIMEOUT,
        ));
    // Streams that last as long as a championship or a game: no page deadline; and
    // the play page's requests, which may wait for a player's move (the game's own
    // limits bound them).
    let live = Router::new()
        .route("/championships/{id}/live", get(results::live))
        .route("/board.js", get(board_js))
        .route("/play", get(play::page))
        .route("/play/api/catalog", get(play::catalog))
        .route("/play/api/games", get(play::list).post(play::new_game))
        .route("/play/api/games/{id}", get(play::now))
        .route("/play/api/games/{id}/events", get(play::events))
        .route("/play/api/games/{id}/move", post(play::play))
        .route("/play/api/games/{id}/undo", post(play::undo))
        .route("/play/api/games/{id}/hint", post(play::hint))
        .route("/play/api/games/{id}/end", post(play::end))
        .route("/play/api/games/{id}/record", get(play::record))
        .route("/play/api/games/{id}/positions", get(play::positions))
        .route("/play/api/preview", post(play::preview))
        .layer(DefaultBodyLimit::max(16 << 10))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIMEOUT));
    pages
        .merge(uploads)
        .merge(live)
        .layer(middleware::from_fn_with_state(site.clone(), session_layer))
        .with_state(site)
}

/// The board renderer every page of tabula shares.
async fn board_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        crate::game::board::BOARD_JS,
    )
        .into_response()
}

/// The most of an upload's body read: the cap, and beyond it as much again (at
/// least 8 MiB) read only to be dropped, so that a client sending a file over the
/// cap hears why rather than meeting a closed connection.
fn drain_limit(cap: u64) -> usize {
    let limit = cap.saturating_mul(2).max(8 << 20).saturating_add(64 << 10);
    usize::try_from(limit).unwrap_or(usize::MAX)
}

/// Runs a page's work on the blocking threads, so that the async workers that
/// accept connections never wait for the database, a file or a child.
async fn blocking(
    site: Arc<Site>,
    work: impl FnOnce(&Site) -> Response + Send + 'static,
) -> Response {
    let site2 = site.clone();
    match tokio::task::spawn_blocking(move || work(&site2)).await {
        Ok(r) => r,
        Err(e) => {
            site.log(&format!("a page failed: {e}"));
            (StatusCode::INTERNAL_SERVER_ERROR, "this page failed").into_response()
        }
    }
}

/// Loads the request's session (opening a visitor's one if needed), sets its cookie,
/// adds the security headers, and logs the request.
async fn session_layer(State(site): SiteState, mut req: Request, next: Next) -> Response {
    let started = Instant::now();
    let token = cookie(req.headers(), auth::COOKIE);
    let visit = cookie(req.headers(), auth::VISIT_COOKIE);
    // Only a page that is read opens a new session: a form sent without the
    // cookie (a cross-site POST, which the browser sends without it) must not
    // replace the one the browser holds.
    let may_open = matches!(*req.method(), Method::GET | Method::HEAD);
    let site2 = site.clone();
    let session = tokio::task::spawn_blocking(move || {
        site2
            .db
            .with(|conn| auth::session(conn, token.as_deref(), visit.as_deref(), may_open))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r.map_err(|e| e.to_string()));
    let session = match session {
        Ok(s) => s,
        Err(e) => {
            site.log(&format!("session: {e}"));
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "the site's database is busy or failed: try again in a moment",
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
    let new_visit = session.new_visit.clone();
    let signed_in = session.user.is_some();
    req.extensions_mut().insert(session);
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    if let Some(token) = new_token
        && !headers.contains_key(header::SET_COOKIE)
        && let Ok(v) = HeaderValue::from_str(&session_cookie(&site, &token, signed_in))
    {
        headers.insert(header::SET_COOKIE, v);
    }
    if let Some(visit) = new_visit
        && let Ok(v) = HeaderValue::from_str(&visit_cookie(&site, &visit))
    {
        headers.append(header::SET_COOKIE, v);
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

/// The session cookie, lasting as long as the session does in the database.
fn session_cookie(site: &Site, token: &str, signed_in: bool) -> String {
    let max_age = if signed_in {
        auth::SIGNED_IN_HOURS * 3600
    } else {
        auth::VISITOR_HOURS * 3600
    };
    format!(
        "{}={token}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{}",
        auth::COOKIE,
        if site.config.site.secure_cookies {
            "; Secure"
        } else {
            ""
        }
    )
}

/// A visitor's cookie, holding the token of its forms ([`auth::VISIT_COOKIE`]).
fn visit_cookie(site: &Site, token: &str) -> String {
    format!(
        "{}={token}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax{}",
        auth::VISIT_COOKIE,
        auth::VISITOR_HOURS * 3600,
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
        site.db
            .with(|c| db::users(c))
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
        play => site.play.is_some(),
        zone => site.config.zone_now(),
    }
}

fn html(site: &Site, session: &Session, name: &str, extra: Value) -> Response {
    // The menu marks the page it is on (a student's page the teacher opens is the
    // teacher's).
    let theirs = extra
        .get_attr("own")
        .is_ok_and(|own| !own.is_undefined() && !own.is_true());
    let here = if theirs {
        "teacher"
    } else {
        name.trim_end_matches(".html")
    };
    let ctx = context! { ..context! { here => here }, ..extra, ..base(site, session) };
    match pages::render(name, ctx) {
        Ok(text) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response(),
        Err(e) => {
            site.log(&e.to_string());
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "this page could not be drawn",
            )
                .into_response()
        }
    }
}

pub(super) fn message(
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

async fn not_found(State(site): SiteState, axum::Extension(s): Session_) -> Response {
    blocking(site, move |site| not_found_page(site, &s)).await
}

async fn not_allowed(State(site): SiteState, axum::Extension(s): Session_) -> Response {
    blocking(site, move |site| {
        message(
            site,
            &s,
            StatusCode::METHOD_NOT_ALLOWED,
            "Not here",
            "This address is not for that kind of request: follow the site's links and forms.",
            "/",
        )
    })
    .await
}

/// The path's ids, or None when they do not read as ids (the page is then "not
/// found", as for an id that does not exist).
fn ids<T>(path: Result<Path<T>, PathRejection>) -> Option<T> {
    path.ok().map(|Path(t)| t)
}

/// A form's fields, or the page saying the form could not be read.
fn form<T>(
    site: &Site,
    s: &Session,
    form: Result<Form<T>, FormRejection>,
) -> Result<T, Box<Response>> {
    form.map(|Form(t)| t).map_err(|e| {
        Box::new(message(
            site,
            s,
            StatusCode::BAD_REQUEST,
            "Form not read",
            &format!("This form could not be read: {}", e.body_text()),
            "/",
        ))
    })
}

fn db_error(site: &Site, e: impl std::fmt::Display) -> Response {
    site.log(&format!("database: {e}"));
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "the site's database is busy or failed: try again in a moment",
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

/// A form the site's pages send, with its CSRF token.
trait SentForm {
    fn csrf(&self) -> Option<&str>;
}

/// A form's fields, read and its CSRF token checked; otherwise the page that says
/// what is wrong.
fn checked_form<T: SentForm>(
    site: &Site,
    s: &Session,
    sent: Result<Form<T>, FormRejection>,
) -> Result<T, Box<Response>> {
    let form = form(site, s, sent)?;
    match checked_csrf(site, s, form.csrf()) {
        Some(r) => Err(Box::new(r)),
        None => Ok(form),
    }
}

fn when(site: &Site, stamp: &str) -> String {
    stamp
        .parse::<Timestamp>()
        .map_or_else(|_| stamp.to_string(), |t| site.config.local(t))
}

/// A time as a table's cell shows it (the full time goes in its title).
fn when_short(site: &Site, stamp: &str) -> String {
    stamp
        .parse::<Timestamp>()
        .map_or_else(|_| stamp.to_string(), |t| site.config.local_short(t))
}

/// A grade as every page and export shows it: two decimals, rounded half away
/// from zero, so that the site, the replay page and the CSV agree.
pub fn grade_text(g: f64) -> String {
    format!("{:.2}", (g * 100.0).round() / 100.0)
}

/// Runs the site until Ctrl-C or SIGTERM: the web server on `listen`, and the
/// qualification and championship workers. A stop waits `STOP_GRACE` at most for
/// the requests under way; the games the workers' children were playing stop with
/// the process and are resumed at the next start.
pub fn serve(mut site: Site, listen: &str) -> Result<(), SiteError> {
    site.play = play::host(&site)?;
    let site = Arc::new(site);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| SiteError::server("cannot start the web server", e))?;
    let stopped = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|e| SiteError::server(format!("cannot listen on {listen}"), e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| SiteError::server(format!("cannot listen on {listen}"), e))?;
        for (name, work) in [
            (
                "qualification",
                super::runner::qualification_worker as fn(Arc<Site>),
            ),
            (
                "championships",
                super::runner::championship_worker as fn(Arc<Site>),
            ),
        ] {
            let site = site.clone();
            std::thread::Builder::new()
                .name(name.into())
                .spawn(move || work(site))
                .map_err(|e| SiteError::server(format!("cannot start the {name} worker"), e))?;
        }
        site.log(&format!(
            "serving {} on http://{addr}/",
            site.course.display()
        ));
        println!("listening on http://{addr}/");
        let caps = listen::Caps::for_this_process(site.config.site.behind_proxy);
        site.log(&format!(
            "at most {} connections at once{}",
            caps.total,
            caps.per_address
                .map(|n| format!(", {n} from one address"))
                .unwrap_or_default()
        ));
        listen::serve(listener, router(site.clone()), caps, shutdown(), STOP_GRACE).await;
        Ok::<(), SiteError>(())
    });
    site.runner_stop();
    // The runtime's blocking threads may be inside a page that has not finished:
    // they are not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    site.log("stopped");
    stopped
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
