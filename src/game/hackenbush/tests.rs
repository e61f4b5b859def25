//! The principles against the rules: classic pictures, and random ones against brute force.

use proptest::prelude::*;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::*;
use crate::game::{GameError, Progress, Watch};

/// The reduction, with nobody interrupting it.
fn value(picture: &Picture) -> Reduction {
    super::value(picture, &mut Watch::default()).unwrap()
}

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

    /// The cuts found for each value are exactly the first copies of the edges whose cut
    /// leaves that value by brute force.
    #[test]
    fn cuts_to_a_value_agree_with_brute_force(picture in picture()) {
        let after: Vec<Option<u64>> = (0..picture.edges().len())
            .map(|i| brute_force_value(&picture.cut(i)))
            .collect();
        for target in 0..=8 {
            let expected: Vec<usize> = (0..after.len())
                .filter(|&i| picture.first_copy(i) && after[i] == Some(target))
                .collect();
            let found = cuts_to(&picture, target, &mut Watch::default()).unwrap();
            prop_assert_eq!(found, expected, "{} to {}", picture, target);
        }
        let lean = nimber(&picture, &mut Watch::default()).unwrap();
        prop_assert_eq!(lean, value(&picture).value);
    }

    /// A cut keeps the canonical form: it is the picture of the edges left, drawn anew.
    #[test]
    fn a_cut_is_the_picture_of_the_edges_left(picture in picture(), at in 0usize..12) {
        prop_assume!(!picture.edges().is_empty());
        let index = at % picture.edges().len();
        let left: Vec<(&str, &str)> = (0..picture.edges().len())
            .filter(|&i| i != index)
            .map(|i| (picture.name(picture.edges()[i].0), picture.name(picture.edges()[i].1)))
            .collect();
        prop_assert_eq!(picture.cut(index), Picture::new(&left));
    }
}

#[test]
fn stalks_are_recognised_by_their_names_and_edges() {
    assert_eq!(Picture::stalk(12).as_stalk(), Some(12));
    assert_eq!(parse("g-1 1-2 2-3").as_stalk(), Some(3));
    assert_eq!(parse("g-1 1-2 1-3").as_stalk(), None);
    assert_eq!(parse("g-1 1-02").as_stalk(), None);
    assert_eq!(parse("g-a a-b").as_stalk(), None);
}

/// Work that grows with the picture checks in with the watch, so Ctrl-C stops it.
#[test]
fn an_interrupted_reduction_is_cancelled() {
    let stop = Arc::new(AtomicBool::new(true));
    let star = Picture::new(&[("g", "a")]);
    let mut watch = Watch::new(stop.clone());
    // Too small to reach a check-in: it finishes.
    assert_eq!(nimber(&star, &mut watch).unwrap(), 1);
    let big = Picture::stalk(200_000);
    for result in [
        nimber(&big, &mut watch).map(|_| ()),
        super::value(&big, &mut watch).map(|_| ()),
        cuts_to(&big, 0, &mut watch).map(|_| ()),
    ] {
        assert!(matches!(result, Err(GameError::Cancelled)), "{result:?}");
    }
    // A cycle's cuts each reduce the cycle again: the check-ins come from inside those too.
    let names: Vec<String> = (0..2000).map(|i| format!("c{i}")).collect();
    let mut edges = vec![("g", "c0"), ("g", "c1999")];
    edges.extend((1..2000).map(|i| (names[i - 1].as_str(), names[i].as_str())));
    let cycle = Picture::new(&edges);
    // Cut anywhere, a cycle of 2001 edges leaves stalks of a and 2000 - a on the ground:
    // only a = 1000 wins.
    let mut counting = Watch::default();
    assert_eq!(cuts_to(&cycle, 0, &mut counting).unwrap().len(), 1);
    let result = cuts_to(&cycle, 0, &mut watch);
    assert!(matches!(result, Err(GameError::Cancelled)), "{result:?}");
}

/// Reports the most work a computation said it had done.
struct Counted(Arc<AtomicU64>);

impl Progress for Counted {
    fn report(&mut self, _: &str, done: u64, _: u64) {
        self.0.fetch_max(done, Ordering::Relaxed);
    }
    fn finish(&mut self) {}
}

/// The work counted on stalks, stars and random trees is a few steps an edge: a cost that
/// grew with the square of the picture would show here, long before a timing would.
#[test]
fn work_grows_with_the_picture() {
    let names: Vec<String> = (0..=100_000).map(|i| format!("v{i}")).collect();
    let star: Vec<(&str, &str)> = names[1..].iter().map(|v| ("g", v.as_str())).collect();
    // Vertex i stands on one before it, drawn by a linear congruential generator.
    let mut seed = 7u64;
    let tree: Vec<(&str, &str)> = (1..names.len())
        .map(|i| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let below = (seed >> 33) as usize % i;
            (
                if below == 0 { "g" } else { &names[below] },
                names[i].as_str(),
            )
        })
        .collect();
    for picture in [
        Picture::stalk(100_000),
        Picture::new(&star),
        Picture::new(&tree),
    ] {
        let edges = picture.edges().len() as u64;
        let done = Arc::new(AtomicU64::new(0));
        let mut watch = Watch::default();
        watch.set_progress(Some(Box::new(Counted(done.clone()))));
        nimber(&picture, &mut watch).unwrap();
        super::value(&picture, &mut watch).unwrap();
        cuts_to(&picture, 0, &mut watch).unwrap();
        let done = done.load(Ordering::Relaxed);
        assert!(
            done > edges && done <= 10 * edges,
            "{done} steps for {edges} edges"
        );
    }
}

#[test]
fn vertices_are_numbered_in_natural_order() {
    let picture = parse(
        "g-s10 g-s9 g-b g-07 g-7 g-a2b g-a10 g-s g-123456789012345678901234567890123456789012",
    );
    let names: Vec<&str> = (1..picture.vertex_count() as u32)
        .map(|v| picture.name(v))
        .collect();
    // Numbers first (7 before 07), a number too long to read compares as text.
    assert_eq!(
        names,
        [
            "7",
            "07",
            "123456789012345678901234567890123456789012",
            "a2b",
            "a10",
            "b",
            "s",
            "s9",
            "s10"
        ]
    );
}
