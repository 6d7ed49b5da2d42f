//! `tabula web`: games in the browser. One page (`page.html`, with the board renderer
//! every page of tabula shares, `src/game/board.js`) and a small JSON API:
//!
//! - `GET /api/catalog`: the games this server knows, each with its options (and their
//!   domains), sides and players, for the new-game form;
//! - `POST /api/games` (a [`form::Form`]): a new game; its id;
//! - `GET /api/games/{id}`: the game now ([`snapshot`]); `GET /api/games/{id}/events`:
//!   the same, again at every change (Server-Sent Events);
//! - `POST /api/games/{id}/move` (`{"move": TEXT}`), `/undo`, `/hint`, `/end` (the
//!   game ends before its end: a resignation, or a game closed);
//! - `GET /api/games/{id}/record`: the game so far as a record (JSON, as a match
//!   writes it), which `tabula play --record` and `tabula gui --record` open;
//! - `GET /api/games/{id}/positions?from=N`: the positions from ply N on, a board
//!   each, for stepping through the game's moves;
//! - `POST /api/preview` (a [`form::Form`]): the board a new game would start on.
//!
//! The site serves the same page and API to signed-in people ([`Host`] with an owner
//! for each game, and guests: a student's own versions).
//!
//! Moves are read and judged by the rules, never by the page; each game has a thread
//! and an engine of its own ([`games`]), and the server holds a bounded number of them
//! open; a finished game holds none and is kept to be seen and downloaded.

mod form;
mod games;
mod preview;
mod snapshot;
mod store;

pub use form::{Form, Guest};
pub use games::{Followed, Guests, Hosting, Limits, Table};
pub use store::Store;

use crate::game::{GameInfo, catalog, palette};
use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use games::Refusal;
use serde_json::{Value, json};
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

const PAGE: &str = include_str!("page.html");
/// The page's script: the game and its controls (`page.js`), and the moves looked
/// back at, the clocks and the end (`review.js`).
const PAGE_JS: [&str; 2] = [include_str!("page.js"), include_str!("review.js")];
const BOARD_MARKER: &str = "/*TABULA_BOARD_JS*/";
const PAGE_MARKER: &str = "/*TABULA_PAGE_JS*/";
/// Where the page's own header starts and ends (a site puts its own there).
const HEADER_START: &str = "<!--header-->";
const HEADER_END: &str = "<!--/header-->";
/// The most a request may send (a move, a form with a position in it).
const MAX_BODY: usize = 16 * 1024;

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("the games cannot be kept: {0}")]
    Store(#[from] store::StoreError),
    #[error("{doing}: {source}")]
    Server {
        doing: String,
        #[source]
        source: std::io::Error,
    },
}

/// What `tabula web` serves.
pub struct WebOptions {
    /// The game the page offers first (else the default game).
    pub game: Option<&'static GameInfo>,
    /// A rules file to play instead of its game's own (`--rules`).
    pub rules_file: Option<PathBuf>,
    pub listen: String,
    pub limits: Limits,
    /// Open the page in a browser, when one is there.
    pub open: bool,
    /// Where the open games are kept, to be resumed after a restart (none: not kept).
    pub games_db: Option<PathBuf>,
}

struct Server {
    host: Arc<Host>,
    /// The games the page offers: the catalog's, and the one `--rules` declares.
    games: Vec<&'static GameInfo>,
    first: Option<&'static GameInfo>,
}

impl Server {
    fn game(&self, name: Option<&str>) -> Option<&'static GameInfo> {
        match name {
            None => self.first.or_else(|| self.games.first().copied()),
            Some(name) => self.games.iter().copied().find(|g| g.is_called(name)),
        }
    }
}

/// Serves until Ctrl-C (or SIGTERM).
pub fn serve(options: WebOptions) -> Result<(), WebError> {
    let mut games: Vec<&'static GameInfo> = catalog::catalog().games.to_vec();
    if let Some(first) = options.game
        && !games.iter().any(|g| std::ptr::eq(*g, first))
    {
        games.insert(0, first);
    }
    let store = options
        .games_db
        .as_deref()
        .map(store::Store::open)
        .transpose()?;
    let server = Arc::new(Server {
        host: Arc::new(Host::new(Table::new(
            options.limits,
            options.rules_file,
            store,
        ))),
        games,
        first: options.game.or_else(catalog::default_game),
    });
    let games = server.games.clone();
    let resumed = server
        .host
        .table
        .resume(move |name| games.iter().copied().find(|g| g.is_called(name)));
    if resumed > 0 {
        println!("tabula web: {resumed} game(s) resumed where they were");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|source| WebError::Server {
            doing: "cannot start the web server".into(),
            source,
        })?;
    let listen = options.listen;
    let open = options.open;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&listen)
            .await
            .map_err(|source| WebError::Server {
                doing: format!("cannot listen on {listen}"),
                source,
            })?;
        let addr = listener.local_addr().map_err(|source| WebError::Server {
            doing: format!("cannot listen on {listen}"),
            source,
        })?;
        let url = format!("http://{addr}/");
        println!("tabula web: open {url} in a browser (Ctrl-C stops)");
        if open {
            open_browser(&url);
        }
        axum::serve(listener, router(server.clone()))
            .with_graceful_shutdown(shutdown())
            .await
            .map_err(|source| WebError::Server {
                doing: "the web server stopped".into(),
                source,
            })
    })?;
    server.host.table.end_all();
    runtime.shutdown_timeout(Duration::from_millis(200));
    Ok(())
}

fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/catalog", get(catalog_json))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_now))
        .route("/api/games/{id}/events", get(game_events))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/end", post(end))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/positions", get(positions))
        .route("/api/preview", post(preview))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

async fn shutdown() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = ctrl_c => {},
                    _ = term.recv() => {},
                }
            }
            Err(_) => {
                let _ = ctrl_c.await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

/// Opens `url` in the desktop's browser, if there is one; says so if not.
fn open_browser(url: &str) {
    let opener = std::env::var("BROWSER")
        .ok()
        .filter(|b| !b.trim().is_empty())
        .unwrap_or_else(|| "xdg-open".to_string());
    let started = std::process::Command::new(&opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if started.is_err() {
        eprintln!("tabula web: no browser to open ({opener} did not start): open {url} yourself");
    }
}

type Shared = State<Arc<Server>>;

/// Pages that may follow games at once: a few for each game the server may hold.
const STREAMS_PER_GAME: usize = 8;

/// The games of a server and the pages following them: what `tabula web` and the
/// site answer a game's requests with. A game with an owner answers its owner alone.
pub struct Host {
    pub table: Table,
    /// The pages following a game now (each a stream), bounded.
    streams: std::sync::atomic::AtomicUsize,
    /// The boards new games would start on, shown before they start.
    previews: preview::Previews,
}

/// One of the streams the host allows, given back when its stream ends.
struct StreamSlot(Arc<Host>);

impl StreamSlot {
    fn take(host: &Arc<Host>) -> Option<StreamSlot> {
        use std::sync::atomic::Ordering;
        let most = host.table.limits.max_games.saturating_mul(STREAMS_PER_GAME);
        host.streams
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < most).then_some(n + 1)
            })
            .ok()
            .map(|_| StreamSlot(host.clone()))
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0
            .streams
            .fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

impl Host {
    pub fn new(table: Table) -> Host {
        Host {
            table,
            streams: std::sync::atomic::AtomicUsize::new(0),
            previews: preview::Previews::default(),
        }
    }

    /// The positions of a game from ply `from` on (`?from=N`), for stepping through
    /// its moves.
    pub fn positions(&self, id: &str, owner: Option<&str>, query: &PlyQuery) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.positions(id, owner, query.from.unwrap_or(0)) {
            Ok(positions) => axum::Json(positions).into_response(),
            Err(r) => refusal(r),
        }
    }

    /// The board `game` would start on with the form's options.
    pub async fn preview(self: Arc<Self>, game: &'static GameInfo, form: Form) -> Response {
        let rules_file = self
            .table
            .rules_file
            .clone()
            .filter(|file| games::same_file(file, &game.file));
        let answer = tokio::task::spawn_blocking(move || {
            self.previews.board(game, rules_file.as_deref(), &form)
        })
        .await;
        match answer {
            Ok(Ok(board)) => axum::Json(board).into_response(),
            Ok(Err(why)) => refused(StatusCode::UNPROCESSABLE_ENTITY, why),
            Err(e) => refused(StatusCode::INTERNAL_SERVER_ERROR, e),
        }
    }

    /// A new game as the form says, for `owner`: `{"id": N}`.
    pub async fn new_game(
        self: Arc<Self>,
        game: &'static GameInfo,
        form: Form,
        owner: Option<String>,
    ) -> Response {
        match tokio::task::spawn_blocking(move || self.table.start(game, form, owner.as_deref()))
            .await
        {
            Ok(Ok(id)) => axum::Json(json!({"id": id})).into_response(),
            Ok(Err(r)) => refusal(r),
            Err(e) => refused(StatusCode::INTERNAL_SERVER_ERROR, e),
        }
    }

    /// The game now.
    pub fn now(&self, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.follow(id, owner) {
            Ok(Followed::Playing(rx)) => json_text(rx.borrow().as_str()),
            Ok(Followed::Finished(text)) => json_text(&text),
            Err(r) => refusal(r),
        }
    }

    /// The game, now and at every change, as Server-Sent Events; a game being
    /// watched stays open.
    pub fn events(self: Arc<Self>, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        let rx = match self.table.follow(id, owner) {
            Ok(Followed::Playing(rx)) => rx,
            // A finished game is said once, and the stream ends (its page stops
            // following it).
            Ok(Followed::Finished(text)) => {
                let once = futures_util::stream::once(async move {
                    Ok::<_, Infallible>(Event::default().data(text))
                });
                return Sse::new(once).into_response();
            }
            Err(r) => return refusal(r),
        };
        let Some(slot) = StreamSlot::take(&self) else {
            return refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many pages follow games on this server at this moment: try again in a minute",
            );
        };
        // The game now, then again at each change; a page that keeps the stream open
        // keeps the game from ending idle.
        let stream = futures_util::stream::unfold(
            (rx, self, true, slot),
            move |(mut rx, host, first, slot)| async move {
                if !first {
                    loop {
                        match tokio::time::timeout(Duration::from_secs(20), rx.changed()).await {
                            Ok(Ok(())) => break,
                            // The game's thread ended: the page is told by the stream's end.
                            Ok(Err(_)) => return None,
                            Err(_) => host.table.seen(id),
                        }
                    }
                }
                let text = rx.borrow_and_update().as_str().to_string();
                host.table.seen(id);
                Some((
                    Ok::<_, Infallible>(Event::default().data(text)),
                    (rx, host, false, slot),
                ))
            },
        );
        // A proxy in front (nginx) passes each event on at once, not in buffered chunks.
        (
            [("x-accel-buffering", "no")],
            Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))),
        )
            .into_response()
    }

    /// A person's move (`{"move": TEXT}`), judged by the rules.
    pub async fn play(
        &self,
        id: &str,
        owner: Option<&str>,
        body: Result<axum::Json<MoveBody>, JsonRejection>,
    ) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        let text = match body {
            Ok(axum::Json(b)) => b.text,
            Err(e) => {
                return refused(
                    StatusCode::BAD_REQUEST,
                    format!("the move does not read: {}", e.body_text()),
                );
            }
        };
        if text.len() > 1024 {
            return refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "a move is at most 1024 characters",
            );
        }
        match self.table.play(id, owner, text).await {
            Ok(()) => axum::Json(json!({"ok": true})).into_response(),
            Err(r) => refusal(r),
        }
    }

    pub async fn undo(&self, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.undo(id, owner).await {
            Ok(()) => axum::Json(json!({"ok": true})).into_response(),
            Err(r) => refusal(r),
        }
    }

    /// Ends the game before its end (its player's resignation, or closing it).
    pub async fn end(&self, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.end(id, owner).await {
            Ok(()) => axum::Json(json!({"ok": true})).into_response(),
            Err(r) => refusal(r),
        }
    }

    pub async fn hint(&self, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.hint(id, owner).await {
            Ok(hint) => axum::Json(hint).into_response(),
            Err(r) => refusal(r),
        }
    }

    /// The game so far as a record, to download (`game-N.json`).
    pub async fn record(&self, id: &str, owner: Option<&str>) -> Response {
        let id = match game_id(id) {
            Ok(id) => id,
            Err(r) => return *r,
        };
        match self.table.record(id, owner).await {
            Ok(record) => {
                let text = serde_json::to_string_pretty(&record).unwrap_or_default();
                (
                    [
                        (header::CONTENT_TYPE, "application/json".to_string()),
                        (
                            header::CONTENT_DISPOSITION,
                            format!(
                                "attachment; filename=\"{}-{id}.json\"",
                                record_name(&record)
                            ),
                        ),
                    ],
                    text,
                )
                    .into_response()
            }
            Err(r) => refusal(r),
        }
    }
}

