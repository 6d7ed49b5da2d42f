//! A course's settings: `COURSE/course.toml`, written commented by `tabula site init`
//! and read (and checked, with every mistake named) each time the site starts.

use crate::referee::grading::Scoring;
use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The settings file's name inside the course folder.
pub const CONFIG_FILE: &str = "course.toml";

/// What `course.toml` says.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The course's name, at the top of every page.
    pub title: String,
    /// The game every player plays (dots, breakthrough, kingpawn).
    pub game: String,
    /// The board, when not the championship's own choice.
    #[serde(default)]
    pub rows: Option<u32>,
    #[serde(default)]
    pub cols: Option<u32>,
    /// A fixed start position in the game's position text.
    #[serde(default)]
    pub start: Option<String>,
    /// Seconds a player has for each move.
    #[serde(default = "default_move_time")]
    pub move_time: f64,
    /// Each player's memory cap (`1G`, `512M`).
    #[serde(default = "default_memory")]
    pub memory: String,
    /// `breakthrough`, `kingpawn` or `points`; absent: the game's own assignment.
    #[serde(default)]
    pub scoring: Option<String>,
    /// Championship games played at once.
    #[serde(default = "default_jobs")]
    pub jobs: u16,
    #[serde(default)]
    pub schedule: Schedule,
    #[serde(default)]
    pub submissions: Submissions,
    #[serde(default)]
    pub site: SiteSettings,
    #[serde(default)]
    pub play: Play,
    #[serde(default)]
    pub cluster: Cluster,
}

/// Games in the browser for people signed in (`/play`): the course's game on the
/// course's board, against the built-in levels and their own versions.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// Whether the play page is offered.
    #[serde(default = "default_true")]
    pub enabled: bool,
    /// Whether a student may also play against each classmate's latest qualified
    /// version (its code and stderr stay hidden).
    #[serde(default)]
    pub classmates: bool,
    /// Games open at once on the site.
    #[serde(default = "default_play_games")]
    pub max_games: usize,
    /// Games open at once for one person.
    #[serde(default = "default_play_per_person")]
    pub max_games_per_person: usize,
    /// A game nobody has looked at for this long ends.
    #[serde(default = "default_play_idle")]
    pub idle_minutes: u64,
}

impl Default for Play {
    fn default() -> Self {
        Play {
            enabled: true,
            classmates: false,
            max_games: default_play_games(),
            max_games_per_person: default_play_per_person(),
            idle_minutes: default_play_idle(),
        }
    }
}

fn default_play_games() -> usize {
    16
}
fn default_play_per_person() -> usize {
    2
}
fn default_play_idle() -> u64 {
    20
}

/// Where the championships' games are played: this machine, or a Slurm cluster.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cluster {
    /// Play each championship as a Slurm job array (`tabula tournament --slurm`).
    #[serde(default)]
    pub slurm: bool,
    /// Shards (array tasks) a championship is split into.
    #[serde(default = "default_shards")]
    pub shards: u16,
    #[serde(default)]
    pub partition: Option<String>,
    /// Each shard's time limit (`2:00:00`).
    #[serde(default)]
    pub time_limit: Option<String>,
    /// Arguments passed to sbatch as they are.
    #[serde(default)]
    pub sbatch_args: Vec<String>,
}

impl Default for Cluster {
    fn default() -> Self {
        Cluster {
            slurm: false,
            shards: default_shards(),
            partition: None,
            time_limit: None,
            sbatch_args: Vec::new(),
        }
    }
}

fn default_shards() -> u16 {
    10
}

/// When the championships run.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The first day of the daily championships (`2026-12-07`); none: only on demand.
    #[serde(default)]
    pub first_day: Option<String>,
    /// How many consecutive days.
    #[serde(default = "default_days")]
    pub days: u32,
    /// The time of day they start (`03:00`).
    #[serde(default = "default_at")]
    pub at: String,
    /// The time zone of `first_day`, `at` and the deadline (IANA name); none: the
    /// server's.
    #[serde(default)]
    pub time_zone: Option<String>,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            first_day: None,
            days: default_days(),
            at: default_at(),
            time_zone: None,
        }
    }
}

