//! The play page (`/play`): for people signed in, the course's game on the course's
//! board in the browser, the same page and API as `tabula web` (`crate::ui::web`),
//! against the built-in levels, against any version of their own player, and, when
//! `[play] classmates = true`, against each classmate's latest qualified version.
//!
//! A person's games are theirs alone: another person asking for one is told there is
//! no such game. A student's own version runs in the sandbox as a championship runs
//! it (the course's memory cap and move time); what it writes on stderr is shown to
//! them, and a classmate's never is (nor its code). Every request that changes a game
//! carries the page's CSRF token in `X-CSRF-Token`.

use super::{Session_, SiteState, blocking, db_error};
use crate::game::GameInfo;
use crate::players::spec::PlayerSpec;
use crate::site::auth::{self, Session};
use crate::site::config::{self, Config};
use crate::site::db::{self, Db};
use crate::site::{Site, SiteError};
use crate::ui::web::{Form, Guest, Guests, Host, Hosting, Limits, MoveBody, Table, refused};
use axum::extract::Path;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The folder of the play page's games (their database and the players' logs).
const PLAY_DIR: &str = "play";

/// The games of the play page, resumed where they were; none when the course turns
/// the page off.
pub fn host(site: &Site) -> Result<Option<Arc<Host>>, SiteError> {
    let c = &site.config.play;
    if !c.enabled {
        return Ok(None);
    }
    let Some(game) = crate::game::find_game(&site.config.game) else {
        return Ok(None);
    };
    let dir = site.course.join(PLAY_DIR);
    let store = crate::ui::web::Store::open(&dir.join("games.sqlite"))
        .map_err(|e| SiteError::Play(e.to_string()))?;
    let limits = Limits {
        max_games: c.max_games,
        idle: Duration::from_secs(c.idle_minutes.max(1) * 60),
        move_ms: (site.config.move_time * 1000.0).round().max(1.0) as u64,
        per_person: Some(c.max_games_per_person),
        ..Limits::default()
    };
    let memory_bytes = config::bytes(&site.config.memory).unwrap_or(1 << 30);
    let db = site.db.clone();
    let classmates = c.classmates;
    let guests: Guests = Arc::new(move |owner, word| find_guest(&db, classmates, owner?, word));
    let hosting = Hosting {
        tabula: site.tabula.clone(),
        memory_bytes,
        logs: dir.join("logs"),
    };
    let host = Arc::new(Host::new(
        Table::new(limits, None, Some(store)).with_guests(guests, hosting),
    ));
    let resumed = host
        .table
        .resume(move |name| game.is_called(name).then_some(game));
    if resumed > 0 {
        site.log(&format!("play: {resumed} game(s) resumed where they were"));
    }
    Ok(Some(host))
}

/// The guest a seat's word names for `owner`: `version:N` (one of their own
/// versions), `classmate:LOGIN` (that classmate's latest qualified version).
fn find_guest(db: &Db, classmates: bool, owner: &str, word: &str) -> Option<Result<Guest, String>> {
    if let Some(version) = word.strip_prefix("version:") {
        return Some(own_version(db, owner, version));
    }
    let login = word.strip_prefix("classmate:")?;
    Some(classmate(db, classmates, owner, login))
}

fn own_version(db: &Db, owner: &str, version: &str) -> Result<Guest, String> {
    let version: i64 = version
        .trim()
        .parse()
        .map_err(|_| format!("{version:?} is not a version number"))?;
    let versions = versions_of(db, owner)?;
    let v = versions
        .iter()
        .find(|v| v.version == version)
        .ok_or_else(|| format!("you have no version {version}"))?;
    let spec = v.spec.as_deref().ok_or_else(|| {
        format!(
            "your version {version} cannot play: {}",
            v.problem
                .as_deref()
                .unwrap_or("it could not be made a player")
        )
    })?;
    Ok(Guest {
        spec: player(spec)?,
        name: format!("your version {version}"),
        stderr_shown: true,
    })
}

fn classmate(db: &Db, classmates: bool, owner: &str, login: &str) -> Result<Guest, String> {
    let teacher = user(db, owner)?.is_some_and(|u| u.is_teacher());
    if !classmates && !teacher {
        return Err("this course does not let students play against each other's players".into());
    }
    if login == owner {
        return Err("choose one of your own versions to play against yourself".into());
    }
    let (version, spec) = latest_qualified(db, owner)?
        .into_iter()
        .find(|(l, _, _)| l == login)
        .map(|(_, v, s)| (v, s))
        .ok_or_else(|| format!("{login} has no qualified version to play against"))?;
    Ok(Guest {
        spec: player(&spec)?,
        name: format!("{login}'s player (version {version})"),
        stderr_shown: false,
    })
}

fn player(spec: &str) -> Result<PlayerSpec, String> {
    spec.parse::<PlayerSpec>()
        .map_err(|e| format!("this version cannot play here: {e}"))
}