/// A file name's first part for a record: its players, in letters and digits.
fn record_name(record: &crate::referee::game::GameRecord) -> String {
    let name: String = record
        .players
        .join("-vs-")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    if name.is_empty() { "game".into() } else { name }
}

/// The page, with the board renderer in it; `settings` go to the page's script as
/// `data-` attributes of its body (the API's address, a CSRF token); `header`, when
/// given, is HTML that takes the place of tabula's own header (a site's, with its
/// menu).
pub fn page_html(settings: &[(&str, &str)], header: Option<&str>) -> Response {
    let mut html = PAGE.replacen(PAGE_MARKER, &PAGE_JS.join("\n"), 1).replacen(
        BOARD_MARKER,
        crate::game::board::BOARD_JS,
        1,
    );
    if let Some(header) = header
        && let (Some(from), Some(to)) = (html.find(HEADER_START), html.find(HEADER_END))
        && from < to
    {
        html.replace_range(from..to + HEADER_END.len(), header);
    }
    if !settings.is_empty() {
        let attributes: String = settings
            .iter()
            .map(|(k, v)| format!(" data-{k}=\"{}\"", html_escape(v)))
            .collect();
        html = html.replacen("<body", &format!("<body{attributes}"), 1);
    }
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

async fn page() -> Response {
    page_html(&[], None)
}

/// An error for the page: its status and words.
pub fn refused(status: StatusCode, message: impl std::fmt::Display) -> Response {
    (status, axum::Json(json!({"error": message.to_string()}))).into_response()
}

fn refusal(r: Refusal) -> Response {
    let status = match r {
        Refusal::NoGame(_) | Refusal::Gone => StatusCode::NOT_FOUND,
        Refusal::Full(_) | Refusal::YoursFull(_) => StatusCode::SERVICE_UNAVAILABLE,
        Refusal::Bad(_) => StatusCode::UNPROCESSABLE_ENTITY,
    };
    refused(status, r)
}

async fn catalog_json(State(server): Shared) -> Response {
    let games: Vec<Value> = server.games.iter().map(|g| game_json(g)).collect();
    axum::Json(json!({
        "games": games,
        "first": server.game(None).map(|g| g.name.clone()),
        "palette": palette::as_json(),
        "move_ms": server.host.table.limits.move_ms,
        "open_games": server.host.table.open_games(),
    }))
    .into_response()
}

/// A game for the new-game form.
pub fn game_json(g: &GameInfo) -> Value {
    use crate::game::Domain;
    let options: Vec<Value> = g
        .options
        .iter()
        .map(|o| {
            let domain = match &o.domain {
                Domain::Integer { min, max } => json!({"kind": "integer", "min": min, "max": max}),
                Domain::OneOf(values) => json!({"kind": "one_of", "values": values}),
                Domain::Text => json!({"kind": "text"}),
                Domain::Seed => json!({"kind": "seed"}),
            };
            let default = o.default.as_ref().map(|d| {
                crate::engine::term::as_i64(d)
                    .map(Value::from)
                    .or_else(|| crate::engine::term::as_text(d).map(Value::from))
                    .unwrap_or(Value::Null)
            });
            json!({"name": o.name, "text": o.text, "domain": domain, "default": default})
        })
        .collect();
    let levels: Vec<Value> = g
        .levels
        .iter()
        .map(|l| json!({"name": l.name, "text": l.text}))
        .collect();
    json!({
        "name": g.name,
        "title": g.title,
        "summary": g.summary,
        "sides": g.sides,
        "options": options,
        "levels": levels,
        "strongest": g.strongest,
        "notation_hint": g.notation_hint,
    })
}

async fn new_game(
    State(server): Shared,
    body: Result<axum::Json<Form>, JsonRejection>,
) -> Response {
    let form = match read_form(body) {
        Ok(form) => form,
        Err(r) => return *r,
    };
    let Some(game) = server.game(form.game.as_deref()) else {
        return refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("no game {:?} here", form.game.unwrap_or_default()),
        );
    };
    server.host.clone().new_game(game, form, None).await
}

