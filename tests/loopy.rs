//! Loopy games against the reference: retrograde analysis of who wins (or that neither can)
//! on the graph itself, and on the product graph of a sum, written plainly here. The
//! generalized Sprague–Grundy values must give exactly those outcomes, for single games, for
//! sums of two graphs and for a graph beside a nim heap (which pins down every nimber: G is
//! worth m exactly when G + *m is lost by the player to move); loop-free graphs get their
//! ordinary nimbers.

mod common;

use grundy::game::Arena;
use grundy::game::loopy::{LoopyValue, Outcome};
use proptest::prelude::*;

/// A graph: vertex v moves to each w in `moves[v]`.
#[derive(Clone, Debug)]
struct Graph {
    moves: Vec<Vec<usize>>,
}

impl Graph {
    fn text(&self) -> String {
        let mut items: Vec<String> = Vec::new();
        for (v, targets) in self.moves.iter().enumerate() {
            items.extend(targets.iter().map(|w| format!("v{v}>v{w}")));
        }
        items.extend((0..self.moves.len()).map(|v| format!("v{v}")));
        items.join(" ")
    }
}

/// Retrograde analysis: a position with no moves is lost; one with a move to a lost position
/// is won; one whose every move goes to a won position is lost; the rest are draws.
fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let count = moves.len();
    let mut outcome: Vec<Option<Outcome>> = vec![None; count];
    loop {
        let mut changed = false;
        for v in 0..count {
            if outcome[v].is_some() {
                continue;
            }
            let to = |w: &usize| outcome[*w];
            if moves[v].iter().any(|w| to(w) == Some(Outcome::Losing)) {
                outcome[v] = Some(Outcome::Winning);
                changed = true;
            } else if moves[v].iter().all(|w| to(w) == Some(Outcome::Winning)) {
                outcome[v] = Some(Outcome::Losing);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::Draw))
        .collect()
}

/// The graph of the sum: position (a, b) moves in one of the two.
fn product(g: &Graph, h: &Graph) -> Vec<Vec<usize>> {
    let width = h.moves.len();
    let mut moves = vec![Vec::new(); g.moves.len() * width];
    for a in 0..g.moves.len() {
        for b in 0..width {
            let at = &mut moves[a * width + b];
            at.extend(g.moves[a].iter().map(|&x| x * width + b));
            at.extend(h.moves[b].iter().map(|&y| a * width + y));
        }
    }
    moves
}

/// A nim heap of `size` as a graph: h_i moves to every h_j, j < i.
fn heap(size: usize) -> Graph {
    Graph {
        moves: (0..=size).map(|i| (0..i).collect()).collect(),
    }
}

fn graph(acyclic: bool) -> impl Strategy<Value = Graph> {
    (1usize..9).prop_flat_map(move |count| {
        proptest::collection::vec(proptest::collection::vec(0..count, 0..4), count).prop_map(
            move |mut moves| {
                if acyclic {
                    for (v, targets) in moves.iter_mut().enumerate() {
                        targets.retain(|&w| w < v);
                    }
                }
                for targets in &mut moves {
                    targets.sort_unstable();
                    targets.dedup();
                }
                Graph { moves }
            },
        )
    })
}

/// Each vertex's value, as the arena finds it.
fn values(arena: &mut Arena, graph: &Graph) -> Vec<grundy::game::GameId> {
    let text = graph.text();
    let id = arena.digraph(&[&text]).unwrap();
    (0..graph.moves.len())
        .map(|v| {
            let vertex = arena.digraph_of(id).find(&format!("v{v}")).unwrap();
            arena.vertex(id, vertex).unwrap()
        })
        .collect()
}