/// What may be submitted, and until when.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submissions {
    /// The deadline (`2026-12-06 23:59`); a version uploaded after it is late by the
    /// days begun since. None: nothing is late.
    #[serde(default)]
    pub deadline: Option<String>,
    /// Versions later than this many days are not entered.
    #[serde(default = "default_late_days")]
    pub late_days_allowed: u32,
    /// The largest upload, in bytes (`1M`).
    #[serde(default = "default_max_upload")]
    pub max_upload: String,
    /// The most files an archive may hold.
    #[serde(default = "default_max_files")]
    pub max_files: usize,
    /// The most an archive may unpack to (`20M`).
    #[serde(default = "default_max_unpacked")]
    pub max_unpacked: String,
    /// The most versions one student may upload within `upload_window_minutes`
    /// (0: no limit), so that one student's burst cannot fill the qualification queue.
    #[serde(default = "default_max_uploads")]
    pub max_uploads: u32,
    #[serde(default = "default_upload_window")]
    pub upload_window_minutes: u32,
}

fn default_max_uploads() -> u32 {
    10
}

fn default_upload_window() -> u32 {
    60
}

impl Default for Submissions {
    fn default() -> Self {
        Submissions {
            deadline: None,
            late_days_allowed: default_late_days(),
            max_upload: default_max_upload(),
            max_files: default_max_files(),
            max_unpacked: default_max_unpacked(),
            max_uploads: default_max_uploads(),
            upload_window_minutes: default_upload_window(),
        }
    }
}

/// How the site shows itself.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteSettings {
    /// Whether results are shown to visitors who have not signed in.
    #[serde(default = "default_true")]
    pub public: bool,
    /// Whether cookies are marked Secure (set once the site is behind HTTPS).
    #[serde(default)]
    pub secure_cookies: bool,
    /// The address `tabula site serve` listens on when `--listen` is not given.
    #[serde(default = "default_listen")]
    pub listen: String,
    /// Whether a reverse proxy forwards the requests (the client's address is then
    /// the last one of X-Forwarded-For).
    #[serde(default)]
    pub behind_proxy: bool,
}

impl Default for SiteSettings {
    fn default() -> Self {
        SiteSettings {
            public: true,
            secure_cookies: false,
            listen: default_listen(),
            behind_proxy: false,
        }
    }
}

fn default_move_time() -> f64 {
    1.0
}
fn default_memory() -> String {
    "1G".into()
}
fn default_jobs() -> u16 {
    1
}
fn default_days() -> u32 {
    8
}
fn default_at() -> String {
    "03:00".into()
}
fn default_late_days() -> u32 {
    10
}
fn default_max_upload() -> String {
    "1M".into()
}
fn default_max_files() -> usize {
    200
}
fn default_max_unpacked() -> String {
    "20M".into()
}
fn default_true() -> bool {
    true
}
fn default_listen() -> String {
    "127.0.0.1:8080".into()
}

