//! The SVG renderer: well-formed output, one rectangle per cell, escaping, options, extremes.

use polyomino::svg::{Rgb, SvgOptions, render_set};
use polyomino::{Cell, Polyomino, SvgError, enumerate};

/// A tiny well-formedness checker for the renderers' output: balanced tags, quoted attributes
/// without raw `<` or `&`, text without raw `<`, `>` or bare `&`, and a single `<svg>` root with
/// `width`, `height` and `viewBox`. Returns the root's attributes.
fn check_xml(doc: &str) -> std::collections::HashMap<String, String> {
    let entity_ok = |s: &str| {
        let mut rest = s;
        while let Some(i) = rest.find('&') {
            let tail = &rest[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| tail.starts_with(e)),
                "bare & in {s:?}"
            );
            rest = &rest[i + 1..];
        }
    };
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut root_attrs = std::collections::HashMap::new();
    let mut rest = doc;
    while !rest.is_empty() {
        let lt = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..lt];
        assert!(!text.contains('>'), "raw > in text {text:?}");
        entity_ok(text);
        if stack.is_empty() {
            assert!(text.trim().is_empty(), "text outside the root: {text:?}");
        }
        if lt == rest.len() {
            break;
        }
        rest = &rest[lt + 1..];
        // Scan the tag, honouring quotes.
        let mut end = None;
        let mut quote = None;
        for (i, ch) in rest.char_indices() {
            match (quote, ch) {
                (None, '"' | '\'') => quote = Some(ch),
                (Some(q), c) if c == q => quote = None,
                (Some(_), '<') => panic!("raw < in an attribute"),
                (None, '<') => panic!("< inside a tag"),
                (None, '>') => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let end = end.expect("unterminated tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().expect("closing tag without an open one");
            assert_eq!(open, name.trim(), "mismatched tags");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name: String = body
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':')
            .collect();
        assert!(!name.is_empty(), "tag without a name: {tag:?}");
        // Attributes: name="value" pairs.
        let mut attrs = std::collections::HashMap::new();
        let mut a = body[name.len()..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .unwrap_or_else(|| panic!("attribute without = in {tag:?}"));
            let key = a[..eq].trim().to_string();
            assert!(
                !key.is_empty()
                    && key
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-:_".contains(c)),
                "bad attribute name {key:?}"
            );
            let after = &a[eq + 1..];
            assert!(after.starts_with('"'), "unquoted attribute in {tag:?}");
            let close = after[1..].find('"').expect("unterminated attribute") + 1;
            let value = &after[1..close];
            entity_ok(value);
            assert!(
                attrs.insert(key, value.to_string()).is_none(),
                "duplicate attribute"
            );
            a = after[close + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
            assert_eq!(name, "svg", "the root must be <svg>");
            root_attrs = attrs;
        }
        if !self_closing {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed tags {stack:?}");
    assert_eq!(roots, 1, "exactly one root");
    for key in ["width", "height", "viewBox"] {
        assert!(root_attrs.contains_key(key), "root lacks {key}");
    }
    root_attrs
}

/// Elements `<name …>` whose class list contains `class`.
fn count_class(doc: &str, name: &str, class: &str) -> usize {
    doc.split('<')
        .filter(|t| t.starts_with(&format!("{name} ")))
        .filter(|t| {
            t.split("class=\"")
                .nth(1)
                .and_then(|v| v.split('"').next())
                .is_some_and(|v| v.split(' ').any(|c| c == class))
        })
        .count()
}

#[test]
fn hexominoes_are_well_formed_with_one_rect_per_cell() {
    let shapes: Vec<Polyomino> = enumerate::free(6).unwrap().collect();
    let svg = render_set(&shapes, &SvgOptions::default().with_labels(true)).unwrap();
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
    let svg = render_set(&[p], &SvgOptions::default().with_title(title)).unwrap();
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
    let svg = render_set(&shapes, &opts).unwrap();
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
    let svg = render_set(&shapes, &opts.clone().with_grid(true)).unwrap();
    assert_eq!(count_class(&svg, "path", "grid"), 2);
    // Clamped sizes.
    let svg = render_set(
        &shapes[2..],
        &SvgOptions::default().with_cell_px(0).with_margin_px(0),
    )
    .unwrap();
    assert_eq!(check_xml(&svg)["width"], "1");
}

#[test]
fn extremes_neither_panic_nor_blow_up() {
    // Empty set.
    let svg = render_set::<Polyomino>(&[], &SvgOptions::default()).unwrap();
    check_xml(&svg);
    // A 10^9-wide and 2·10^9-high shape with three cells.
    let sparse = polyomino::CellSet::from_cells([
        Cell::new(0, 0),
        Cell::new(0, 1_000_000_000),
        Cell::new(2_000_000_000, 5),
    ])
    .unwrap();
    let svg = render_set(
        &[sparse.clone(), sparse],
        &SvgOptions::default().with_cell_px(1000),
    )
    .unwrap();
    let root = check_xml(&svg);
    assert!(svg.len() < 5000, "{} bytes", svg.len());
    assert_eq!(count_class(&svg, "rect", "cell"), 6);
    assert!(!root["width"].contains('e'), "{}", root["width"]);
    // Too many cells is a typed error, not a huge string.
    let line = Polyomino::from_cells((0..1000).map(|c| Cell::new(0, c))).unwrap();
    let many = vec![line; 300];
    assert_eq!(
        render_set(&many, &SvgOptions::default()),
        Err(SvgError::TooManyCells {
            cells: 300_000,
            max: 250_000
        })
    );
    assert!(render_set(&many, &SvgOptions::default().with_max_cells(300_000)).is_ok());
    assert_eq!(
        render_set(&many[..1], &SvgOptions::default().with_palette(vec![])),
        Err(SvgError::EmptyPalette)
    );
}
