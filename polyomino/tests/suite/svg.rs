//! The SVG renderer: well-formed output, one rectangle per cell, escaping, options, extremes.

use family_support::svg_check::{check_xml, count_class};
use polyomino::svg::{Rgb, SvgOptions, ToSvg};
use polyomino::{Cell, Polyomino, SvgError, enumerate};

#[test]
fn hexominoes_are_well_formed_with_one_rect_per_cell() {
    let shapes: Vec<Polyomino> = enumerate::free(6).unwrap().collect();
    let svg = shapes
        .to_svg(&SvgOptions::default().with_labels(true))
        .unwrap();
    let root = check_xml(&svg);
    let cells: usize = shapes.iter().map(|s| s.size()).sum();
    assert_eq!(count_class(&svg, "rect", "cell"), cells);
    assert_eq!(cells, 210);
    // Labels 0..35.
    assert!(svg.contains(">34</text>") && !svg.contains(">35</text>"));
    // Six columns of 6-cell panels at 20 px with 20 px gaps and 10 px margins.
    assert_eq!(root["width"], (2 * 10 + 6 * 120 + 5 * 20).to_string());
}

#[test]
fn checker_rejects_bad_documents() {
    for bad in [
        "<svg width=\"1\" height=\"1\" viewBox=\"0 0 1 1\"><g></svg>",
        "<svg width=\"1\" height=\"1\" viewBox=\"0 0 1 1\">a & b</svg>",
        "<svg width=\"1\" height=\"1\">x</svg>",
        "<svg width=\"1\" height=\"1\" viewBox=\"0 0 1 1\"/><svg width=\"1\" height=\"1\" viewBox=\"0 0 1 1\"/>",
        "<svg width=\"1\" height=\"1\" viewBox=\"0 0 1 1\" class=\"<\"/>",
    ] {
        assert!(
            std::panic::catch_unwind(|| check_xml(bad)).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn titles_are_escaped() {
    let p = Polyomino::parse("#").unwrap();
    let title = "<script>alert('x') & \"y\"</script>\u{7}";
    let svg = [p]
        .to_svg(&SvgOptions::default().with_title(title))
        .unwrap();
    check_xml(&svg);
    assert!(!svg.contains("<script"));
    assert!(svg.contains(
        "<title>&lt;script&gt;alert(&apos;x&apos;) &amp; &quot;y&quot;&lt;/script&gt;</title>"
    ));
}

#[test]
fn options_are_honoured() {
    let shapes = [
        Polyomino::parse("##\n#.").unwrap(),
        Polyomino::parse("####").unwrap(),
        Polyomino::parse("#").unwrap(),
    ];
    let opts = SvgOptions::default()
        .with_cell_px(7)
        .with_margin_px(3)
        .with_gap_px(5)
        .with_columns(1)
        .with_grid(false)
        .with_background(Rgb::hex(0x123456))
        .with_palette(vec![Rgb::hex(0xabcdef)]);
    let svg = shapes.to_svg(&opts).unwrap();
    let root = check_xml(&svg);
    // One column: width = 2·3 + 4·7, height = 2·3 + 3 panels of 2 rows + 2 gaps.
    assert_eq!(root["width"], "34");
    assert_eq!(root["height"], (6 + 3 * 14 + 2 * 5).to_string());
    assert!(svg.contains("fill=\"#123456\""));
    assert_eq!(svg.matches("fill=\"#abcdef\"").count(), 8);
    assert_eq!(count_class(&svg, "path", "grid"), 0);
    assert_eq!(count_class(&svg, "path", "outline"), 3);
    assert!(!svg.contains("<text"));
    // With grid lines: one grid path per shape with an inner edge (the monomino has none).
    let svg = shapes.to_svg(&opts.clone().with_grid(true)).unwrap();
    assert_eq!(count_class(&svg, "path", "grid"), 2);
    // Clamped sizes.
    let svg = shapes[2..]
        .to_svg(&SvgOptions::default().with_cell_px(0).with_margin_px(0))
        .unwrap();
    assert_eq!(check_xml(&svg)["width"], "1");
}

#[test]
fn extremes_neither_panic_nor_blow_up() {
    // Empty set.
    let svg = <[Polyomino]>::to_svg(&[], &SvgOptions::default()).unwrap();
    check_xml(&svg);
    // A 10^9-wide and 2·10^9-high shape with three cells.
    let sparse = polyomino::CellSet::from_cells([
        Cell::new(0, 0),
        Cell::new(0, 1_000_000_000),
        Cell::new(2_000_000_000, 5),
    ])
    .unwrap();
    let svg = [sparse.clone(), sparse]
        .to_svg(&SvgOptions::default().with_cell_px(1000))
        .unwrap();
    let root = check_xml(&svg);
    assert!(svg.len() < 5000, "{} bytes", svg.len());
    assert_eq!(count_class(&svg, "rect", "cell"), 6);
    assert!(!root["width"].contains('e'), "{}", root["width"]);
    // Too many cells is a typed error, not a huge string.
    let line = Polyomino::from_cells((0..1000).map(|c| Cell::new(0, c))).unwrap();
    let many = vec![line; 300];
    assert_eq!(
        many.to_svg(&SvgOptions::default()),
        Err(SvgError::TooManyCells {
            cells: 300_000,
            max: 250_000
        })
    );
    assert!(
        many.to_svg(&SvgOptions::default().with_max_cells(300_000))
            .is_ok()
    );
    assert_eq!(
        many[..1].to_svg(&SvgOptions::default().with_palette(vec![])),
        Err(SvgError::EmptyPalette)
    );
}