/// The settings file `tabula site init` writes, every setting explained.
pub fn template(title: &str, game: &str, first_day: &str) -> String {
    let games = known_games();
    format!(
        r#"# A tabula course: the championship site of one assignment.
# Change what you need, then restart `tabula site serve` (the site reads this file
# when it starts and names any mistake in it). Times are in `schedule.time_zone`.

# The course's name, shown at the top of every page.
title = {title:?}

# The game ({games}), or the path of a rules file: a .pl, or a GDL .kif.
# Leave rows, cols and start out for the championship's own choice (Breakthrough:
# one random start for each championship, its size drawn in 4..12, as the
# assignment asks).
game = {game:?}
# rows = 8
# cols = 8
# start = "..."          # a fixed start position, in the game's position text

# Seconds a player has for each move, and each player's memory cap.
move_time = 1.0
memory = "1G"

# How games are scored and graded: valid_games (assignment 000: groups A and B by
# the share of valid games, grades 5..10), faults (assignment 001: over 10 % of games
# lost by fault leaves the ranking), or points (no grades). Left out: the game's own.
# scoring = "points"

# Championship games played at once, each on cores of its own. Keep one core free
# for the qualification games that answer each upload.
jobs = 1

[schedule]
# The daily championships: `days` consecutive days from `first_day`, each at `at`.
# Leave first_day out to run championships only on demand (the teacher's page).
first_day = {first_day:?}
days = 8
at = "03:00"
# The time zone of these times and of the deadline (an IANA name); left out: the
# server's own.
# time_zone = "America/Sao_Paulo"

[submissions]
# Versions uploaded after the deadline are late by the days begun since it; each day
# costs one grade point, and a version more than `late_days_allowed` days late is not
# entered. Leave the deadline out when nothing is late.
# deadline = "2026-12-06 23:59"
late_days_allowed = 10
# The largest upload, the most files an archive may hold, and the most it may unpack to.
max_upload = "1M"
max_files = 200
max_unpacked = "20M"
# At most `max_uploads` versions from one student within `upload_window_minutes`
# (0: no limit); every version is kept, and qualification takes students in turn.
max_uploads = 10
upload_window_minutes = 60

[site]
# Whether the results and the moves of every game are shown to visitors who have not
# signed in (false: to those signed in only). Code and logs are never public.
public = true
# Set to true when a reverse proxy on this machine forwards the requests: the
# sign-in limit per address then reads the client's address from X-Forwarded-For.
behind_proxy = false
# Set to true once the site is served over HTTPS (behind a reverse proxy).
secure_cookies = false
# The address to listen on when `tabula site serve` is given no --listen.
listen = "127.0.0.1:8080"

[play]
# People signed in play the course's game in the browser (/play), on the course's
# board, against the built-in players and against any version of their own player,
# which runs in the sandbox as in a championship (its stderr shown to them alone).
enabled = true
# Also against each classmate's latest qualified version (their code stays hidden).
classmates = false
# Games open at once on the site, and for one person, shared fairly when the site
# is full (docs/site.md); a finished game holds no place, and a game nobody looks at
# for idle_minutes ends. An open game holds a Prolog machine (25 to 50 MiB) and,
# against a student's version, its process (up to `memory`).
max_games = 16
max_games_per_person = 2
idle_minutes = 20

[cluster]
# Play each championship on a Slurm cluster instead of this machine: a job array of
# `shards` tasks, followed, shards that fail submitted again, merged into one result
# (docs/cluster.md). The course folder, tabula and the players must be on a file
# system the nodes share.
slurm = false
shards = 10
# partition = "short"
# time_limit = "2:00:00"
# sbatch_args = ["--account=cs346"]

# The roster is not kept here: import it with
#   tabula site users import COURSE roster.csv     (lines: login,name)
"#
    )
}

/// Why a course's settings do not load: each names the file, and the words say what
/// is wrong where and what to do.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: no such file: is {} a course? (make one with `tabula site init`)", path.display(), course.display())]
    NoCourse { path: PathBuf, course: PathBuf },
    #[error("{}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        #[source]
        source: std::sync::Arc<std::io::Error>,
    },
    /// Not TOML, or a setting of the wrong kind: toml's message, with its line and caret.
    #[error("{}: {message}", path.display())]
    Toml { path: PathBuf, message: String },
    /// A setting with a value the site cannot use, and why.
    #[error("{}: {problem}", path.display())]
    Setting { path: PathBuf, problem: String },
}

/// Reads and checks `COURSE/course.toml`.
pub fn load(course: &Path) -> Result<Config, ConfigError> {
    let path = course.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            ConfigError::NoCourse {
                path: path.clone(),
                course: course.to_path_buf(),
            }
        } else {
            ConfigError::Unreadable {
                path: path.clone(),
                source: std::sync::Arc::new(e),
            }
        }
    })?;
    let config: Config = toml::from_str(&text).map_err(|e| ConfigError::Toml {
        path: path.clone(),
        message: e.to_string(),
    })?;
    config.check().map_err(|problem| ConfigError::Setting {
        path: path.clone(),
        problem,
    })?;
    Ok(config)
}

