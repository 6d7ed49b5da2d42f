//! Player colours: Okabe and Ito's palette, distinct for colour-blind eyes too, and each
//! player also has a letter, so nothing depends on colour alone.

use egui::Color32;

const COLORS: [Color32; 4] = [
    Color32::from_rgb(0, 114, 178),   // blue
    Color32::from_rgb(230, 159, 0),   // orange
    Color32::from_rgb(0, 158, 115),   // bluish green
    Color32::from_rgb(204, 121, 167), // reddish purple
];

/// Player `p`'s colour (1-based).
pub fn color(p: u32) -> Color32 {
    COLORS[(p.saturating_sub(1) as usize) % COLORS.len()]
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
