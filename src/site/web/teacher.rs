//! The teacher's page and forms: run a championship now, re-run one, count one
//! toward the final grade or leave it out.

use super::account::CsrfForm;
use super::results::championship_line;
use super::students::late_now;
use super::{
    SentForm, Session_, SiteState, blocking, checked_form, db_error, html, ids, message,
    not_found_page, when, when_short,
};
use crate::site::auth::Session;
use crate::site::db;
use crate::site::{Site, runner};
use axum::extract::rejection::{FormRejection, PathRejection};
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use jiff::Timestamp;
use minijinja::{Value, context};
use rusqlite::{TransactionBehavior, params};
use serde::Deserialize;
use std::collections::HashMap;

/// Submissions listed in full on the teacher's page; older ones are folded.
const SUBMISSIONS_SHOWN: usize = 30;

pub(super) async fn teacher(State(site): SiteState, axum::Extension(s): Session_) -> Response {
    blocking(site, move |site| teacher_page(site, &s)).await
}

fn teacher_page(site: &Site, s: &Session) -> Response {
    if !s.is_teacher() {
        return not_found_page(site, s);
    }
    let (rows, users, subs) = match site.db.with(|conn| {
        Ok((
            db::championships(conn)?,
            db::users(conn)?,
            db::all_submissions(conn)?,
        ))
    }) {
        Ok(t) => t,
        Err(e) => return db_error(site, e),
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
    let mut submissions: Vec<Value> = subs
        .iter()
        .map(|v| {
            context! {
                id => v.id, when => when(site, &v.uploaded_at), when_short => when_short(site, &v.uploaded_at),
                login => logins.get(&v.user_id).cloned(),
                version => v.version, file_name => v.file_name.clone(), kind => v.kind.clone(), size => v.size,
                status => v.status.clone(), summary => v.problem.clone().unwrap_or_else(|| v.summary.clone()),
                late_days => late_now(site, &v.uploaded_at),
            }
        })
        .collect();
    let older = submissions.split_off(submissions.len().min(SUBMISSIONS_SHOWN));
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
        .map(|c| championship_line(site, c))
        .collect();
    // The games being played now: who plays, how far they are, the time each used.
    let running: Vec<Value> = rows
        .iter()
        .filter(|c| c.status == "running")
        .flat_map(|c| {
            crate::site::runner::live_games(&crate::site::runner::championship_dir(
                &site.course,
                c.id,
            ))
            .into_iter()
            .map(move |g| (c.id, g))
        })
        .map(|(championship, g)| {
            let players: Vec<String> = g["players"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|p| p.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let used: Vec<String> = players
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    format!(
                        "{p} {:.1} s",
                        g["used_ms"][k].as_u64().unwrap_or(0) as f64 / 1000.0
                    )
                })
                .collect();
            context! {
                championship => championship, game => g["id"].as_u64(),
                players => players.join(" – "),
                moves => g["moves"].as_array().map_or(0, Vec::len),
                used => used.join(", "),
            }
        })
        .collect();
    html(
        site,
        s,
        "teacher.html",
        context! { championships => lines, roster => roster, submissions => submissions, older => older, schedule => schedule, running => running },
    )
}

#[derive(Deserialize)]
pub(super) struct RunForm {
    csrf: Option<String>,
    counts: Option<String>,
}

/// A teacher's form, read and checked: not the teacher, the page "not found"; a
/// form that does not read, or without the right token, the page that says so.
fn teacher_form<T: SentForm>(
    site: &Site,
    s: &Session,
    sent: Result<Form<T>, FormRejection>,
) -> Result<T, Box<Response>> {
    if !s.is_teacher() {
        return Err(Box::new(not_found_page(site, s)));
    }
    checked_form(site, s, sent)
}

impl SentForm for RunForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// The counts toggle's value: `yes` or `no`, nothing else (absent: no, as an
/// unticked checkbox sends nothing).
fn counts_value(site: &Site, s: &Session, counts: Option<&str>) -> Result<bool, Box<Response>> {
    match counts {
        Some("yes") => Ok(true),
        Some("no") | None => Ok(false),
        Some(other) => Err(Box::new(message(
            site,
            s,
            StatusCode::BAD_REQUEST,
            "Form not read",
            &format!("\"counts\" is yes or no, not {other:?}."),
            "/teacher",
        ))),
    }
}

