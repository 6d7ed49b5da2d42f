//! tabula's colours, written once for every face: the window paints with them, the
//! terminal picks its nearest ANSI colours from them, and the championship page gets
//! them as data. Players are told apart by Okabe and Ito's palette, distinct for
//! colour-blind eyes too (each player also has a letter, so nothing depends on colour
//! alone); a view may name its sides' colours instead (`colours([red, yellow])`).

/// A colour as red, green and blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`, as a page writes it.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A player's colour, and the xterm 256-colour code the terminal shows it with (chosen
/// by eye: the nearest cube colour of a saturated hue reads too dark on a terminal).
#[derive(Debug, Clone, Copy)]
pub struct PlayerColour {
    pub rgb: Rgb,
    pub ansi: u8,
}

/// Players 1 to 4 (then again from the first): blue, orange, bluish green, reddish purple.
pub const PLAYERS: [PlayerColour; 4] = [
    PlayerColour {
        rgb: Rgb(0, 114, 178),
        ansi: 33,
    },
    PlayerColour {
        rgb: Rgb(230, 159, 0),
        ansi: 208,
    },
    PlayerColour {
        rgb: Rgb(0, 158, 115),
        ansi: 36,
    },
    PlayerColour {
        rgb: Rgb(204, 121, 167),
        ansi: 170,
    },
];

/// The colour of a piece that belongs to nobody (player 0).
pub const NOBODY: Rgb = Rgb(140, 149, 159);

/// The colours a view may name for its sides (`colours/1` in the board vocabulary).
pub const NAMED: [(&str, Rgb); 8] = [
    ("white", Rgb(251, 251, 246)),
    ("black", Rgb(42, 42, 42)),
    ("red", Rgb(213, 43, 43)),
    ("yellow", Rgb(245, 200, 20)),
    ("blue", Rgb(0, 114, 178)),
    ("orange", Rgb(230, 159, 0)),
    ("green", Rgb(0, 158, 115)),
    ("purple", Rgb(204, 121, 167)),
];

/// Player `p`'s colour (1-based; 0 is nobody's).
pub fn player(p: u32) -> PlayerColour {
    PLAYERS[(p.saturating_sub(1) as usize) % PLAYERS.len()]
}

/// The colour a view names, if it is one of [`NAMED`].
pub fn named(name: &str) -> Option<Rgb> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// The palette as the championship page reads it: `{"players": [...], "nobody": ...,
/// "named": {...}}`, colours as `#rrggbb`.
pub fn as_json() -> serde_json::Value {
    let named: serde_json::Map<String, serde_json::Value> = NAMED
        .iter()
        .map(|(n, c)| (n.to_string(), c.hex().into()))
        .collect();
    serde_json::json!({
        "players": PLAYERS.iter().map(|c| c.rgb.hex()).collect::<Vec<_>>(),
        "nobody": NOBODY.hex(),
        "named": named,
        "labels": super::board::LABELS.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_cycle_and_names_are_found() {
        assert_eq!(player(1).rgb.hex(), "#0072b2");
        assert_eq!(player(5).rgb, player(1).rgb);
        assert_eq!(named("red"), Some(Rgb(213, 43, 43)));
        assert_eq!(named("mauve"), None);
        let json = as_json();
        assert_eq!(json["players"][1], "#e69f00");
        assert_eq!(json["named"]["yellow"], "#f5c814");
    }
}