fn naive_nimber(graph: &Graph, v: usize) -> u64 {
    let values: Vec<u64> = graph.moves[v]
        .iter()
        .map(|&w| naive_nimber(graph, w))
        .collect();
    (0..).find(|n| !values.contains(n)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Each vertex's value gives its outcome, draws included.
    #[test]
    fn values_give_the_outcomes(graph in graph(false)) {
        let mut arena = Arena::default();
        let games = values(&mut arena, &graph);
        let outcomes = retrograde(&graph.moves);
        for (v, &game) in games.iter().enumerate() {
            let value = arena.value(game).unwrap();
            prop_assert_eq!(value.outcome(), outcomes[v], "v{} is {}", v, value);
        }
    }

    /// A sum's value, from its parts', gives the outcome of the product graph.
    #[test]
    fn sums_give_the_outcomes_of_the_product(g in graph(false), h in graph(false)) {
        let mut arena = Arena::default();
        let left = values(&mut arena, &g);
        let right = values(&mut arena, &h);
        let outcomes = retrograde(&product(&g, &h));
        for a in 0..g.moves.len() {
            for b in 0..h.moves.len() {
                let sum = arena.sum(&[left[a], right[b]]).unwrap();
                let value = arena.value(sum).unwrap();
                prop_assert_eq!(value.outcome(), outcomes[a * h.moves.len() + b],
                    "v{} + v{} is {}", a, b, value);
            }
        }
    }

    /// G is worth m exactly when G + *m is lost, for every m up to past the largest
    /// nimber; and G is ∞K exactly when no G + *m is lost, with m in K exactly when G has
    /// an option worth m.
    #[test]
    fn nimbers_are_pinned_by_heaps(g in graph(false)) {
        let mut arena = Arena::default();
        let games = values(&mut arena, &g);
        let top = g.moves.len() + 1;
        let beside: Vec<Vec<Outcome>> =
            (0..=top).map(|m| retrograde(&product(&g, &heap(m)))).collect();
        let width = |m: usize| m + 1;
        for (v, &game) in games.iter().enumerate() {
            let value = arena.value(game).unwrap();
            // (v, h_m) is vertex v * (m + 1) + m of the product.
            let lost: Vec<usize> = (0..=top)
                .filter(|&m| beside[m][v * width(m) + m] == Outcome::Losing)
                .collect();
            match &value {
                LoopyValue::Finite(n) => prop_assert_eq!(lost, vec![*n as usize]),
                LoopyValue::Infinite(k) => {
                    prop_assert!(lost.is_empty(), "v{} is {} but loses beside {:?}", v, value, lost);
                    let mut finite: Vec<u64> = g.moves[v]
                        .iter()
                        .filter_map(|&w| arena.value(games[w]).unwrap().finite())
                        .collect();
                    finite.sort_unstable();
                    finite.dedup();
                    prop_assert_eq!(k.to_vec(), finite);
                }
            }
        }
    }

    /// A graph without cycles gets its ordinary nimbers, by the mex rule.
    #[test]
    fn loop_free_graphs_get_their_nimbers(graph in graph(true)) {
        let mut arena = Arena::default();
        let games = values(&mut arena, &graph);
        for (v, &game) in games.iter().enumerate() {
            prop_assert_eq!(arena.value(game).unwrap(), LoopyValue::Finite(naive_nimber(&graph, v)));
        }
    }
}

/// A graph as a grundy list of lists: `[[1, 2], [0], []]`.
fn adjacency(graph: &Graph) -> String {
    let rows: Vec<String> = graph
        .moves
        .iter()
        .map(|targets| {
            let targets: Vec<String> = targets.iter().map(usize::to_string).collect();
            format!("[{}]", targets.join(", "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// `L`, `W` or `D` for each outcome.
fn letters(outcomes: &[Outcome]) -> String {
    outcomes
        .iter()
        .map(|o| match o {
            Outcome::Losing => "L",
            Outcome::Winning => "W",
            Outcome::Draw => "D",
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Loopy families played on two graphs: each call's outcome is the retrograde one; the
    /// sum of two calls, valued from its parts, is worth what the family playing their product
    /// is worth, labelled as a graph of its own; both give the product's outcomes.
    #[test]
    fn loopy_families_agree_with_the_reference(g in graph(false), h in graph(false)) {
        let program = format!(
            "let A = {}\nlet B = {}\n\
             let loopy a(i) = < a(j) for j in A[i] >\n\
             let loopy b(i) = < b(j) for j in B[i] >\n\
             let loopy s(i, j) = < s(k, j) for k in A[i], s(i, k) for k in B[j] >\n\
             let o(x) = if x is losing then \"L\" else if x is draw then \"D\" else \"W\"\n\
             join([o(a(i)) for i in 0..len(A)], \"\")\n\
             join([o(a(i) + b(j)) for i in 0..len(A) for j in 0..len(B)], \"\")\n\
             join([o(s(i, j)) for i in 0..len(A) for j in 0..len(B)], \"\")\n\
             all(a(i) + b(j) == s(i, j) for i in 0..len(A) for j in 0..len(B))",
            adjacency(&g),
            adjacency(&h)
        );
        let answers = common::eval(&program);
        let lines: Vec<&str> = answers.lines().collect();
        let product_outcomes = letters(&retrograde(&product(&g, &h)));
        prop_assert_eq!(lines[0].trim_matches('"'), letters(&retrograde(&g.moves)));
        prop_assert_eq!(lines[1].trim_matches('"'), product_outcomes.as_str());
        prop_assert_eq!(lines[2].trim_matches('"'), product_outcomes.as_str());
        prop_assert_eq!(lines[3], "true");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `moves` lists, from a won position, exactly the moves to positions the mover's
    /// opponent loses; from a draw, exactly the moves to draws; from a lost one, every move.
    #[test]
    fn moves_win_or_keep_the_draw(g in graph(false)) {
        let outcomes = retrograde(&g.moves);
        let text = g.text();
        for v in 0..g.moves.len() {
            let listed = common::eval(&format!("let G = digraph(\"{text}\")\nmoves G(\"v{v}\")"));
            let mut targets: Vec<usize> = listed
                .lines()
                .skip(1)
                .filter_map(|line| line.split(" → ").nth(1))
                // The game asked about is called as typed (`G("v3")`), the others by vertex.
                .map(|to| {
                    let name = to.split(' ').next().unwrap();
                    let name = name.trim_start_matches("G(\"").trim_end_matches("\")");
                    name.trim_start_matches('v').parse().unwrap()
                })
                .collect();
            targets.sort_unstable();
            let kept = |outcome: Outcome| -> Vec<usize> {
                g.moves[v].iter().copied().filter(|&w| outcomes[w] == outcome).collect()
            };
            match outcomes[v] {
                Outcome::Winning => prop_assert_eq!(targets, kept(Outcome::Losing), "v{}: {}", v, listed),
                Outcome::Draw => prop_assert_eq!(targets, kept(Outcome::Draw), "v{}: {}", v, listed),
                // A lost position lists its moves (a loopy one) or says none wins.
                Outcome::Losing => prop_assert!(
                    targets.iter().all(|t| g.moves[v].contains(t)) && listed.contains("loses"),
                    "v{}: {}", v, listed
                ),
            }
        }
    }
}

#[test]
fn fergusons_cycle_is_explained() {
    let graph = "let G = digraph(\"a>b b>c c>a c>d d>e\")\n";
    let why = common::eval(&format!("{graph}why G(\"c\") is draw"));
    assert!(
        why.starts_with("G(\"c\") is draw is true: G(\"c\") ≡ ∞{1}"),
        "{why}"
    );
    assert!(
        why.contains("its option a ≡ ∞ has no move to a position worth 0"),
        "{why}"
    );
    assert!(why.contains("play goes round c → a → b → c"), "{why}");
    let moves = common::eval(&format!("{graph}moves G(\"c\")"));
    assert_eq!(
        moves,
        "G(\"c\") ≡ ∞{1}: a draw: neither player can force a win, play goes on for ever. \
         Moves that keep the draw:\n  G(\"c\") → a ≡ ∞"
    );
    let tree = common::eval(&format!("{graph}tree G(\"a\")"));
    assert!(tree.contains("G(\"a\") ≡ ∞  ↺ back above"), "{tree}");
    let dot = common::eval(&format!("{graph}dot G(\"a\")"));
    assert!(
        dot.contains("g2 -> g0;"),
        "the back edge is drawn once: {dot}"
    );
    // Beside *1, c wins by moving to d + *1.
    let sum = common::eval(&format!("{graph}moves G(\"c\") + *1"));
    assert!(sum.ends_with("G(\"c\") + *1 → d + *1 ≡ 0"), "{sum}");
}

#[test]
fn a_winner_answers_with_the_zero_settled_first() {
    // a ⇄ b, b → c: b wins by moving to c (settled at once) or to a (settled after c).
    let moves = common::eval("let H = digraph(\"a>b b>a b>c\")\nmoves H(\"b\")");
    assert!(
        moves.contains("H(\"b\") → c ≡ 0  (settled earliest"),
        "{moves}"
    );
    assert!(
        moves.contains("H(\"b\") → a ≡ 0\n") || moves.ends_with("H(\"b\") → a ≡ 0"),
        "{moves}"
    );
}

#[test]
fn misere_play_of_a_loopy_game_is_refused() {
    let output = common::run("let G = digraph(\"a>b b>a\")\nmisere G(\"a\")");
    assert!(
        output.errors[0].contains("misère play of a game that can go on for ever"),
        "{}",
        output.errors[0]
    );
}