impl Config {
    /// Checks what serde cannot: values and formats.
    fn check(&self) -> Result<(), String> {
        if !(self.move_time > 0.0 && self.move_time <= 3600.0) {
            return Err(format!(
                "move_time = {}: give the seconds a move, more than 0",
                self.move_time
            ));
        }
        if self.jobs == 0 {
            return Err("jobs = 0: at least one game must be played at a time".into());
        }
        if let Some(s) = &self.scoring
            && let Err(e) = s.parse::<Scoring>()
        {
            return Err(format!("scoring = {s:?}: {e}"));
        }
        self.time_zone()?;
        self.first_day()?;
        self.start_time()?;
        self.deadline()?;
        self.max_upload()?;
        self.max_unpacked()?;
        bytes(&self.memory).map_err(|e| format!("memory = {:?}: {e}", self.memory))?;
        if crate::game::find_game(&self.game).is_none() {
            return Err(format!(
                "game = {:?}: not a game tabula knows ({})",
                self.game,
                known_games()
            ));
        }
        if self.play.max_games == 0 || self.play.max_games_per_person == 0 {
            return Err("play.max_games and play.max_games_per_person: at least 1 (play.enabled = false turns the page off)".into());
        }
        if self.play.idle_minutes == 0 {
            return Err("play.idle_minutes = 0: at least one minute".into());
        }
        if self.cluster.shards == 0 {
            return Err("cluster.shards = 0: at least one shard".into());
        }
        if self.schedule.days == 0 || self.schedule.days > 366 {
            return Err(format!(
                "schedule.days = {}: expected 1 to 366",
                self.schedule.days
            ));
        }
        Ok(())
    }

    /// The time zone of the schedule and the deadline.
    pub fn time_zone(&self) -> Result<TimeZone, String> {
        match &self.schedule.time_zone {
            None => Ok(TimeZone::try_system().unwrap_or(TimeZone::UTC)),
            Some(name) => TimeZone::get(name)
                .map_err(|e| format!("schedule.time_zone = {name:?}: not a known time zone ({e})")),
        }
    }

    fn first_day(&self) -> Result<Option<Date>, String> {
        self.schedule
            .first_day
            .as_deref()
            .map(|d| {
                d.parse::<Date>().map_err(|_| {
                    format!("schedule.first_day = {d:?}: expected a date like \"2026-12-07\"")
                })
            })
            .transpose()
    }

    fn start_time(&self) -> Result<Time, String> {
        let at = &self.schedule.at;
        at.parse::<Time>()
            .map_err(|_| format!("schedule.at = {at:?}: expected a time of day like \"03:00\""))
    }

    /// The deadline, if any.
    /// The deadline in the course's time zone, as the pages show it (None: no
    /// deadline, or one that does not read: the site refused that at start).
    pub fn deadline_text(&self) -> Option<String> {
        self.deadline().ok().flatten().map(|t| self.local(t))
    }

    pub fn deadline(&self) -> Result<Option<Timestamp>, String> {
        let Some(text) = self.submissions.deadline.as_deref() else {
            return Ok(None);
        };
        let civil = text
            .parse::<DateTime>()
            .or_else(|_| text.parse::<Date>().map(|d| d.to_datetime(Time::MAX)))
            .map_err(|_| {
                format!(
                    "submissions.deadline = {text:?}: expected a date and time like \"2026-12-06 23:59\""
                )
            })?;
        let zoned = civil
            .to_zoned_datetime(self.time_zone()?)
            .map_err(|e| format!("submissions.deadline = {text:?}: {e}"))?;
        Ok(Some(zoned.timestamp()))
    }

    /// The scheduled championships' start times, in order.
    pub fn scheduled_times(&self) -> Result<Vec<Timestamp>, String> {
        let Some(first) = self.first_day()? else {
            return Ok(Vec::new());
        };
        let at = self.start_time()?;
        let tz = self.time_zone()?;
        let mut times = Vec::new();
        for day in 0..self.schedule.days {
            let date = first
                .checked_add(i64::from(day).days())
                .map_err(|e| format!("schedule: day {day} after first_day: {e}"))?;
            let zoned = date
                .to_datetime(at)
                .to_zoned_datetime(tz.clone())
                .map_err(|e| format!("schedule: {date} at {at}: {e}"))?;
            times.push(zoned.timestamp());
        }
        Ok(times)
    }

    /// The upload cap in bytes.
    pub fn max_upload(&self) -> Result<u64, String> {
        bytes(&self.submissions.max_upload).map_err(|e| {
            format!(
                "submissions.max_upload = {:?}: {e}",
                self.submissions.max_upload
            )
        })
    }

    /// The cap on what an archive unpacks to, in bytes.
    pub fn max_unpacked(&self) -> Result<u64, String> {
        bytes(&self.submissions.max_unpacked).map_err(|e| {
            format!(
                "submissions.max_unpacked = {:?}: {e}",
                self.submissions.max_unpacked
            )
        })
    }

