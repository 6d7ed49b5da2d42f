//! The site's pages: HTML rendered on the server from the templates in
//! `src/site/templates/` (minijinja, every value HTML-escaped, its control and
//! invisible characters written out), compiled into the binary so that a site needs
//! no files beside it.

use super::error::SiteError;
use minijinja::Environment;
use std::sync::OnceLock;

const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("templates/base.html")),
    ("header.html", include_str!("templates/header.html")),
    ("home.html", include_str!("templates/home.html")),
    (
        "championship.html",
        include_str!("templates/championship.html"),
    ),
    ("grades.html", include_str!("templates/grades.html")),
    ("signin.html", include_str!("templates/signin.html")),
    ("password.html", include_str!("templates/password.html")),
    ("message.html", include_str!("templates/message.html")),
    ("log.html", include_str!("templates/log.html")),
    ("me.html", include_str!("templates/me.html")),
    ("teacher.html", include_str!("templates/teacher.html")),
];

fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        // Much of what a page shows came from a player (its stderr, a fault's reason
        // quoting it, a file's name) or from a roster: escaping keeps HTML out, not a
        // right-to-left override or a character that draws nothing, so every text is
        // shown as the terminal shows a player's (`\u{202e}`), lines kept. Safe
        // strings are the templates' own markup, made of values already shown so.
        env.set_formatter(|out, state, value| match value.as_str() {
            Some(text) if !value.is_safe() => minijinja::escape_formatter(
                out,
                state,
                &minijinja::Value::from(crate::players::untrusted::shown_lines(text)),
            ),
            _ => minijinja::escape_formatter(out, state, value),
        });
        for (name, source) in TEMPLATES {
            // The templates are ours and checked by the tests: a broken one is a bug
            // shown on every page that uses it, not a crash.
            if let Err(e) = env.add_template(name, source) {
                eprintln!("template {name}: {e}");
            }
        }
        env
    })
}

/// Renders a page; a template error becomes a plain message (and is logged).
pub fn render(name: &str, ctx: minijinja::Value) -> Result<String, SiteError> {
    let env = environment();
    env.get_template(name)
        .and_then(|t| t.render(ctx))
        .map_err(|e| SiteError::Page {
            name: name.to_string(),
            detail: format!("{e:#}"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    #[test]
    fn every_template_parses() {
        let env = environment();
        for (name, _) in TEMPLATES {
            assert!(env.get_template(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn values_are_escaped() {
        let html = render(
            "message.html",
            context! { course_title => "<b>c</b>", heading => "h", message => "<script>x</script>", back => "/" },
        )
        .unwrap();
        assert!(html.contains("&lt;script&gt;"));
        assert!(!html.contains("<script>x"));
    }

    #[test]
    fn invisible_characters_are_written_out() {
        let html = render(
            "message.html",
            context! { course_title => "c", heading => "h", message => "a\u{202e}b\u{e0041}c<i>\nd", back => "/" },
        )
        .unwrap();
        assert!(
            html.contains("a\\u{202e}b\\u{e0041}c&lt;i&gt;\nd"),
            "{html}"
        );
        assert!(!html.contains('\u{202e}') && !html.contains('\u{e0041}'));
    }
}
