//! The `--set KEY=VALUE` options of the Blokus examples: one setting of the `search` bot's
//! `SearchConfig` each (`blokus_gtp --set`, `blokus_match --set-a` / `--set-b`).

use grid_games::blokus::bots::SearchConfig;

/// The keys understood.
pub const KEYS: [&str; 8] = [
    "exploration",
    "prior_visits",
    "rave",
    "margin_weight",
    "front_load",
    "early_stop",
    "reuse_tree",
    "local_replies",
];

/// The keys that are switches (0 or 1).
const SWITCHES: [&str; 3] = ["early_stop", "reuse_tree", "local_replies"];

/// Parses `KEY=VALUE`: a known key and a number in `0..=1e9` (0 or 1 for a switch).
pub fn parse(s: &str) -> Result<(String, f64), String> {
    let (key, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not KEY=VALUE"))?;
    if !KEYS.contains(&key) {
        return Err(format!("unknown key `{key}` (known: {})", KEYS.join(", ")));
    }
    let value: f64 = value
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && (0.0..=1e9).contains(v))
        .ok_or_else(|| format!("`{value}` is not a number in 0..=1e9"))?;
    if SWITCHES.contains(&key) && value != 0.0 && value != 1.0 {
        return Err(format!("{key} is 0 or 1"));
    }
    Ok((key.to_string(), value))
}

/// Applies settings checked by [`parse`] to `config`, in order.
pub fn apply(config: &mut SearchConfig, settings: &[(String, f64)]) {
    for (key, value) in settings {
        let value = *value;
        match key.as_str() {
            "exploration" => config.exploration = value,
            "prior_visits" => config.prior_visits = value,
            "rave" => config.rave = value,
            "margin_weight" => config.margin_weight = value,
            "front_load" => config.front_load = value,
            "early_stop" => config.early_stop = value == 1.0,
            "reuse_tree" => config.reuse_tree = value == 1.0,
            "local_replies" => config.local_replies = value == 1.0,
            _ => {}
        }
    }
}
