//! The SVG renderer of plans: well-formed output, one rectangle per blocked and footprint cell,
//! escaping, options, extremes.

use family_support::svg_check::{check_xml, count_class};
use level_planner::svg::{SvgOptions, ToSvg};
use level_planner::{Instance, Params, Plan, PlanOptions, Site, VirtualLevel, plan};
use polyomino::SvgError;
use polyomino::svg::Rgb;

fn sample() -> Plan {
    let site = Site::from_rows(&[
        "..........",
        "..##......",
        "..##....#.",
        "........#.",
        "..........",
        "......#...",
        "..........",
    ])
    .unwrap();
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["##", "##"]).unwrap(),
        VirtualLevel::from_rows(2.0, 0.0, &["###"]).unwrap(),
        VirtualLevel::from_rows(1.5, 90.0, &["#.", "##"]).unwrap(),
        VirtualLevel::from_rows(2.0, 180.0, &["#"]).unwrap(),
    ];
    plan(
        &Instance::new(site, levels, Params::default()).unwrap(),
        &PlanOptions::default(),
    )
    .unwrap()
}

#[test]
fn cells_match_the_plan() {
    let p = sample();
    let svg = p.to_svg(&SvgOptions::default()).unwrap();
    check_xml(&svg);
    // Blocked cells, counted in the site's text (7) and in the plan's ASCII rendering.
    assert_eq!(p.render().matches('#').count(), 7);
    assert_eq!(count_class(&svg, "rect", "blocked"), 7);
    for (k, level) in p.levels().iter().enumerate() {
        assert_eq!(
            count_class(&svg, "rect", &format!("level{k}")),
            level.cells.len()
        );
        assert!(svg.contains(&format!(">{k}</text>")));
    }
    let cells: usize = p.levels().iter().map(|l| l.cells.len()).sum();
    assert_eq!(count_class(&svg, "rect", "cell"), cells);
    // One path, an arrow per leg (legs here are longer than the label circles), a label each.
    assert_eq!(count_class(&svg, "polyline", "path"), 1);
    assert_eq!(count_class(&svg, "polygon", "arrow"), p.levels().len() - 1);
    assert_eq!(count_class(&svg, "circle", "pivot"), p.levels().len());
}

#[test]
fn options_are_honoured() {
    let p = sample();
    let opts = SvgOptions::default()
        .with_cell_px(10)
        .with_margin_px(5)
        .with_grid(false)
        .with_marks(false)
        .with_labels(false)
        .with_blocked(Rgb::hex(0x010101))
        .with_palette(vec![Rgb::hex(0x020202)]);
    let svg = p.to_svg(&opts).unwrap();
    let root = check_xml(&svg);
    assert_eq!(
        (root["width"].as_str(), root["height"].as_str()),
        ("110", "80")
    );
    assert_eq!(svg.matches("fill=\"#010101\"").count(), 7);
    let cells: usize = p.levels().iter().map(|l| l.cells.len()).sum();
    assert_eq!(svg.matches("fill=\"#020202\"").count(), cells);
    assert_eq!(count_class(&svg, "path", "grid"), 0);
    assert_eq!(count_class(&svg, "polyline", "path"), 0);
    assert_eq!(count_class(&svg, "circle", "pivot"), 0);
    assert!(!svg.contains("<text"));
    assert_eq!(
        p.to_svg(&opts.clone().with_palette(Vec::new())),
        Err(SvgError::EmptyPalette)
    );
    let svg = p.to_svg(&opts.with_grid(true)).unwrap();
    assert_eq!(count_class(&svg, "path", "grid"), 1);
}

#[test]
fn titles_are_escaped() {
    let svg = sample()
        .to_svg(&SvgOptions::default().with_title("R&D <plan> \"v2\""))
        .unwrap();
    check_xml(&svg);
    assert!(svg.contains("<title>R&amp;D &lt;plan&gt; &quot;v2&quot;</title>"));
}

#[test]
fn extremes_neither_panic_nor_blow_up() {
    // The largest site, almost all blocked: refused by the cell limit, drawn when allowed.
    let rows: Vec<String> = (0..Site::MAX_ROWS)
        .map(|r| {
            if r == 0 {
                "..".to_string() + &"#".repeat(62)
            } else {
                "#".repeat(64)
            }
        })
        .collect();
    let site = Site::from_rows(&rows).unwrap();
    let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["#"]).unwrap()];
    let p = plan(
        &Instance::new(site, levels, Params::default()).unwrap(),
        &PlanOptions::default(),
    )
    .unwrap();
    let blocked = Site::MAX_ROWS * 64 - 2;
    assert_eq!(
        p.to_svg(&SvgOptions::default()),
        Err(SvgError::TooManyCells {
            cells: blocked + 1,
            max: 250_000
        })
    );
    let svg = p
        .to_svg(
            &SvgOptions::default()
                .with_max_cells(300_000)
                .with_cell_px(1),
        )
        .unwrap();
    check_xml(&svg);
    assert_eq!(count_class(&svg, "rect", "blocked"), blocked);
    // Absurd sizes are clamped.
    let svg = sample()
        .to_svg(
            &SvgOptions::default()
                .with_cell_px(u32::MAX)
                .with_margin_px(u32::MAX),
        )
        .unwrap();
    assert_eq!(check_xml(&svg)["width"], (10 * 1000 + 2 * 1000).to_string());
}
