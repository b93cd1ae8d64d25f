//! The SVG renderers of Blokus and paper.io: well-formed output, one rectangle per owned cell,
//! escaping, options, extremes.

use family_support::svg_check::{check_xml, count_class};
use grid_games::blokus::{self, Position as Blokus, Variant};
use grid_games::game::{MatchRules, Rng, Side, play_match};
use grid_games::paperio::{self, Config, Position as Paperio, Turn};
use polyomino::SvgError;
use polyomino::svg::{Rgb, SvgOptions, ToSvg};

fn blokus_game(variant: Variant, seed: u64, moves: usize) -> Blokus {
    let mut bots: Vec<blokus::bots::RandomBot> = (0..variant.players() as u64)
        .map(|i| blokus::bots::RandomBot::new(seed + i))
        .collect();
    let mut refs: Vec<&mut dyn grid_games::game::Bot<Blokus>> = bots
        .iter_mut()
        .map(|b| b as &mut dyn grid_games::game::Bot<Blokus>)
        .collect();
    let rules = MatchRules::default().with_max_actions(moves);
    play_match(Blokus::new(variant), &mut refs, rules)
        .expect("one bot per player")
        .last
}

#[test]
fn blokus_cells_match_the_moves_played() {
    for (variant, moves) in [
        (Variant::Duo, 12),
        (Variant::Classic, 30),
        (Variant::Duo, 1000),
        (Variant::Junior, 1000),
        (Variant::Classic3, 1000),
    ] {
        let pos = blokus_game(variant, 5, moves);
        let svg = pos.to_svg(&SvgOptions::default()).unwrap();
        let root = check_xml(&svg);
        assert!(root["viewBox"].starts_with("0 0 "));
        // Cells covered per colour, from the move list rather than the board.
        let mut expected = [0usize; 4];
        for (colour, m) in pos.history() {
            expected[colour.index()] += pos.table().points(m).unwrap().len();
        }
        for (k, &e) in expected.iter().enumerate() {
            assert_eq!(
                count_class(&svg, "rect", &format!("colour{k}")),
                e,
                "{variant} colour {k}"
            );
        }
        assert_eq!(
            count_class(&svg, "rect", "cell"),
            expected.iter().sum::<usize>()
        );
        // The last move is marked on its cells.
        let (_, last) = pos.history().last().unwrap();
        assert_eq!(
            count_class(&svg, "circle", "last"),
            pos.table().points(last).unwrap().len()
        );
    }
}

#[test]
fn blokus_options_are_honoured() {
    let mut pos = Blokus::new(Variant::Duo);
    let svg = pos.to_svg(&SvgOptions::default()).unwrap();
    check_xml(&svg);
    assert_eq!(count_class(&svg, "circle", "start"), 2);
    assert_eq!(count_class(&svg, "circle", "last"), 0);
    // Duo's second colour is Green, drawn with the fourth palette entry.
    pos.play(pos.parse_move("e8,d9,e9,f9,e10").unwrap())
        .unwrap();
    pos.play(pos.parse_move("j5").unwrap()).unwrap();
    let colours = [
        Rgb::hex(0x000001),
        Rgb::hex(0x000002),
        Rgb::hex(0x000003),
        Rgb::hex(0x000004),
    ];
    let opts = SvgOptions::default()
        .with_cell_px(10)
        .with_margin_px(0)
        .with_labels(false)
        .with_grid(false)
        .with_marks(false)
        .with_palette(colours.to_vec());
    let svg = pos.to_svg(&opts).unwrap();
    let root = check_xml(&svg);
    assert_eq!(
        (root["width"].as_str(), root["height"].as_str()),
        ("140", "140")
    );
    assert_eq!(svg.matches("fill=\"#000001\"").count(), 5);
    assert_eq!(svg.matches("fill=\"#000004\"").count(), 1);
    assert_eq!(count_class(&svg, "path", "grid"), 0);
    assert_eq!(count_class(&svg, "circle", "start"), 0);
    assert_eq!(count_class(&svg, "circle", "last"), 0);
    assert!(!svg.contains("<text"));
    // Marks: both starting points are taken, the last move (j5) has one cell.
    let svg = pos
        .to_svg(&opts.clone().with_marks(true).with_grid(true))
        .unwrap();
    assert_eq!(count_class(&svg, "circle", "start"), 0);
    assert_eq!(count_class(&svg, "circle", "last"), 1);
    assert_eq!(count_class(&svg, "path", "grid"), 1);
    // Coordinates: 14 letters and 14 numbers.
    let svg = pos.to_svg(&opts.with_labels(true)).unwrap();
    assert_eq!(svg.matches("<text").count(), 28);
    assert!(svg.contains(">n</text>") && svg.contains(">14</text>"));
}

