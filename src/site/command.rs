//! `tabula site …`: the championship site's command line.

use super::SiteError;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// What `tabula site` does.
#[derive(Args, Debug)]
pub struct SiteArgs {
    #[command(subcommand)]
    command: SiteCommand,
}

#[derive(Subcommand, Debug)]
enum SiteCommand {
    /// Make a course: a folder with its commented settings (course.toml) and database
    Init {
        /// The course folder to create
        course: PathBuf,
        /// The game its championships play
        #[arg(long)]
        game: String,
        /// The course's name on its pages (default: the game's championship)
        #[arg(long)]
        title: Option<String>,
    },
    /// Run the site: the web server, the scheduler and the championships' runner
    Serve {
        course: PathBuf,
        /// The address to listen on (default: course.toml's site.listen, 127.0.0.1:8080);
        /// port 0 picks a free one
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
    },
    /// Manage the people of a course
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// A consistent copy of the course while it runs: FILE.tar.gz (database and
    /// files) or FILE.db (the database alone)
    Backup { course: PathBuf, file: PathBuf },
}

#[derive(Subcommand, Debug)]
enum UsersCommand {
    /// Add the students of a roster (CSV lines `login,name`) and print each one's
    /// one-time sign-in code; people already there are kept (--renew: new codes)
    Import {
        course: PathBuf,
        /// The roster: a CSV file, `-` for stdin
        roster: PathBuf,
        /// Import them as teachers
        #[arg(long)]
        teacher: bool,
        /// Give new codes to people already there too (their passwords are forgotten)
        #[arg(long)]
        renew: bool,
    },
    /// Add one person, or give one already there a new code (a forgotten password:
    /// their name and role stay unless --name or --teacher is given)
    Add {
        course: PathBuf,
        login: String,
        /// Their name (default: the login, or the name they have); any text, even
        /// one that starts with `-`
        #[arg(long, allow_hyphen_values = true)]
        name: Option<String>,
        /// A teacher (a new person is otherwise a student)
        #[arg(long)]
        teacher: bool,
    },
}

/// Runs `tabula site …`.
pub fn run(args: SiteArgs) -> Result<(), SiteError> {
    match args.command {
        SiteCommand::Init {
            course,
            game,
            title,
        } => {
            super::init(&course, &game, title.as_deref())?;
            println!(
                "made the course {}\n  edit {}/course.toml (schedule, deadline, board)\n  add yourself:   tabula site users add {} LOGIN --teacher\n  add the class:  tabula site users import {} roster.csv\n  run it:         tabula site serve {}",
                course.display(),
                course.display(),
                course.display(),
                course.display(),
                course.display()
            );
            Ok(())
        }
        SiteCommand::Serve { course, listen } => {
            let site = super::Site::open(&course)?;
            let listen = listen.unwrap_or_else(|| site.config.site.listen.clone());
            super::web::serve(site, &listen)
        }
        SiteCommand::Users { command } => {
            let added = match command {
                UsersCommand::Import {
                    course,
                    roster,
                    teacher,
                    renew,
                } => {
                    let text = if roster.as_os_str() == "-" {
                        std::io::read_to_string(std::io::stdin())
                            .map_err(|e| SiteError::file("stdin", e))?
                    } else {
                        std::fs::read_to_string(&roster).map_err(|e| SiteError::file(&roster, e))?
                    };
                    let role = if teacher { "teacher" } else { "student" };
                    super::import_users(&course, &text, role, renew)?
                }
                UsersCommand::Add {
                    course,
                    login,
                    name,
                    teacher,
                } => vec![super::add_user(&course, &login, name.as_deref(), teacher)?],
            };
            println!("login,name,code");
            let mut kept = 0;
            for (login, name, code) in added {
                let name = if name.contains([',', '"']) {
                    format!("\"{}\"", name.replace('"', "\"\""))
                } else {
                    name
                };
                match code {
                    Some(code) => println!("{login},{name},{code}"),
                    None => {
                        kept += 1;
                        println!("{login},{name},");
                    }
                }
            }
            eprintln!(
                "Hand each person their code: they sign in with it once and choose a password."
            );
            if kept > 0 {
                eprintln!(
                    "{kept} already there were kept as they were (no new code): `tabula site users add COURSE LOGIN` gives one a new code, --renew gives every one of them a new code."
                );
            }
            Ok(())
        }
        SiteCommand::Backup { course, file } => {
            super::backup(&course, &file)?;
            println!("wrote {}", file.display());
            Ok(())
        }
    }
}
