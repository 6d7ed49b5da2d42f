//! A real window under a virtual X display: `tabula gui --screenshot` renders the board
//! to a PNG. Runs where `xvfb-run` is installed (CI installs it); elsewhere it says it
//! skipped.

use std::process::Command;

fn xvfb_run() -> Option<String> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("xvfb-run"))
        .find(|p| p.is_file())
        .map(|p| p.to_string_lossy().into_owned())
}

#[test]
fn the_window_renders_to_a_png() {
    let Some(xvfb) = xvfb_run() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{}",
            crate::common::missing("xvfb-run")
        );
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb)");
        return;
    };
    let file = std::env::temp_dir().join(format!("tabula-shot-{}.png", std::process::id()));
    let output = Command::new(xvfb)
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .args(["gui", "--screenshot"])
        .arg(&file)
        .args(["--moves", "h(0,0) v(0,0) v(0,1) h(1,0) h(4,4)"])
        .output()
        .expect("xvfb-run runs");
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let png = std::fs::read(&file).expect("the screenshot was written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // Width and height from the IHDR chunk.
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    assert!(width >= 560 && height >= 420, "{width} x {height}");
    assert!(png.len() > 10_000, "a blank picture? {} bytes", png.len());
}
