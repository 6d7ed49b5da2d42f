//! Driving `tabula site serve` from tests: a course made with `tabula site init`, a
//! roster imported, the server started on a free loopback port, and clients that sign
//! in and send forms with their CSRF token.

pub use super::tools_present;
use super::{root, tabula, text};
use reqwest::StatusCode;
use reqwest::blocking::{Client, multipart};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `tabula site serve`.
pub struct Server {
    child: Child,
    pub base: String,
}

impl Server {
    pub fn start(course: &Path) -> Server {
        Server::start_with_files(course, None)
    }

    /// The site, its open-file limit (soft and hard) set to `files` when given, as
    /// systemd's default unit leaves it at 1 024.
    pub fn start_with_files(course: &Path, files: Option<u64>) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command
            .args(["site", "serve"])
            .arg(course)
            .args(["--listen", "127.0.0.1:0"])
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(files) = files {
            use std::os::unix::process::CommandExt;
            // SAFETY: setrlimit between fork and exec, on a value made before.
            unsafe {
                command.pre_exec(move || {
                    let limit = libc::rlimit {
                        rlim_cur: files as libc::rlim_t,
                        rlim_max: files as libc::rlim_t,
                    };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        let mut child = command.spawn().expect("tabula site serve starts");
        let out = child.stdout.take().expect("its stdout");
        let mut line = String::new();
        BufReader::new(out).read_line(&mut line).expect("a line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, base }
    }

    /// Asks it to stop (SIGTERM), as systemd does, and waits up to `limit` for it
    /// to end: its exit status, or None if it did not end in time (it is then
    /// killed).
    #[allow(dead_code)]
    pub fn terminate(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let pid = i32::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill(2) on our own child, not yet waited for.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Its process id.
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills it as a crash would (SIGKILL: no goodbye).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where a site is: a running [`Server`], or its base address.
pub trait At {
    fn url(&self, path: &str) -> String;
}

impl At for Server {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl At for str {
    fn url(&self, path: &str) -> String {
        format!("{self}{path}")
    }
}

/// Asks for a championship now, as the teacher (`c` signed in as one).
pub fn run_championship(c: &Client, s: &(impl At + ?Sized)) {
    let (_, page) = get(c, s, "/teacher");
    let (status, page) = post_form(
        c,
        s,
        "/teacher/run",
        &[("csrf", &csrf(&page)), ("counts", "yes")],
    );
    assert_eq!(status, StatusCode::OK, "{page}");
}

/// A championship's status, from its progress.
pub fn status_of(c: &Client, s: &(impl At + ?Sized), id: i64) -> String {
    progress(c, s, id)["status"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

pub fn client() -> Client {
    Client::builder()
        .cookie_store(true)
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

/// The CSRF token in a page's forms.
pub fn csrf(page: &str) -> String {
    let at = page
        .find("name=\"csrf\" value=\"")
        .unwrap_or_else(|| panic!("no csrf field in {page}"));
    let rest = &page[at + "name=\"csrf\" value=\"".len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// A page's text, with the escapes of `/` (which the templates write in links) undone.
pub fn get(c: &Client, s: &(impl At + ?Sized), path: &str) -> (StatusCode, String) {
    let r = c.get(s.url(path)).send().unwrap();
    (r.status(), r.text().unwrap().replace("&#x2f;", "/"))
}

pub fn post_form(
    c: &Client,
    s: &(impl At + ?Sized),
    path: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String) {
    let r = c.post(s.url(path)).form(fields).send().unwrap();
    (r.status(), r.text().unwrap().replace("&#x2f;", "/"))
}

/// Signs in with a one-time code and chooses a password.
pub fn first_sign_in(s: &(impl At + ?Sized), login: &str, code: &str) -> Client {
    let c = client();
    let (_, page) = get(&c, s, "/signin");
    let (status, page) = post_form(
        &c,
        s,
        "/signin",
        &[("csrf", &csrf(&page)), ("login", login), ("secret", code)],
    );
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Choose your password"), "{page}");
    let password = format!("{login}-secret-pass");
    let (status, page) = post_form(
        &c,
        s,
        "/password",
        &[
            ("csrf", &csrf(&page)),
            ("password", &password),
            ("again", &password),
        ],
    );
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Submit a new version"), "{page}");
    c
}

pub fn upload(
    c: &Client,
    s: &(impl At + ?Sized),
    name: &str,
    data: Vec<u8>,
) -> (StatusCode, String) {
    let (_, page) = get(c, s, "/me");
    let form = multipart::Form::new().text("csrf", csrf(&page)).part(
        "file",
        multipart::Part::bytes(data).file_name(name.to_string()),
    );
    let r = c.post(s.url("/me/upload")).multipart(form).send().unwrap();
    (r.status(), r.text().unwrap().replace("&#x2f;", "/"))
}

/// A new course folder with `tabula site init`, its settings adjusted by `edit`.
pub fn course(name: &str, game: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = super::scratch("site", name).join("course");
    let o = tabula(&["site", "init", dir.to_str().unwrap(), "--game", game]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let config = dir.join("course.toml");
    let t = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, edit(t)).unwrap();
    dir
}

/// Imports a roster, returning login → code.
pub fn import(course: &Path, roster: &str, teacher: bool) -> BTreeMap<String, String> {
    let file = course.join("roster.csv");
    std::fs::write(&file, roster).unwrap();
    let mut args = vec![
        "site",
        "users",
        "import",
        course.to_str().unwrap(),
        file.to_str().unwrap(),
    ];
    if teacher {
        args.push("--teacher");
    }
    let o = tabula(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[f.len() - 1].to_string())
        })
        .collect()
}

/// Waits until `done` holds, polling.
pub fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(300));
    }
}

pub fn progress(c: &Client, s: &(impl At + ?Sized), id: i64) -> Value {
    c.get(s.url(&format!("/championships/{id}/progress.json")))
        .send()
        .unwrap()
        .json()
        .unwrap()
}

/// The example random bot, made deterministic (a fixed seed), as a student's file.
pub fn seeded_random_bot(seed: u32) -> Vec<u8> {
    std::fs::read_to_string(root().join("examples/random_bot.py"))
        .unwrap()
        .replace(
            "parser.add_argument(\"--seed\", type=int, default=None",
            &format!("parser.add_argument(\"--seed\", type=int, default={seed}"),
        )
        .into_bytes()
}

/// Writes into a course's database, beside the running site (or before it starts).
pub fn write_db(course: &Path) -> rusqlite::Connection {
    let c = rusqlite::Connection::open(course.join("site.db")).unwrap();
    c.busy_timeout(Duration::from_secs(5)).unwrap();
    c
}

/// Gives each login a qualified version 1, a Python file `bot.py` kept where the
/// site keeps uploads; the submissions' ids, in the logins' order.
pub fn qualified_versions(course: &Path, logins: &[&str]) -> Vec<i64> {
    let c = write_db(course);
    logins
        .iter()
        .map(|login| {
            let dir = course.join("submissions").join(login).join("1");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("bot.py"), seeded_random_bot(1)).unwrap();
            c.execute(
                "INSERT INTO submissions (user_id, version, uploaded_at, file_name, kind, size, sha256, dir, spec, late_days)
                 SELECT id, 1, '2026-01-05T12:00:00Z', 'bot.py', 'Python', 100, 'ab', ?2, ?3, 0 FROM users WHERE login = ?1",
                rusqlite::params![
                    login,
                    format!("submissions/{login}/1"),
                    format!("cmd:python3 {}", dir.join("bot.py").display())
                ],
            )
            .unwrap();
            let id = c.last_insert_rowid();
            c.execute(
                "INSERT INTO qualifications (submission_id, status, summary) VALUES (?1, 'passed', 'played 2 legal games')",
                [id],
            )
            .unwrap();
            id
        })
        .collect()
}

/// A finished championship `id` that counts, as the runner leaves it in the
/// database: its row and its entries (each login with its version 1). Its folder
/// is the caller's to write.
pub fn finished_championship(course: &Path, id: i64, logins: &[&str]) -> PathBuf {
    let c = write_db(course);
    c.execute(
        "INSERT INTO championships (id, origin, due_at, seed, status, counts, started_at, finished_at)
         VALUES (?1, 'teacher', '2026-01-06T03:00:00Z', 7, 'done', 1, '2026-01-06T03:00:00Z', '2026-01-06T03:10:00Z')",
        [id],
    )
    .unwrap();
    for login in logins {
        c.execute(
            "INSERT INTO entries (championship_id, user_id, submission_id, late_days)
             SELECT ?1, u.id, s.id, 0 FROM users u JOIN submissions s ON s.user_id = u.id
             WHERE u.login = ?2 AND s.version = 1",
            rusqlite::params![id, login],
        )
        .unwrap();
    }
    let dir = course.join("championships").join(id.to_string());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The cells of a page's table (`id`), a row a line, each cell's text without its
/// markup.
pub fn table_rows(page: &str, id: &str) -> Vec<Vec<String>> {
    let start = page
        .find(&format!("<table id=\"{id}\""))
        .unwrap_or_else(|| panic!("no table {id} in {page}"));
    let table = &page[start..start + page[start..].find("</table>").unwrap()];
    table
        .split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let cell = &cell[cell.find('>').map_or(0, |k| k + 1)..];
                    let mut text = String::new();
                    let mut in_tag = false;
                    for ch in cell.chars() {
                        match ch {
                            '<' => in_tag = true,
                            '>' => in_tag = false,
                            c if !in_tag => text.push(c),
                            _ => {}
                        }
                    }
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                })
                .collect()
        })
        .filter(|cells: &Vec<String>| !cells.is_empty())
        .collect()
}
