//! `tabula grade`: final grades over several championships.

use super::*;

#[derive(Args, Debug)]
pub(super) struct GradeArgs {
    /// Championship folders (each with its standings.json)
    #[arg(required = true)]
    pub(super) dirs: Vec<PathBuf>,
    /// Write the final grades to this CSV file too
    #[arg(long, value_name = "FILE")]
    pub(super) csv: Option<PathBuf>,
}

pub(super) fn grade(args: GradeArgs) -> Result<(), GameError> {
    let mut championships = Vec::new();
    for dir in &args.dirs {
        let path = dir.join("standings.json");
        let text = std::fs::read_to_string(&path).map_err(|e| {
            GameError::Usage(if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "{}: not a championship folder (no standings.json; tabula tournament … --out {} writes one)",
                    dir.display(),
                    dir.display()
                )
            } else {
                format!("{}: {e}", path.display())
            })
        })?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| GameError::json(&path, "not standings", e))?;
        let rows = value
            .get("standings")
            .and_then(|s| s.as_array())
            .ok_or_else(|| GameError::Usage(format!("{}: no standings in it", path.display())))?;
        let mut grades = Vec::new();
        for row in rows {
            let name = row.get("name").and_then(|n| n.as_str());
            let g = row.get("grade").and_then(|g| g.as_f64());
            match (name, g) {
                (Some(n), Some(g)) => grades.push((n.to_string(), g)),
                (Some(n), None) => {
                    return Err(GameError::Usage(format!(
                        "{}: {n} has no grade (a championship scored by points only?)",
                        path.display()
                    )));
                }
                _ => {}
            }
        }
        championships.push(grades);
    }
    let finals = crate::referee::grading::final_grades(&championships);
    let c = championships.len();
    println!(
        "final grades over {c} championship{} (S = grade/10, P = ΣS, Min = C/2 = {}, Max = the top P)",
        if c == 1 { "" } else { "s" },
        c as f64 / 2.0
    );
    println!("{:<24} {:>7} {:>7}", "player", "P", "grade");
    let mut csv = String::from("player,p,grade\n");
    for f in &finals {
        println!("{:<24} {:>7.3} {:>7.2}", f.name, f.p, f.grade);
        csv.push_str(&format!("{},{:.4},{:.2}\n", f.name, f.p, f.grade));
    }
    if let Some(path) = &args.csv {
        std::fs::write(path, csv)
            .map_err(|e| GameError::file(path, "cannot write the grades", e))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
