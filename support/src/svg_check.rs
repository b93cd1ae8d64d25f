//! Checks of SVG documents for the family's picture tests: [`check_xml`] (well-formedness)
//! and [`count_class`] (elements by class). Test code: failures panic with the reason.

/// A tiny well-formedness checker for the renderers' output: balanced tags, quoted attributes
/// without raw `<` or `&`, text without raw `<`, `>` or bare `&`, and a single `<svg>` root with
/// `width`, `height` and `viewBox`. Returns the root's attributes.
pub fn check_xml(doc: &str) -> std::collections::HashMap<String, String> {
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
pub fn count_class(doc: &str, name: &str, class: &str) -> usize {
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
