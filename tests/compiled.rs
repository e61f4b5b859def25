//! Family bodies run compiled (src/eval/compile/) answer exactly as the tree-walker does:
//! every generated program (tests/generated/program.rs, the whole language) prints the same
//! answers and the same diagnostics both ways, and so do written families that reach every
//! compiled form and each of its diagnostics.

mod common;
#[path = "generated/program.rs"]
mod program;

use grundy::eval::Session;

fn transcript(program: &str, compiled: bool) -> String {
    let mut session = Session::default();
    for limit in program::SMALL {
        session.set_limit(limit).unwrap();
    }
    session.compile_bodies(compiled);
    // The generated programs write pictures now and then: not into the repository.
    session.allow_writing_files(false);
    let output = common::run_in(&mut session, "test.game", program);
    format!(
        "{}\n{:?}",
        without_bytes_held(&output.transcript),
        output.summary
    )
}

/// The transcript with the bytes held before a statement that passed the `memory` limit left
/// out: the session holds the compiled bodies too, so that figure differs by their size.
fn without_bytes_held(transcript: &str) -> String {
    const HELD: &str = "held before it (";
    let mut out = String::new();
    let mut rest = transcript;
    while let Some(at) = rest.find(HELD) {
        out.push_str(&rest[..at + HELD.len()]);
        rest = rest[at + HELD.len()..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('…');
    }
    out.push_str(rest);
    out
}

fn same_both_ways(program: &str) {
    let walked = transcript(program, false);
    let compiled = transcript(program, true);
    assert_eq!(compiled, walked, "the program:\n{program}");
}

#[test]
fn generated_programs_answer_the_same_compiled() {
    let seed = std::env::var("GRUNDY_COMPILED_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map(|d| d.as_nanos() as u64).unwrap_or(1)
        });
    for index in 0..400u64 {
        let program_seed = seed.wrapping_add(index);
        let program = program::program(program_seed);
        let walked = transcript(&program, false);
        let compiled = transcript(&program, true);
        assert_eq!(
            compiled, walked,
            "program {program_seed} (GRUNDY_COMPILED_SEED={seed}):\n{program}"
        );
    }
}

#[test]
fn each_compiled_form_answers_as_written() {
    let programs = [
        // Arithmetic, conditions, prefixes, chains of sums, calls of one to three arguments.
        "let S(n) = if n <= 0 then 0 else < S(n - k) for k in 1..=3 if k <= n >\nseq(S, 0..20)",
        "let R(i, j) = < R(a, j) for a in 0..i, R(i, b) for b in 0..j >\nnimber(R(9, 5))\nwhy R(3, 2)",
        "let K(n) = < K(a) + K(n - a - k) for k in 1..=2 for a in 0..=n - k >\nseq(K, 0..30)\nmoves K(9)",
        "let T(a, b, c) = < T(a - 1, b, c) for x in [1] if a > 0, *(b % 3) + *c >\nnimber(T(4, 5, 2))",
        "let N(n) = if not (n > 0) then *0 else -(-n) * 0 + *n + N(n - 1)\nnimber(N(6))",
        "let P(n) = < #n, *n, * > + 0\nnimber(P(5))",
        "let B(n) = < B(k) for k in 0..n if k % 2 == 0 and k != 3 or k == 1 >\nseq(B, 0..12)",
        // Names that are not locals: built-ins, library families, a family of another name.
        "let G(n) = < kayles(n), sub(n, {1, 2}), nimber(*n) + 0 > \nnimber(G(7))",
        "let H(n) = chomp([n, 1]) + nimble([n])\nnimber(H(3))",
        "let F = sub({1, 3})\nlet U(n) = < F(n) >\nnimber(U(4))",
        "let V(f, n) = f(n)\nnimber(V(kayles, 5))",
        "let W(p) = < W(p[:i] + p[i + 1:]) for i in 0..len(p) >\nnimber(W([1, 2, 3]))",
        // A name defined after the family that calls it, and a family defined again.
        "let A(n) = < C(k) for k in 0..n >\nlet C(n) = *n\nnimber(A(4))\nlet C(n) = *(n + 1)\nnimber(A(4))",
        // Diagnostics: each from where the tree-walker gives it.
        "let D(n) = < D(n - 1) >\nD(3)",
        "let E(n) = < n >\nE(3)",
        "let E(n) = < 0, E2(n) >\nlet E2(n) = 7\nE(1)",
        "let I(n) = if n then 0 else 1\nI(1)",
        "let J(n) = < J(n, 1) >\nJ(2)",
        "let L(n) = < *2 * n >\nL(3)",
        "let M(n) = < M(k) for k in n >\nM(3)",
        "let O(n) = 9223372036854775807 + n\nO(1)",
        "let Q(n) = < Q(k) for k in 0..n for j in 0..100000 >\nQ(5)",
        "let X(n) = < X(k) for k in 0..n > + nimber\nX(2)",
        "let Y(n) = < *k for k in 0..10**6 >\nY(1)",
        "let Z(n) = not n\nZ(0)",
        // Integer arithmetic run on integers, and where it gives way to the general code:
        // an overflow, a division by zero, a negative exponent, a game or a list where an
        // integer was expected, a range too long.
        "let D2(n) = *((n - 10) / 3 + 5) + *((n - 10) % 3) + *((n ^ 5) & 7 | 8) + *(2 ** n)\nseq(D2, 0..9)",
        "let N2(n) = < N2(k) for k in 0..n if not (k < 2) or k == 0 and -k >= 0 >\nseq(N2, 0..8)",
        "let O2(n) = < O2(n * 9223372036854775807) >\nO2(2)",
        "let O3(n) = < O3(k) for k in 0..n if n / (k - 1) > 0 >\nO3(3)",
        "let P2(n) = < *(n ** -1) >\nP2(2)",
        "let G2(g, n) = < G2(g, k) for k in 0..n if g + 1 > 0 >\nG2(*1, 2)",
        "let G3(g) = < *k for k in 0..g >\nG3(*2)",
        "let G4(g, h) = if g == h then *1 else *2\nnimber(G4(*1, <*0>))\nnimber(G4(3, 3))",
        "let G5(g) = < g + 0, 0 + g, G5(g - 1) for k in 0..1 if g > 0 >\nnimber(G5(*3))\nnimber(G5(2))",
        "let L2(p) = < L2(p - 1) >\nL2([1])",
        "let R2(n) = < *0 for k in 9223372036854775806..=n, *1 for k in n..n - 1 >\nnimber(R2(9223372036854775807))",
        "let R3(n) = < *0 for k in 0..n >\nR3(10**12)",
        "let R4(a, b, c) = < R4(a - 1, b + 1, c * 2) for k in 0..1 if a > 0 > + *c\nnimber(R4(5, -3, 1))",
    ];
    for program in programs {
        same_both_ways(program);
    }
}