/// The new-game form a request sent, or the answer saying it does not read.
pub fn read_form(body: Result<axum::Json<Form>, JsonRejection>) -> Result<Form, Box<Response>> {
    body.map(|axum::Json(form)| form).map_err(|e| {
        Box::new(refused(
            StatusCode::BAD_REQUEST,
            format!("the form does not read: {}", e.body_text()),
        ))
    })
}

/// A game's number from its address, or the page that says there is no such game.
fn game_id(id: &str) -> Result<u64, Box<Response>> {
    id.parse()
        .map_err(|_| Box::new(refused(StatusCode::NOT_FOUND, format!("no game {id:?}"))))
}

fn json_text(text: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text.to_string(),
    )
        .into_response()
}

async fn game_now(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.now(&id, None)
}

async fn game_events(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.clone().events(&id, None)
}

/// Which positions a page asks for: from this ply on.
#[derive(serde::Deserialize)]
pub struct PlyQuery {
    from: Option<usize>,
}

async fn positions(
    State(server): Shared,
    Path(id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<PlyQuery>,
) -> Response {
    server.host.positions(&id, None, &query)
}

async fn preview(State(server): Shared, body: Result<axum::Json<Form>, JsonRejection>) -> Response {
    let form = match read_form(body) {
        Ok(form) => form,
        Err(r) => return *r,
    };
    let Some(game) = server.game(form.game.as_deref()) else {
        return refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("no game {:?} here", form.game.unwrap_or_default()),
        );
    };
    server.host.clone().preview(game, form).await
}

/// A move, as the page sends it.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(server): Shared,
    Path(id): Path<String>,
    body: Result<axum::Json<MoveBody>, JsonRejection>,
) -> Response {
    server.host.play(&id, None, body).await
}

async fn undo(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.undo(&id, None).await
}

async fn hint(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.hint(&id, None).await
}

async fn end(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.end(&id, None).await
}

async fn record(State(server): Shared, Path(id): Path<String>) -> Response {
    server.host.record(&id, None).await
}