fn user(db: &Db, login: &str) -> Result<Option<db::User>, String> {
    db.with(|c| db::user_by_login(c, login))
        .map_err(|e| format!("the site's database: {e}"))
}

fn versions_of(db: &Db, login: &str) -> Result<Vec<db::Submission>, String> {
    let Some(user) = user(db, login)? else {
        return Ok(Vec::new());
    };
    db.with(|c| db::submissions_of(c, user.id))
        .map_err(|e| format!("the site's database: {e}"))
}

/// Every other student's latest qualified version: login, version, spec. A
/// teacher's upload (a try of the site) is nobody's classmate.
fn latest_qualified(db: &Db, owner: &str) -> Result<Vec<(String, i64, String)>, String> {
    db.with(|c| {
        let mut stmt = c.prepare(
            "SELECT u.login, s.version, s.spec FROM submissions s
             JOIN qualifications q ON q.submission_id = s.id
             JOIN users u ON u.id = s.user_id
             WHERE q.status = 'passed' AND s.spec IS NOT NULL AND u.login != ?1
               AND u.role = 'student'
               AND s.version = (SELECT MAX(s2.version) FROM submissions s2
                                JOIN qualifications q2 ON q2.submission_id = s2.id
                                WHERE s2.user_id = s.user_id AND q2.status = 'passed'
                                  AND s2.spec IS NOT NULL)
             ORDER BY u.login",
        )?;
        let rows = stmt.query_map([owner], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect()
    })
    .map_err(|e| format!("the site's database: {e}"))
}

/// The person signed in, or the answer for a visitor.
fn signed_in(session: &Session) -> Result<String, Box<Response>> {
    match &session.user {
        Some(user) => Ok(user.login.clone()),
        None => Err(Box::new(refused(
            StatusCode::UNAUTHORIZED,
            "sign in to play: your session may have ended",
        ))),
    }
}

/// The play page's games, or the answer when the course turns the page off.
fn games(site: &Site) -> Result<Arc<Host>, Box<Response>> {
    site.play.clone().ok_or_else(|| {
        Box::new(refused(
            StatusCode::NOT_FOUND,
            "this course does not offer games in the browser",
        ))
    })
}

/// A request that changes a game carries the page's token.
fn checked_token(session: &Session, headers: &HeaderMap) -> Result<(), Box<Response>> {
    let given = headers
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if auth::same(given, &session.csrf) {
        Ok(())
    } else {
        Err(Box::new(refused(
            StatusCode::FORBIDDEN,
            "this request was not sent from this site's page, or the page is too old: open it again",
        )))
    }
}

macro_rules! or_answer {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(r) => return *r,
        }
    };
}

/// `GET /play`: the page.
pub(super) async fn page(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    if s.user.is_none() {
        return Redirect::to("/signin").into_response();
    }
    if site.play.is_none() {
        return blocking(site, move |site| {
            super::message(
                site,
                &s,
                StatusCode::NOT_FOUND,
                "No games here",
                "This course does not offer games in the browser.",
                "/",
            )
        })
        .await;
    }
    // The site's own header and menu, on the page tabula web serves.
    blocking(site, move |site| {
        let header = crate::site::pages::render(
            "header.html",
            minijinja::context! { here => "play", ..super::base(site, &s) },
        );
        let header = match header {
            Ok(h) => h,
            Err(e) => {
                site.log(&e.to_string());
                String::new()
            }
        };
        crate::ui::web::page_html(
            &[
                ("api", "/play/api"),
                ("csrf", &s.csrf),
                ("site", &site.config.title),
            ],
            Some(&header),
        )
    })
    .await
}

/// `GET /play/api/catalog`: the course's game, fixed options, and the players this
/// person may play against.
pub(super) async fn catalog(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    let login = or_answer!(signed_in(&s));
    let host = or_answer!(games(&site));
    blocking(site, move |site| {
        let Some(game) = crate::game::find_game(&site.config.game) else {
            return refused(StatusCode::NOT_FOUND, "the course's game is not here");
        };
        let guests = match guest_choices(site, &login) {
            Ok(g) => g,
            Err(e) => return db_error(site, e),
        };
        let mut g = crate::ui::web::game_json(game);
        g["fixed"] = json!(true);
        g["fixed_text"] = json!(board_text(&site.config, game));
        g["guests"] = json!(guests);
        axum::Json(json!({
            "games": [g],
            "first": game.name,
            "palette": crate::game::palette::as_json(),
            "move_ms": host.table.limits.move_ms,
            "open_games": host.table.open_games(),
            "yours": host.table.games_of(&login),
        }))
        .into_response()
    })
    .await
}