#[test]
fn blokus_titles_are_escaped_and_sizes_clamped() {
    let pos = Blokus::new(Variant::Classic2);
    let opts = SvgOptions::default()
        .with_title("<b>&amp; \"quoted\"</b>")
        .with_cell_px(u32::MAX)
        .with_margin_px(u32::MAX);
    let svg = pos.to_svg(&opts).unwrap();
    check_xml(&svg);
    assert!(svg.contains("&lt;b&gt;&amp;amp; &quot;quoted&quot;&lt;/b&gt;"));
    assert!(svg.len() < 100_000);
    let svg = pos.to_svg(&SvgOptions::default().with_cell_px(0)).unwrap();
    check_xml(&svg);
}

fn paperio_game(config: Config, seed: u64, plies: usize) -> Paperio {
    let game = Paperio::random(config, &mut Rng::seed_from(seed)).unwrap();
    let mut a = paperio::bots::SafeBot::new(seed);
    let mut b = paperio::bots::RandomBot::new(seed + 1);
    let rules = MatchRules::default().with_max_actions(plies);
    play_match(game, &mut [&mut a, &mut b], rules)
        .expect("two bots")
        .last
}

#[test]
fn paperio_cells_match_the_board() {
    for (seed, plies) in [(1, 0), (2, 150), (3, 600), (4, 4000)] {
        let pos = paperio_game(Config::default(), seed, plies);
        let svg = pos.to_svg(&SvgOptions::default()).unwrap();
        check_xml(&svg);
        let (w, h) = (pos.width() as i32, pos.height() as i32);
        for side in Side::ALL {
            let p = side.index();
            let territory = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| pos.territory(x, y) == Some(side))
                .count();
            let trail = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| pos.trail(x, y) == Some(side))
                .count();
            assert_eq!(
                count_class(&svg, "rect", &format!("p{p}")),
                territory + trail
            );
            assert_eq!(
                svg.matches(&format!("class=\"territory p{p}\"")).count(),
                territory
            );
            assert_eq!(svg.matches(&format!("class=\"trail p{p}\"")).count(), trail);
            assert_eq!(territory as u32, pos.territory_counts()[p]);
            let (x, y) = pos.head(side);
            assert_eq!(
                count_class(&svg, "circle", &format!("p{p}")),
                usize::from(pos.contains(x, y))
            );
        }
    }
}

#[test]
fn paperio_heads_off_the_board_are_not_drawn() {
    // Run straight until something ends the game; a wall ending leaves a head off the board.
    let mut found = false;
    for seed in 0..20 {
        let mut game = Paperio::random(Config::default(), &mut Rng::seed_from(seed)).unwrap();
        while game.end().is_none() {
            game.play(Turn::Straight).unwrap();
        }
        let svg = game.to_svg(&SvgOptions::default()).unwrap();
        check_xml(&svg);
        let on_board = Side::ALL
            .into_iter()
            .filter(|&p| {
                let (x, y) = game.head(p);
                game.contains(x, y)
            })
            .count();
        found |= on_board < 2;
        assert_eq!(count_class(&svg, "circle", "head"), on_board);
    }
    assert!(found, "no wall ending among the seeds");
}

#[test]
fn paperio_options_limits_and_escaping() {
    let pos = paperio_game(Config::default(), 9, 200);
    let opts = SvgOptions::default()
        .with_cell_px(3)
        .with_margin_px(0)
        .with_grid(true)
        .with_palette(vec![Rgb::hex(0x0000ff), Rgb::hex(0x222222)]);
    let svg = pos.to_svg(&opts).unwrap();
    let root = check_xml(&svg);
    assert_eq!(root["width"], "306");
    assert_eq!(root["height"], "303");
    assert_eq!(count_class(&svg, "path", "grid"), 1);
    // The second player's territory is its colour mixed 60 % with white.
    let territory = Rgb::hex(0x222222).mix(Rgb::WHITE, 0.6);
    assert_eq!(
        svg.matches(&format!("fill=\"{territory}\"")).count() as u32,
        pos.territory_counts()[1]
    );
    let svg = pos.to_svg(&opts.with_title("a<b & c>d")).unwrap();
    check_xml(&svg);
    assert!(svg.contains(">a&lt;b &amp; c&gt;d</text>"));
    // The largest board costs its owned cells only; the cell limit is a typed error.
    let big = Config::default().with_size(4096, 4096).with_max_turn(10);
    let pos = Paperio::random(big, &mut Rng::seed_from(1)).unwrap();
    let svg = pos.to_svg(&SvgOptions::default()).unwrap();
    assert!(svg.len() < 10_000);
    assert_eq!(
        pos.to_svg(&SvgOptions::default().with_max_cells(17)),
        Err(SvgError::TooManyCells { cells: 18, max: 17 })
    );
}
