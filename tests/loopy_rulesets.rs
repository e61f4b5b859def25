//! The library's loopy games against a reference written here, not by the engine: every
//! position of the game built as a plain graph, who wins it found by retrograde analysis, and
//! its generalized Sprague–Grundy value pinned by heaps (G is worth m exactly when G + *m is
//! lost by the player to move; G is ∞K when no such m exists, K being the nimbers among its
//! options). Checked: Northcott's game (std/northcott.game), whose every value is the nim-sum
//! of the gaps; the loopy subtraction game (std/loopy_sub.game); and every graph the worksheet
//! std/examples/graphs_with_cycles.game draws, Ferguson's Figure 3.4 among them.

mod common;

use std::collections::HashMap;

use grundy::game::loopy::{LoopyValue, Outcome};
use proptest::prelude::*;

/// Retrograde analysis of a graph whose vertex v moves to each of `moves[v]`: a vertex with
/// no move is lost; one with a move to a lost vertex is won; one whose every move goes to a
/// won vertex is lost; what is left is a draw.
fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let mut movers_to: Vec<Vec<usize>> = vec![Vec::new(); moves.len()];
    for (v, targets) in moves.iter().enumerate() {
        for &w in targets {
            movers_to[w].push(v);
        }
    }
    let mut outcome: Vec<Option<Outcome>> = vec![None; moves.len()];
    let mut moves_not_won: Vec<usize> = moves.iter().map(Vec::len).collect();
    let mut decided: Vec<usize> = Vec::new();
    for v in 0..moves.len() {
        if moves[v].is_empty() {
            outcome[v] = Some(Outcome::Losing);
            decided.push(v);
        }
    }
    while let Some(w) = decided.pop() {
        for &v in &movers_to[w] {
            if outcome[v].is_some() {
                continue;
            }
            if outcome[w] == Some(Outcome::Losing) {
                outcome[v] = Some(Outcome::Winning);
                decided.push(v);
            } else {
                moves_not_won[v] -= 1;
                if moves_not_won[v] == 0 {
                    outcome[v] = Some(Outcome::Losing);
                    decided.push(v);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::Draw))
        .collect()
}

/// The graph of the sum of two graphs: vertex (a, b) is a * |h| + b, and moves in either.
fn sum(g: &[Vec<usize>], h: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let width = h.len();
    let mut moves = vec![Vec::new(); g.len() * width];
    for a in 0..g.len() {
        for b in 0..width {
            let at = &mut moves[a * width + b];
            at.extend(g[a].iter().map(|&x| x * width + b));
            at.extend(h[b].iter().map(|&y| a * width + y));
        }
    }
    moves
}

/// A nim heap of m as a graph: vertex i moves to every j < i.
fn heap(m: usize) -> Vec<Vec<usize>> {
    (0..=m).map(|i| (0..i).collect()).collect()
}

/// Each vertex's generalized value, from the outcomes of the graph beside heaps: v is worth
/// m when v + *m is lost. A nimber is at most the number of moves (every smaller one is an
/// option's), so heaps up to one past the most moves settle every vertex.
fn reference_values(moves: &[Vec<usize>]) -> Vec<LoopyValue> {
    let top = moves.iter().map(Vec::len).max().unwrap_or(0) + 1;
    let mut lost_beside: Vec<Vec<usize>> = vec![Vec::new(); moves.len()];
    for m in 0..=top {
        let outcomes = retrograde(&sum(moves, &heap(m)));
        for (v, lost) in lost_beside.iter_mut().enumerate() {
            // v + *m is vertex v * (m + 1) + m of the sum.
            if outcomes[v * (m + 1) + m] == Outcome::Losing {
                lost.push(m);
            }
        }
    }
    let nimbers: Vec<Option<u64>> = lost_beside
        .iter()
        .map(|lost| {
            assert!(lost.len() <= 1, "lost beside several heaps: {lost:?}");
            lost.first().map(|&m| m as u64)
        })
        .collect();
    (0..moves.len())
        .map(|v| match nimbers[v] {
            Some(m) => LoopyValue::Finite(m),
            None => LoopyValue::infinite(moves[v].iter().filter_map(|&w| nimbers[w])),
        })
        .collect()
}

/// The value each statement of a program prints, as written before its outcome in words:
/// `*3`, `∞{0,2}`.
fn printed_values(program: &str) -> Vec<String> {
    common::eval(program)
        .lines()
        .map(|answer| match answer.split_once(" — ") {
            Some((value, _)) => value.to_owned(),
            None => panic!("not a game's answer: {answer}"),
        })
        .collect()
}

/// Positions of a game given by a start and a rule for the moves, each numbered as first
/// reached, with the moves of each.
struct Explored<P> {
    positions: Vec<P>,
    moves: Vec<Vec<usize>>,
}

fn explore<P: Clone + Eq + std::hash::Hash>(
    starts: impl IntoIterator<Item = P>,
    moves_from: impl Fn(&P) -> Vec<P>,
) -> Explored<P> {
    let mut index: HashMap<P, usize> = HashMap::new();
    let mut positions: Vec<P> = Vec::new();
    let mut number = |p: P, positions: &mut Vec<P>| {
        *index.entry(p.clone()).or_insert_with(|| {
            positions.push(p);
            positions.len() - 1
        })
    };
    for start in starts {
        number(start, &mut positions);
    }
    let mut moves: Vec<Vec<usize>> = Vec::new();
    while moves.len() < positions.len() {
        let from = positions[moves.len()].clone();
        let targets = moves_from(&from)
            .into_iter()
            .map(|p| number(p, &mut positions))
            .collect();
        moves.push(targets);
    }
    Explored { positions, moves }
}

// Northcott's game.

/// A board of Northcott's game: each row's [white, black] columns, and whether Black moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Northcott {
    rows: Vec<[usize; 2]>,
    black_to_move: bool,
}

