//! The SVG renderer of plans: well-formed output, one rectangle per blocked and footprint cell,
//! escaping, options, extremes.

use level_planner::svg::{SvgOptions, render};
use level_planner::{Instance, Params, Plan, PlanOptions, Site, VirtualLevel, plan};
use polyomino::SvgError;
use polyomino::svg::Rgb;

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
    let svg = render(&p, &SvgOptions::default()).unwrap();
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
        .with_path(false)
        .with_labels(false)
        .with_blocked(Rgb::hex(0x010101))
        .with_palette(vec![Rgb::hex(0x020202)]);
    let svg = render(&p, &opts).unwrap();
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
        render(&p, &opts.clone().with_palette(Vec::new())),
        Err(SvgError::EmptyPalette)
    );
    let svg = render(&p, &opts.with_grid(true)).unwrap();
    assert_eq!(count_class(&svg, "path", "grid"), 1);
}

#[test]
fn titles_are_escaped() {
    let svg = render(
        &sample(),
        &SvgOptions::default().with_title("R&D <plan> \"v2\""),
    )
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
        render(&p, &SvgOptions::default()),
        Err(SvgError::TooManyCells {
            cells: blocked + 1,
            max: 250_000
        })
    );
    let svg = render(
        &p,
        &SvgOptions::default()
            .with_max_cells(300_000)
            .with_cell_px(1),
    )
    .unwrap();
    check_xml(&svg);
    assert_eq!(count_class(&svg, "rect", "blocked"), blocked);
    // Absurd sizes are clamped.
    let svg = render(
        &sample(),
        &SvgOptions::default()
            .with_cell_px(u32::MAX)
            .with_margin_px(u32::MAX),
    )
    .unwrap();
    assert_eq!(check_xml(&svg)["width"], (10 * 1000 + 2 * 1000).to_string());
}
