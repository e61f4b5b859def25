//! The principles against the rules: classic pictures, and random ones against brute force.

use proptest::prelude::*;

use super::*;

fn parse(text: &str) -> Picture {
    Picture::parse(text).unwrap().picture
}

fn fast(text: &str) -> u64 {
    value(&parse(text)).value
}

#[test]
fn a_snake_of_length_n_is_star_n() {
    for n in 0..10 {
        let stalk = Picture::stalk(n);
        assert_eq!(value(&stalk).value, n);
        assert_eq!(brute_force_value(&stalk), Some(n));
        assert_eq!(stalk.as_stalk(), Some(n));
    }
    assert_eq!(fast("g-1 1-2 2-3"), 3);
    assert_eq!(
        parse("g-1-2-3"),
        Picture::stalk(3),
        "a path is shorthand for its edges"
    );
}

#[test]
fn classic_pictures() {
    let cases: &[(&str, u64)] = &[
        // A loop on the ground is a stalk of length 1.
        ("g-g", 1),
        // A triangle standing on the ground at one corner: fused, three loops, 1 ⊕ 1 ⊕ 1.
        ("g-a g-b a-b", 1),
        // A triangle on a stalk.
        ("g-a a-b a-c b-c", 2),
        // A stalk of 1 carrying branches of 1 and 2: 1 + (1 ⊕ 2) = 4.
        ("g-a a-b a-c c-d", 4),
        // Two stalks side by side on the ground: 2 ⊕ 3.
        ("g-a a-b g-c c-d d-e", 1),
        // A square on the ground: four loops fused into the ground.
        ("g-a a-b b-c c-g", 0),
        // A double edge: two loops once fused.
        ("g-a g-a", 0),
        ("g-a a-b a-b", 1),
        // A loop on top of a stalk of 1.
        ("g-a a-a", 2),
    ];
    for &(text, expected) in cases {
        let picture = parse(text);
        assert_eq!(value(&picture).value, expected, "{text}");
        assert_eq!(
            brute_force_value(&picture),
            Some(expected),
            "{text} by brute force"
        );
    }
}

#[test]
fn cutting_an_edge_drops_what_it_held() {
    let picture = parse("g-a a-b b-c a-d");
    let cut = picture.cut(0);
    assert!(
        cut.edges().is_empty(),
        "cutting g-a drops everything: {cut}"
    );
    assert_eq!(picture.cut(1).to_string(), "g-a a-d");
    assert_eq!(
        parse("b-c a-b g-a"),
        parse("g-a a-b b-c"),
        "one picture, one form"
    );
}

#[test]
fn the_reduction_tells_its_stages_in_order() {
    let reduction = value(&parse("g-a a-b a-c b-c"));
    assert_eq!(reduction.value, 2);
    assert_eq!(
        reduction.stages[0],
        Stage::Fuse {
            vertices: vec!["a".into(), "b".into(), "c".into()],
            edges: 3,
            ground: false,
        }
    );
    let Stage::Colon { at, length, .. } = &reduction.stages[1] else {
        panic!("{:?}", reduction.stages);
    };
    assert_eq!((at.as_str(), *length), ("{a, b, c}", 1));
    let Stage::Colon { at, length, .. } = reduction.stages.last().unwrap() else {
        panic!("{:?}", reduction.stages);
    };
    assert_eq!((at.as_str(), *length), ("g", 2));
}

#[test]
fn big_pictures_reduce_without_recursion() {
    // A stalk of a million edges, and a ladder of 2000 squares.
    assert_eq!(value(&Picture::stalk(1_000_000)).value, 1_000_000);
    let mut edges: Vec<(String, String)> =
        vec![("g".into(), "l0".into()), ("g".into(), "r0".into())];
    for i in 0..2000 {
        edges.push((format!("l{i}"), format!("r{i}")));
        edges.push((format!("l{i}"), format!("l{}", i + 1)));
        edges.push((format!("r{i}"), format!("r{}", i + 1)));
    }
    let borrowed: Vec<(&str, &str)> = edges.iter().map(|(a, b)| (&**a, &**b)).collect();
    // All but the two top rails lie on circuits through the ground: 6000 loops there, and two
    // stalks of 1 on top, so 0 ⊕ 1 ⊕ 1.
    let ladder = Picture::new(&borrowed);
    assert_eq!(value(&ladder).value, 0);
}

#[test]
fn bad_pictures_say_where() {
    let cases: &[(&str, usize, &str)] = &[
        ("g-a a", 4, "`a` is a vertex, not an edge"),
        ("g-a a-", 5, "an edge needs a vertex on each side"),
        ("g-a -b", 4, "an edge needs a vertex on each side"),
        ("g-a a--b", 6, "an edge needs a vertex on each side"),
        ("g-a a+b", 5, "`+` can't be part of a vertex name"),
        ("", 0, "this picture has no edges"),
        (" , ", 0, "this picture has no edges"),
        ("a-b b-c", 0, "no edge touches the ground"),
    ];
    for &(text, offset, start) in cases {
        let error = Picture::parse(text).unwrap_err();
        assert_eq!(error.offset, offset, "{text:?}: {error:?}");
        assert!(error.message.starts_with(start), "{text:?}: {error:?}");
    }
    assert!(
        Picture::parse("0-1 1-2")
            .unwrap_err()
            .help
            .contains("not `0`")
    );
}

#[test]
fn floating_edges_are_reported() {
    let parsed = Picture::parse("g-a x-y y-z").unwrap();
    assert_eq!(parsed.floating, ["x-y", "y-z"]);
    assert_eq!(parsed.picture.to_string(), "g-a");
}

/// Pictures on the ground and up to six other vertices, with up to 12 edges: loops, multi-edges
/// and edges on the ground included.
fn picture() -> impl Strategy<Value = Picture> {
    (1usize..=6).prop_flat_map(|others| {
        prop::collection::vec((0..=others, 0..=others), 1..=12).prop_map(|pairs| {
            let names: Vec<String> = (0..=6)
                .map(|v| if v == 0 { "g".into() } else { format!("v{v}") })
                .collect();
            let edges: Vec<(&str, &str)> = pairs
                .iter()
                .map(|&(a, b)| (names[a].as_str(), names[b].as_str()))
                .collect();
            Picture::new(&edges)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Fusion and colon agree with the definition on every picture tried.
    #[test]
    fn principles_agree_with_brute_force(picture in picture()) {
        prop_assert_eq!(Some(value(&picture).value), brute_force_value(&picture), "{}", picture);
    }

    /// Each option's fast value, and the mex of them, agree with the picture's own value.
    #[test]
    fn the_mex_of_the_options_is_the_value(picture in picture()) {
        let options: Vec<u64> = (0..picture.edges().len())
            .map(|i| value(&picture.cut(i)).value)
            .collect();
        prop_assert_eq!(crate::game::reduce::mex(options), value(&picture).value);
    }
}