/// The mover's checker of a row slides to any square between the other checker and the
/// edge behind it, other than its own.
fn northcott_moves(width: usize, board: &Northcott) -> Vec<Northcott> {
    let side = usize::from(board.black_to_move);
    let mut after = Vec::new();
    for (i, row) in board.rows.iter().enumerate() {
        let (mine, other) = (row[side], row[1 - side]);
        let squares = if mine < other {
            0..other
        } else {
            other + 1..width
        };
        for to in squares.filter(|&c| c != mine) {
            let mut rows = board.rows.clone();
            rows[i][side] = to;
            after.push(Northcott {
                rows,
                black_to_move: !board.black_to_move,
            });
        }
    }
    after
}

/// Every board of `count` rows on `width` columns, either side to move.
fn northcott_boards(width: usize, count: usize) -> Vec<Northcott> {
    let pairs: Vec<[usize; 2]> = (0..width)
        .flat_map(|w| (0..width).filter(move |&b| b != w).map(move |b| [w, b]))
        .collect();
    let mut boards: Vec<Vec<[usize; 2]>> = vec![Vec::new()];
    for _ in 0..count {
        boards = boards
            .iter()
            .flat_map(|rows| {
                pairs.iter().map(move |pair| {
                    let mut rows = rows.clone();
                    rows.push(*pair);
                    rows
                })
            })
            .collect();
    }
    boards
        .into_iter()
        .flat_map(|rows| {
            [false, true].map(|black_to_move| Northcott {
                rows: rows.clone(),
                black_to_move,
            })
        })
        .collect()
}

fn northcott_call(width: usize, board: &Northcott) -> String {
    let rows: Vec<String> = board
        .rows
        .iter()
        .map(|[w, b]| format!("[{w}, {b}]"))
        .collect();
    let family = match board.black_to_move {
        false => "northcott",
        true => "northcott_black",
    };
    format!("{family}({width}, [{}])", rows.join(", "))
}

/// Every board of a size: the reference's value is the nim-sum of the gaps, and grundy's is
/// the reference's.
fn northcott_agrees(width: usize, count: usize) {
    let game = explore(northcott_boards(width, count), |board| {
        northcott_moves(width, board)
    });
    let reference = reference_values(&game.moves);
    let program: Vec<String> = game
        .positions
        .iter()
        .map(|board| northcott_call(width, board))
        .collect();
    let printed = printed_values(&program.join("\n"));
    for (v, board) in game.positions.iter().enumerate() {
        let gaps = board
            .rows
            .iter()
            .fold(0, |sum, [w, b]| sum ^ (w.abs_diff(*b) as u64 - 1));
        assert_eq!(reference[v], LoopyValue::Finite(gaps), "{board:?}");
        assert_eq!(printed[v], reference[v].to_string(), "{}", program[v]);
    }
}