/// The board the course plays on, in words.
fn board_text(c: &Config, game: &GameInfo) -> String {
    let mut parts = Vec::new();
    match (c.rows, c.cols) {
        (Some(r), Some(k)) => parts.push(format!("{r}×{k}")),
        (Some(r), None) => parts.push(format!("{r} rows")),
        (None, Some(k)) => parts.push(format!("{k} columns")),
        (None, None) => {}
    }
    if c.start.is_some() {
        parts.push("the course's start position".into());
    } else if game.championship.random_start {
        parts.push("a random start, as in the championships".into());
    }
    parts.push(format!("{} s a move", c.move_time));
    format!("On the course's board: {}.", parts.join(", "))
}

/// The players this person may choose beside the levels: their own versions that can
/// play, then (when allowed) each classmate's latest qualified one.
fn guest_choices(site: &Site, login: &str) -> Result<Vec<Value>, String> {
    let mut choices: Vec<Value> = versions_of(&site.db, login)?
        .into_iter()
        .filter(|v| v.spec.is_some())
        .map(|v| {
            json!({
                "name": format!("version:{}", v.version),
                "text": format!("your version {} ({})", v.version, v.status),
            })
        })
        .collect();
    let teacher = user(&site.db, login)?.is_some_and(|u| u.is_teacher());
    if site.config.play.classmates || teacher {
        for (other, version, _) in latest_qualified(&site.db, login)? {
            choices.push(json!({
                "name": format!("classmate:{other}"),
                "text": format!("{other}'s player (version {version})"),
            }));
        }
    }
    Ok(choices)
}

/// The course's options for a new game: its board, whatever the form says.
fn course_form(c: &Config, game: &GameInfo, form: Form) -> Form {
    let declared = |name: &str| game.options.iter().any(|o| o.name == name);
    let mut options = std::collections::BTreeMap::new();
    if let Some(r) = c.rows.filter(|_| declared("rows")) {
        options.insert("rows".to_string(), json!(r));
    }
    if let Some(k) = c.cols.filter(|_| declared("cols")) {
        options.insert("cols".to_string(), json!(k));
    }
    if let Some(start) = c.start.as_ref().filter(|_| declared("position")) {
        options.insert("position".to_string(), json!(start));
    } else if game.championship.random_start && declared("random_start") {
        options.insert("random_start".to_string(), json!("random"));
    }
    Form {
        game: Some(game.name.clone()),
        options,
        seats: form.seats,
    }
}

/// `POST /play/api/games`: a new game for this person.
pub(super) async fn new_game(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    body: Result<axum::Json<Form>, JsonRejection>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    let host = or_answer!(games(&site));
    let form = or_answer!(crate::ui::web::read_form(body));
    let Some(game) = crate::game::find_game(&site.config.game) else {
        return refused(StatusCode::NOT_FOUND, "the course's game is not here");
    };
    let form = course_form(&site.config, game, form);
    site.log(&format!(
        "play: {login} starts a game ({})",
        form.seats.join(" vs ")
    ));
    host.new_game(game, form, Some(login)).await
}

/// `GET /play/api/games`: this person's games, open and recently finished.
pub(super) async fn list(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    let login = or_answer!(signed_in(&s));
    let host = or_answer!(games(&site));
    match tokio::task::spawn_blocking(move || host.table.games_of(&login)).await {
        Ok(lines) => axum::Json(lines).into_response(),
        Err(e) => refused(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

pub(super) async fn now(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(games(&site)).now(&id, Some(&login))
}

pub(super) async fn events(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(games(&site)).events(&id, Some(&login))
}

pub(super) async fn play(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<axum::Json<MoveBody>, JsonRejection>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    or_answer!(games(&site)).play(&id, Some(&login), body).await
}

pub(super) async fn undo(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    or_answer!(games(&site)).undo(&id, Some(&login)).await
}

pub(super) async fn hint(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    or_answer!(games(&site)).hint(&id, Some(&login)).await
}

pub(super) async fn end(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    or_answer!(games(&site)).end(&id, Some(&login)).await
}

pub(super) async fn record(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    Path(id): Path<String>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(games(&site)).record(&id, Some(&login)).await
}

/// `GET /play/api/games/{id}/positions?from=N`: the game's positions, for stepping.
pub(super) async fn positions(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    Path(id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<crate::ui::web::PlyQuery>,
) -> Response {
    let login = or_answer!(signed_in(&s));
    or_answer!(games(&site)).positions(&id, Some(&login), &query)
}

/// `POST /play/api/preview`: the board a game on the course's board starts on.
pub(super) async fn preview(
    axum::extract::State(site): SiteState,
    axum::Extension(s): Session_,
    headers: HeaderMap,
    body: Result<axum::Json<Form>, JsonRejection>,
) -> Response {
    or_answer!(signed_in(&s));
    or_answer!(checked_token(&s, &headers));
    let host = or_answer!(games(&site));
    let form = or_answer!(crate::ui::web::read_form(body));
    let Some(game) = crate::game::find_game(&site.config.game) else {
        return refused(StatusCode::NOT_FOUND, "the course's game is not here");
    };
    let form = course_form(&site.config, game, form);
    host.preview(game, form).await
}
