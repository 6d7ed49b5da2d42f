//! tabula's palette (`crate::game::palette`) as the window paints it.

use crate::game::palette::{self, Rgb};
use egui::Color32;

/// An egui colour.
pub fn rgb(Rgb(r, g, b): Rgb) -> Color32 {
    Color32::from_rgb(r, g, b)
}

/// Player `p`'s colour (1-based).
pub fn color(p: u32) -> Color32 {
    rgb(palette::player(p).rgb)
}

/// The fill of a box player `p` owns: the colour, light.
pub fn fill(p: u32, dark: bool) -> Color32 {
    let c = color(p);
    if dark {
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), 70)
    } else {
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), 55)
    }
}

/// Player `p`'s letter, shown in the boxes they close.
pub fn label(p: u32) -> char {
    crate::game::board::label(p)
}