#[test]
fn northcotts_game_is_nim_on_the_gaps() {
    northcott_agrees(2, 1);
    northcott_agrees(7, 1);
    northcott_agrees(5, 2);
    northcott_agrees(4, 3);
}

// The loopy subtraction game.

/// The moves of a pile of n at most `top`: take s in `take`, or add a in `add` to a pile
/// that has chips.
fn loopy_sub_moves(n: usize, take: &[usize], add: &[usize], top: usize) -> Vec<usize> {
    let taken = take.iter().filter(|&&s| s <= n).map(|&s| n - s);
    let added = add
        .iter()
        .filter(|&&a| n > 0 && n + a <= top)
        .map(|&a| n + a);
    taken.chain(added).collect()
}

fn loopy_sub_graph(take: &[usize], add: &[usize], top: usize) -> Vec<Vec<usize>> {
    (0..=top)
        .map(|n| loopy_sub_moves(n, take, add, top))
        .collect()
}

fn set(amounts: &[usize]) -> String {
    let amounts: Vec<String> = amounts.iter().map(usize::to_string).collect();
    format!("{{{}}}", amounts.join(", "))
}

fn loopy_sub_call(n: usize, take: &[usize], add: &[usize], top: usize) -> String {
    format!("loopy_sub({n}, {}, {}, {top})", set(take), set(add))
}

fn amounts() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::btree_set(1usize..7, 0..4).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Every pile's value is the reference's, and so is its outcome.
    #[test]
    fn loopy_subtraction_games_agree_with_the_reference(
        take in amounts(), add in amounts(), top in 0usize..25,
    ) {
        let graph = loopy_sub_graph(&take, &add, top);
        let reference = reference_values(&graph);
        let outcomes = retrograde(&graph);
        let program: Vec<String> =
            (0..=top).map(|n| loopy_sub_call(n, &take, &add, top)).collect();
        let printed = printed_values(&program.join("\n"));
        for n in 0..=top {
            prop_assert_eq!(reference[n].outcome(), outcomes[n]);
            prop_assert_eq!(&printed[n], &reference[n].to_string(), "{}", program[n]);
        }
    }

    /// Two piles of the game side by side: who wins is what retrograde analysis of the
    /// product finds.
    #[test]
    fn sums_of_loopy_subtraction_games_agree_with_the_reference(
        take in amounts(), add in amounts(), top in 0usize..12,
    ) {
        let graph = loopy_sub_graph(&take, &add, top);
        let outcomes = retrograde(&sum(&graph, &graph));
        let mut program = String::from("let o(x) = if x is losing then \"L\" else if x is draw then \"D\" else \"W\"\n");
        let pairs: Vec<String> = (0..=top)
            .flat_map(|a| (0..=top).map(move |b| (a, b)))
            .map(|(a, b)| format!(
                "o({} + {})",
                loopy_sub_call(a, &take, &add, top),
                loopy_sub_call(b, &take, &add, top)
            ))
            .collect();
        program.push_str(&format!("join([{}], \"\")", pairs.join(", ")));
        let letters: String = outcomes
            .iter()
            .map(|o| match o {
                Outcome::Losing => 'L',
                Outcome::Winning => 'W',
                Outcome::Draw => 'D',
            })
            .collect();
        let printed = common::eval(&program);
        prop_assert_eq!(printed.trim_matches('"'), letters);
    }
}

#[test]
fn a_pile_that_can_grow_back_is_not_its_nimber() {
    // The worksheet's and the doc's example, from the reference: take one or add one.
    for top in 2..=12 {
        let reference = reference_values(&loopy_sub_graph(&[1], &[1], top));
        let expected = match top {
            2 => LoopyValue::Finite(1),
            _ => LoopyValue::infinite([0]),
        };
        assert_eq!(reference[1], expected, "top {top}");
        let printed = printed_values(&loopy_sub_call(1, &[1], &[1], top));
        assert_eq!(printed, [expected.to_string()]);
    }
}

// The graphs of the worksheet.

