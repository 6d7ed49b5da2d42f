//! Signing in (a password, or the teacher's one-time code), choosing a password,
//! signing out.

use super::{
    SentForm, Session_, SiteState, blocking, checked_form, db_error, html, message, session_cookie,
};
use crate::site::Site;
use crate::site::auth::{self, Session, SignIn};
use axum::extract::rejection::FormRejection;
use axum::extract::{ConnectInfo, Form, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use minijinja::context;
use serde::Deserialize;
use std::net::SocketAddr;

pub(super) async fn signin_form(State(site): SiteState, axum::Extension(s): Session_) -> Response {
    blocking(site, move |site| html(site, &s, "signin.html", context! {})).await
}

#[derive(Deserialize)]
pub(super) struct SignInForm {
    csrf: Option<String>,
    login: String,
    secret: String,
}

pub(super) async fn signin(
    State(site): SiteState,
    axum::Extension(s): Session_,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    sent: Result<Form<SignInForm>, FormRejection>,
) -> Response {
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
    blocking(site, move |site| signin_answer(site, &s, sent, &address)).await
}

fn signin_answer(
    site: &Site,
    s: &Session,
    sent: Result<Form<SignInForm>, FormRejection>,
    address: &str,
) -> Response {
    let form = match checked_form(site, s, sent) {
        Ok(f) => f,
        Err(r) => return *r,
    };
    let login = form.login.trim().to_string();
    let outcome = match site
        .db
        .with(|conn| auth::sign_in(conn, &login, &form.secret, address))
    {
        Ok(o) => o,
        Err(e) => return db_error(site, e),
    };
    let user = match outcome {
        SignIn::Password(u) | SignIn::Code(u) => u,
        SignIn::Wrong => {
            return message(
                site,
                s,
                StatusCode::UNAUTHORIZED,
                "Not signed in",
                "That login and password (or code) do not match.",
                "/signin",
            );
        }
        SignIn::Limited(minutes) => {
            return message(
                site,
                s,
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
    let new = site.db.with(|conn| {
        auth::end_session(conn, &s.token_hash)?;
        auth::new_session(conn, Some(user))
    });
    let new = match new {
        Ok(n) => n,
        Err(e) => return db_error(site, e),
    };
    let to = if needs_password { "/password" } else { "/me" };
    let mut r = Redirect::to(to).into_response();
    if let Some(token) = new.new_token
        && let Ok(v) = HeaderValue::from_str(&session_cookie(site, &token, true))
    {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

#[derive(Deserialize)]
pub(super) struct CsrfForm {
    pub(super) csrf: Option<String>,
}

impl SentForm for CsrfForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

impl SentForm for SignInForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

impl SentForm for PasswordForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

pub(super) async fn signout(
    State(site): SiteState,
    axum::Extension(s): Session_,
    sent: Result<Form<CsrfForm>, FormRejection>,
) -> Response {
    blocking(site, move |site| signout_answer(site, &s, sent)).await
}

fn signout_answer(
    site: &Site,
    s: &Session,
    sent: Result<Form<CsrfForm>, FormRejection>,
) -> Response {
    if let Err(r) = checked_form(site, s, sent) {
        return *r;
    }
    let _ = site.db.with(|c| auth::end_session(c, &s.token_hash));
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

pub(super) async fn password_form(
    State(site): SiteState,
    axum::Extension(s): Session_,
) -> Response {
    blocking(site, move |site| password_page(site, &s)).await
}

fn password_page(site: &Site, s: &Session) -> Response {
    match &s.user {
        None => return Redirect::to("/signin").into_response(),
        Some(u) if u.has_password => return Redirect::to("/me").into_response(),
        Some(_) => {}
    }
    html(
        site,
        s,
        "password.html",
        context! { min_password => auth::MIN_PASSWORD },
    )
}

#[derive(Deserialize)]
pub(super) struct PasswordForm {
    csrf: Option<String>,
    password: String,
    again: String,
}

pub(super) async fn set_password(
    State(site): SiteState,
    axum::Extension(s): Session_,
    sent: Result<Form<PasswordForm>, FormRejection>,
) -> Response {
    blocking(site, move |site| set_password_answer(site, &s, sent)).await
}

fn set_password_answer(
    site: &Site,
    s: &Session,
    sent: Result<Form<PasswordForm>, FormRejection>,
) -> Response {
    let form = match checked_form(site, s, sent) {
        Ok(f) => f,
        Err(r) => return *r,
    };
    let Some(user) = s.user.clone() else {
        return Redirect::to("/signin").into_response();
    };
    // A password is chosen once, after signing in with a code; a forgotten one is
    // replaced through a new code from the teacher.
    if user.has_password {
        return message(
            site,
            s,
            StatusCode::FORBIDDEN,
            "Password already chosen",
            "You chose your password already. To change it, ask your teacher for a new sign-in code.",
            "/me",
        );
    }
    if form.password != form.again {
        return message(
            site,
            s,
            StatusCode::BAD_REQUEST,
            "Passwords differ",
            "The two passwords differ: type the same one twice.",
            "/password",
        );
    }
    let result = site
        .db
        .get()
        .and_then(|c| auth::set_password(&c, user.id, &form.password, &s.token_hash));
    match result {
        Ok(()) => Redirect::to("/me").into_response(),
        Err(e) => message(
            site,
            s,
            StatusCode::BAD_REQUEST,
            "Password not set",
            &e.to_string(),
            "/password",
        ),
    }
}