pub(super) async fn run_now(
    State(site): SiteState,
    axum::Extension(s): Session_,
    sent: Result<Form<RunForm>, FormRejection>,
) -> Response {
    blocking(site, move |site| run_now_answer(site, &s, sent)).await
}

fn run_now_answer(
    site: &Site,
    s: &Session,
    sent: Result<Form<RunForm>, FormRejection>,
) -> Response {
    let form = match teacher_form(site, s, sent) {
        Ok(f) => f,
        Err(r) => return *r,
    };
    let counts = match counts_value(site, s, form.counts.as_deref()) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    // The row and its id on one connection: another insert cannot come between.
    let inserted = site.db.with(|conn| {
        conn.execute(
            "INSERT INTO championships (origin, due_at, seed, status, counts) VALUES ('teacher', ?1, ?2, 'waiting', ?3)",
            params![Timestamp::now().to_string(), runner::fresh_seed(), counts],
        )
        .map(|_| conn.last_insert_rowid())
    });
    match inserted {
        Ok(id) => {
            site.log(&format!("championship {id} asked for by the teacher"));
            site.kick();
            Redirect::to(&format!("/championships/{id}")).into_response()
        }
        Err(e) => db_error(site, e),
    }
}

pub(super) async fn rerun(
    State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
    sent: Result<Form<CsrfForm>, FormRejection>,
) -> Response {
    blocking(site, move |site| rerun_answer(site, &s, ids(id), sent)).await
}

fn rerun_answer(
    site: &Site,
    s: &Session,
    id: Option<i64>,
    sent: Result<Form<CsrfForm>, FormRejection>,
) -> Response {
    if let Err(r) = teacher_form(site, s, sent) {
        return *r;
    }
    let Some(id) = id else {
        return not_found_page(site, s);
    };
    let old = match site.db.with(|c| db::championship(c, id)) {
        Ok(Some(c)) => c,
        Ok(None) => return not_found_page(site, s),
        Err(e) => return db_error(site, e),
    };
    if old.status == "cancelled" {
        return message(
            site,
            s,
            StatusCode::CONFLICT,
            "Nothing to re-run",
            "That championship was cancelled before any game: run a new one instead.",
            "/teacher",
        );
    }
    if old.status == "running" || old.status == "waiting" {
        return message(
            site,
            s,
            StatusCode::CONFLICT,
            "Not finished",
            "That championship has not finished: it cannot be re-run yet.",
            "/teacher",
        );
    }
    // The re-run takes the place of the one it repeats in the final grade.
    let result = site.db.with(|conn| {
        conn.transaction_with_behavior(TransactionBehavior::Immediate).and_then(|tx| {
            tx.execute(
                "INSERT INTO championships (origin, due_at, seed, status, counts, rerun_of) VALUES ('teacher', ?1, ?2, 'waiting', ?3, ?4)",
                params![Timestamp::now().to_string(), old.seed, old.counts, id],
            )?;
            let new = tx.last_insert_rowid();
            tx.execute("UPDATE championships SET counts = 0 WHERE id = ?1", params![id])?;
            tx.commit()?;
            Ok(new)
        })
    });
    match result {
        Ok(new) => {
            site.log(&format!("championship {new}: a re-run of {id}"));
            site.kick();
            Redirect::to(&format!("/championships/{new}")).into_response()
        }
        Err(e) => db_error(site, e),
    }
}

pub(super) async fn set_counts(
    State(site): SiteState,
    axum::Extension(s): Session_,
    id: Result<Path<i64>, PathRejection>,
    sent: Result<Form<RunForm>, FormRejection>,
) -> Response {
    blocking(site, move |site| set_counts_answer(site, &s, ids(id), sent)).await
}

fn set_counts_answer(
    site: &Site,
    s: &Session,
    id: Option<i64>,
    sent: Result<Form<RunForm>, FormRejection>,
) -> Response {
    let form = match teacher_form(site, s, sent) {
        Ok(f) => f,
        Err(r) => return *r,
    };
    let counts = match counts_value(site, s, form.counts.as_deref()) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let Some(id) = id else {
        return not_found_page(site, s);
    };
    match site.db.execute(
        "UPDATE championships SET counts = ?2 WHERE id = ?1",
        params![id, counts],
    ) {
        Ok(0) => not_found_page(site, s),
        Ok(_) => Redirect::to("/teacher").into_response(),
        Err(e) => db_error(site, e),
    }
}