    /// Days a version uploaded at `at` is late (0: on time).
    pub fn late_days(&self, at: Timestamp) -> u32 {
        let Ok(Some(deadline)) = self.deadline() else {
            return 0;
        };
        if at <= deadline {
            return 0;
        }
        let seconds = at.as_second() - deadline.as_second();
        // Every day begun counts: one second late is one day late.
        u32::try_from((seconds + 86_399) / 86_400).unwrap_or(u32::MAX)
    }

    /// The time in the course's zone, for pages.
    pub fn local(&self, at: Timestamp) -> String {
        let tz = self.time_zone().unwrap_or(TimeZone::UTC);
        at.to_zoned_datetime(tz)
            .strftime("%Y-%m-%d %H:%M %Z")
            .to_string()
    }

    /// A time for a table's cell, short enough for a phone's width: `Dec 7, 14:12`
    /// this year, `2025-12-07` another (in the course's zone, which the page says
    /// where the full time is shown).
    pub fn local_short(&self, at: Timestamp) -> String {
        let tz = self.time_zone().unwrap_or(TimeZone::UTC);
        let then = at.to_zoned_datetime(tz.clone());
        let now = Timestamp::now().to_zoned_datetime(tz);
        if then.year() == now.year() {
            then.strftime("%b %-d, %H:%M").to_string()
        } else {
            then.strftime("%Y-%m-%d").to_string()
        }
    }

    /// The abbreviation of the course's time zone now (`UTC`, `-03`).
    pub fn zone_now(&self) -> String {
        let tz = self.time_zone().unwrap_or(TimeZone::UTC);
        Timestamp::now()
            .to_zoned_datetime(tz)
            .strftime("%Z")
            .to_string()
    }
}

/// The games tabula knows, for messages.
pub fn known_games() -> String {
    crate::game::catalog().names().join(", ")
}

/// A size such as `1M`, `512K`, `2G` or a number of bytes.
pub fn bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| "expected a size such as 1M, 512K or 2G".to_string())?;
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => return Err("expected a size such as 1M, 512K or 2G".into()),
    };
    n.checked_mul(scale).ok_or_else(|| "too large".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Config {
        let c: Config = toml::from_str(text).unwrap();
        c.check().unwrap();
        c
    }

    #[test]
    fn the_template_reads_back() {
        let game = &crate::game::default_game().expect("a game is found").name;
        let c = parsed(&template("Course", game, "2026-12-07"));
        assert_eq!(&c.game, game);
        assert_eq!(c.schedule.days, 8);
        assert_eq!(c.scheduled_times().unwrap().len(), 8);
        assert_eq!(c.max_upload().unwrap(), 1 << 20);
    }

    #[test]
    fn late_days_count_every_day_begun() {
        let c = parsed(
            "title='t'\ngame='kingpawn'\n[schedule]\ntime_zone='UTC'\n[submissions]\ndeadline='2026-12-06 23:59'\n",
        );
        let deadline: Timestamp = "2026-12-06T23:59:00Z".parse().unwrap();
        assert_eq!(c.late_days(deadline), 0);
        assert_eq!(c.late_days(deadline + 1.second()), 1);
        assert_eq!(c.late_days(deadline + 24.hours()), 1);
        assert_eq!(c.late_days(deadline + 24.hours() + 1.second()), 2);
    }

    #[test]
    fn mistakes_are_named() {
        let bad: Config = toml::from_str("title='t'\ngame='dots'\nmove_time=0\n").unwrap();
        assert!(bad.check().unwrap_err().contains("move_time"));
        let bad: Config =
            toml::from_str("title='t'\ngame='dots'\n[schedule]\nat='25:00'\n").unwrap();
        assert!(bad.check().unwrap_err().contains("schedule.at"));
        let bad: Config = toml::from_str("title='t'\ngame='dots'\nmemory='lots'\n").unwrap();
        let e = bad.check().unwrap_err();
        assert!(e.contains("memory"), "{e}");
        let bad: Config = toml::from_str("title='t'\ngame='chess'\n").unwrap();
        // The refusal names the games there are.
        let known = crate::game::catalog().names().join(", ");
        assert!(bad.check().unwrap_err().contains(&known));
        assert!(toml::from_str::<Config>("title='t'\ngame='dots'\ncolour=1\n").is_err());
    }
}