/// A graph as `digraph` reads its text, for the text the worksheet writes: moves `a>b` and
/// chains `a>b>c` between spaces, vertices numbered as first written.
fn digraph(text: &str) -> (Vec<String>, Vec<Vec<usize>>) {
    let mut names: Vec<String> = Vec::new();
    let mut moves: Vec<Vec<usize>> = Vec::new();
    let mut vertex =
        |name: &str, moves: &mut Vec<Vec<usize>>| match names.iter().position(|n| n == name) {
            Some(v) => v,
            None => {
                names.push(name.to_owned());
                moves.push(Vec::new());
                names.len() - 1
            }
        };
    for chain in text.split_whitespace() {
        let chain: Vec<usize> = chain
            .split('>')
            .map(|name| vertex(name, &mut moves))
            .collect();
        for pair in chain.windows(2) {
            if !moves[pair[0]].contains(&pair[1]) {
                moves[pair[0]].push(pair[1]);
            }
        }
    }
    (names, moves)
}

/// The graphs a worksheet names: `let NAME = digraph("TEXT")`.
fn named_graphs(worksheet: &str) -> Vec<(String, String)> {
    worksheet
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("let ")?;
            let (name, call) = rest.split_once(" = digraph(\"")?;
            let text = call.strip_suffix("\")")?;
            Some((name.to_owned(), text.to_owned()))
        })
        .collect()
}

#[test]
fn every_graph_of_the_cycles_worksheet_agrees_with_the_reference() {
    let worksheet = std::fs::read_to_string("std/examples/graphs_with_cycles.game").unwrap();
    let graphs = named_graphs(&worksheet);
    assert!(graphs.len() >= 2, "{graphs:?}");
    for (name, text) in graphs {
        let (names, moves) = digraph(&text);
        let reference = reference_values(&moves);
        let mut program = format!("let {name} = digraph(\"{text}\")\n");
        for vertex in &names {
            program.push_str(&format!("{name}(\"{vertex}\")\n"));
        }
        let printed = printed_values(&program);
        for (v, vertex) in names.iter().enumerate() {
            assert_eq!(printed[v], reference[v].to_string(), "{name}(\"{vertex}\")");
        }
        // Every sum of two vertices: its outcome is the product's, beside heaps too.
        let outcomes = retrograde(&sum(&moves, &moves));
        let count = names.len();
        let mut sums = format!("let {name} = digraph(\"{text}\")\n");
        for a in &names {
            for b in &names {
                sums.push_str(&format!("{name}(\"{a}\") + {name}(\"{b}\")\n"));
            }
        }
        let printed = common::eval(&sums);
        for (i, answer) in printed.lines().enumerate() {
            let expected = match outcomes[i] {
                Outcome::Losing => "the player to move loses",
                Outcome::Winning => "the player to move wins",
                Outcome::Draw => "a draw",
            };
            assert!(
                answer.contains(expected),
                "{name}: {} + {}: {answer}",
                names[i / count],
                names[i % count]
            );
        }
    }
}

/// Figure 3.4 as Ferguson describes it, from the reference alone: e is 0, d is 1, and a, b
/// and c are tied.
#[test]
fn figure_3_4_is_as_the_book_says() {
    let (names, moves) = digraph("a>b b>c c>a c>d d>e");
    let outcomes = retrograde(&moves);
    let values = reference_values(&moves);
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    assert_eq!(values[at("e")], LoopyValue::Finite(0));
    assert_eq!(values[at("d")], LoopyValue::Finite(1));
    for v in ["a", "b", "c"] {
        assert_eq!(outcomes[at(v)], Outcome::Draw, "{v}");
    }
}

/// The graphs the error corpus used to refuse for their cycles (tests/errors/digraph_cycle*
/// and digraph_self_loop, before game graphs with cycles were valued) are valued as the
/// reference values them.
#[test]
fn graphs_once_refused_for_their_cycles_are_valued() {
    for text in [
        "a>b a>c b>d d>e e>b c>e",
        "a>b b>c c>d d>b",
        "1>2>3>4>5>6>7>8>9>10>11>12>1 0>5",
        "start>x x>x",
    ] {
        let (names, moves) = digraph(text);
        let reference = reference_values(&moves);
        let mut program = format!("let G = digraph(\"{text}\")\n");
        for vertex in &names {
            program.push_str(&format!("G(\"{vertex}\")\n"));
        }
        let printed = printed_values(&program);
        for (v, vertex) in names.iter().enumerate() {
            assert_eq!(printed[v], reference[v].to_string(), "{text}: {vertex}");
        }
    }
}
