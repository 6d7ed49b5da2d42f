//! The desktop app (eframe): a person plays against the computer, the rules come from
//! Prolog and reload when their files are saved. Each view is a small module: the app's
//! state and update loop in `app`, its panels one file each in `panels`, the drawing of
//! boards in `board`, the game state apart in `session`.

pub mod app;
pub mod board_painter;
pub mod computer;
pub mod new_game;
pub mod palette;
mod panels;

pub use app::{GuiOptions, TabulaApp};

use crate::game::GameError;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

fn native_options() -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("tabula")
            .with_app_id("tabula")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([560.0, 420.0]),
        ..Default::default()
    }
}

/// Said when there is no display to open a window on, instead of the toolkit's error.
const NO_DISPLAY: &str = "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set): play in \
     the terminal with `tabula play`, or draw the window into a picture with \
     `xvfb-run tabula gui --screenshot board.png`";

/// Opens the window and runs until it is closed.
pub fn run(options: GuiOptions) -> Result<(), GameError> {
    if !super::display_available() {
        return Err(GameError::Usage(NO_DISPLAY.into()));
    }
    let app = TabulaApp::new(options)?;
    eframe::run_native(
        "tabula",
        native_options(),
        Box::new(move |_cc| Ok(Box::new(app))),
    )
    .map_err(|e| GameError::Usage(format!("cannot open a window: {e}")))
}

/// Renders the window once to a PNG file and closes it.
pub fn screenshot(options: GuiOptions, path: PathBuf) -> Result<(), GameError> {
    if !super::display_available() {
        return Err(GameError::Usage(NO_DISPLAY.into()));
    }
    let app = TabulaApp::new(options)?;
    let result: Arc<Mutex<Option<Result<(), String>>>> = Arc::new(Mutex::new(None));
    let shot = Screenshot {
        app,
        path,
        frames: 0,
        requested: false,
        result: result.clone(),
    };
    eframe::run_native(
        "tabula",
        native_options(),
        Box::new(move |_cc| Ok(Box::new(shot))),
    )
    .map_err(|e| GameError::Usage(format!("cannot open a window: {e}")))?;
    let outcome = result.lock().ok().and_then(|mut r| r.take());
    match outcome {
        Some(Ok(())) => Ok(()),
        Some(Err(e)) => Err(GameError::Usage(e)),
        None => Err(GameError::Usage(
            "the window closed before the screenshot was taken".into(),
        )),
    }
}

struct Screenshot {
    app: TabulaApp,
    path: PathBuf,
    frames: u32,
    requested: bool,
    result: Arc<Mutex<Option<Result<(), String>>>>,
}

impl eframe::App for Screenshot {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
        self.frames += 1;
        let ctx = ui.ctx().clone();
        let done = self.result.lock().map(|r| r.is_some()).unwrap_or(true);
        if done {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else if !self.requested && self.frames >= 4 {
            self.requested = true;
            let path = self.path.clone();
            let result = self.result.clone();
            let waker = ctx.clone();
            ctx.request_screenshot(move |image| {
                let saved = save_png(&image, &path);
                if let Ok(mut r) = result.lock() {
                    *r = Some(saved);
                }
                waker.request_repaint();
            });
        }
        ctx.request_repaint();
    }
}

fn save_png(image: &egui::ColorImage, path: &std::path::Path) -> Result<(), String> {
    let [w, h] = image.size;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let buffer = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
        .ok_or_else(|| "the screenshot has the wrong size".to_string())?;
    buffer
        .save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
